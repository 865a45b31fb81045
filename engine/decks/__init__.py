"""Decks of cards as data: dated (a year, BC negative) or ordinal (a position within a story's groups)."""

from engine.decks.model import Card, Deck, DeckError
from engine.decks.store import add_deck, builtin_decks, deck_in_play, get_deck, known_decks

__all__ = ["Card", "Deck", "DeckError", "add_deck", "builtin_decks", "deck_in_play", "get_deck", "known_decks"]
