"""How Timeline's views and events show a card: its front, or its front with its key once turned over."""

from typing import Any

from engine.decks.model import Deck


def front(deck: Deck, language: str, card: int) -> dict[str, Any]:
    return dict(deck.fronts(language)[card])


def revealed(deck: Deck, language: str, card: int) -> dict[str, Any]:
    return {**deck.fronts(language)[card], "key": list(deck.keys[card]), "label": deck.labels(language)[card]}
