"""Decks of cards as data: dated (a year, BC negative) or ordinal (a position within a story's groups)."""

from engine.decks.model import Card, Deck, DeckError
from engine.decks.store import builtin_decks, deck_in_play, get_deck

__all__ = ["Card", "Deck", "DeckError", "builtin_decks", "deck_in_play", "get_deck"]
