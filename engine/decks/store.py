"""Load the built-in deck files beside this module once, validating them as user decks are."""

import json
from functools import cache
from pathlib import Path

from engine.core.errors import UnknownDeck
from engine.decks.model import Deck
from engine.decks.parse import parse_deck

DATA = Path(__file__).parent / "data"


@cache
def builtin_decks() -> dict[str, Deck]:
    decks = {}
    for path in sorted(DATA.glob("*.json")):
        deck = parse_deck(json.loads(path.read_text(encoding="utf-8")))
        decks[deck.id] = deck
    return decks


def get_deck(deck_id: str) -> Deck:
    """:raises UnknownDeck:"""
    try:
        return builtin_decks()[deck_id]
    except KeyError:
        raise UnknownDeck(f"There is no deck {deck_id!r}.", deck=deck_id) from None
