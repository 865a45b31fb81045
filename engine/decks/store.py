"""Load the built-in deck files beside this module once, validating them as user decks are."""

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import UnknownDeck
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


def add_deck(deck: Deck) -> None:
    """Make a user deck known to this process (user decks are content-addressed, so an id never changes meaning)."""
    _ADDED[deck.id] = deck


def known_decks() -> dict[str, Deck]:
    return {**builtin_decks(), **_ADDED}


def get_deck(deck_id: str) -> Deck:
    """:raises UnknownDeck:"""
    try:
        return builtin_decks().get(deck_id) or _ADDED[deck_id]
    except KeyError:
        raise UnknownDeck(f"There is no deck {deck_id!r}.", deck=deck_id) from None
