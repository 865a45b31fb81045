"""The built-in deck files beside this module, loaded once and validated as user decks are; and the deck a rule
plays, which is the one its caller gave or one built in, never one found elsewhere."""

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


def get_deck(deck_id: str, given: Deck | None = None) -> Deck:
    """Return the deck a new game or print names: `given` when it is that deck, else the built-in one.

    :raises UnknownDeck:
    """
    if given is not None and given.id == deck_id:
        return given
    found = builtin_decks().get(deck_id)
    if found is None:
        raise UnknownDeck(
            f"There is no deck {deck_id!r} (built in: {', '.join(builtin_ids())}; or an uploaded deck's id).",
            deck=deck_id,
            choices=list(builtin_ids()),
        )
    return found


def deck_in_play(deck_id: str, digest: str, given: Deck | None = None) -> Deck:
    """Return the deck a game was set up with (the same id and content hash): `given`, or the built-in one.

    :raises DeckGone: when neither is that deck (the caller may find it and pass it).
    """
    for deck in (given, builtin_decks().get(deck_id)):
        if deck is not None and deck.id == deck_id and deck.digest == digest:
            return deck
    raise DeckGone(f"The deck {deck_id!r} this game plays ({digest}) is not available.", deck=deck_id, digest=digest)
