"""Load the built-in deck files beside this module once, validating them as user decks are."""

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import DeckGone, UnknownDeck
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


_ADDED: dict[str, Deck] = {}
# Every deck this process has been given, by content hash: what running games look their cards up in.
_BY_DIGEST: dict[str, Deck] = {}


def add_deck(deck: Deck) -> None:
    """Make a deck known to this process: a user deck by its id, and any deck by its content hash."""
    if deck.id not in builtin_decks():
        _ADDED[deck.id] = deck
    _BY_DIGEST[deck.digest] = deck


def known_decks() -> dict[str, Deck]:
    return {**builtin_decks(), **_ADDED}


def get_deck(deck_id: str) -> Deck:
    """:raises UnknownDeck:"""
    try:
        return builtin_decks().get(deck_id) or _ADDED[deck_id]
    except KeyError:
        raise UnknownDeck(f"There is no deck {deck_id!r}.", deck=deck_id) from None


def deck_in_play(deck_id: str, digest: str) -> Deck:
    """Return the deck a game was set up with: the same id and the same content hash.

    :raises DeckGone: when this process does not have that deck (the caller may load it and retry).
    """
    deck = builtin_decks().get(deck_id) or _ADDED.get(deck_id)
    if deck is not None and deck.digest == digest:
        return deck
    found = _BY_DIGEST.get(digest)
    if found is None or found.id != deck_id:
        raise DeckGone(f"The deck {deck_id!r} this game plays ({digest}) is not available.", deck=deck_id,
                       digest=digest)
    return found


def knows(deck_id: str, digest: str) -> bool:
    try:
        deck_in_play(deck_id, digest)
    except DeckGone:
        return False
    return True
