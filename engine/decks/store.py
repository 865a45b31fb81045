"""Load the built-in deck files beside this module once, validating them as user decks are."""

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import DeckGone, UnknownDeck
from engine.decks.cache import DeckCache
from engine.decks.model import Deck
from engine.decks.parse import parse_deck

DATA = Path(__file__).parent / "data"


@cache
def _builtin() -> dict[str, tuple[Deck, dict[str, Any]]]:
    decks = {}
    for path in sorted(DATA.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        deck = parse_deck(doc)
        decks[deck.id] = (deck, doc)
    return decks


def builtin_ids() -> list[str]:
    """Return the built-in decks' ids without loading them: each file is named after its deck (a test checks)."""
    return [path.stem for path in sorted(DATA.glob("*.json"))]


@cache
def builtin_decks() -> dict[str, Deck]:
    return {deck_id: deck for deck_id, (deck, _) in _builtin().items()}


def builtin_document(deck_id: str) -> dict[str, Any] | None:
    """Return a built-in deck's file content, or None."""
    found = _builtin().get(deck_id)
    return None if found is None else found[1]


# The decks this process was given beyond the built-in ones (user decks, and built-in decks as running games began
# with them): by id and by content hash, within a byte budget (configure_cache).
CACHE = DeckCache()


def configure_cache(limit: int) -> None:
    """Set how many bytes of decks this process may hold beyond its built-in ones."""
    CACHE.limit = limit


def add_deck(deck: Deck, keep_for: float | None = None) -> None:
    """Make a deck known to this process, for at most `keep_for` seconds: a user deck by id, any by content hash."""
    CACHE.add(deck, keep_for, by_id=deck.id not in builtin_decks())


def forget_deck(deck_id: str) -> None:
    """Drop a user deck its store no longer has."""
    CACHE.forget(deck_id)


def find_deck(deck_id: str) -> Deck | None:
    """Return a built-in deck, or a user deck this process holds, or None."""
    return builtin_decks().get(deck_id) or CACHE.by_id(deck_id)


def known_decks() -> dict[str, Deck]:
    """Return the built-in decks and the user decks this process holds now."""
    held = {deck_id: CACHE.by_id(deck_id) for deck_id in CACHE.ids()}
    return {**builtin_decks(), **{deck_id: deck for deck_id, deck in held.items() if deck is not None}}


def get_deck(deck_id: str) -> Deck:
    """:raises UnknownDeck:"""
    found = find_deck(deck_id)
    if found is None:
        raise UnknownDeck(
            f"There is no deck {deck_id!r} (built in: {', '.join(builtin_ids())}; or an uploaded deck's id).",
            deck=deck_id,
            choices=list(builtin_ids()),
        )
    return found


def deck_in_play(deck_id: str, digest: str) -> Deck:
    """Return the deck a game was set up with: the same id and the same content hash.

    :raises DeckGone: when this process does not have that deck (the caller may load it and retry).
    """
    deck = find_deck(deck_id)
    if deck is not None and deck.digest == digest:
        return deck
    found = CACHE.by_digest(digest)
    if found is None or found.id != deck_id:
        raise DeckGone(
            f"The deck {deck_id!r} this game plays ({digest}) is not available.", deck=deck_id, digest=digest
        )
    return found


def knows(deck_id: str, digest: str) -> bool:
    try:
        deck_in_play(deck_id, digest)
    except DeckGone:
        return False
    return True
