"""Rules of a game played with a deck: bound to the deck their caller passes, or playing a built-in one."""

from typing import Any

from engine.core.protocol import Game, State
from engine.decks.model import Deck
from engine.decks.store import deck_in_play, get_deck


class DeckGame(Game):
    """A game whose state names its deck by id and content hash; `playing(deck)` gives the rules for that deck."""

    def __init__(self, deck: Deck | None = None) -> None:
        self.deck = deck

    def playing(self, deck: Any) -> "DeckGame":
        if deck is None or deck is self.deck:
            return self
        assert isinstance(deck, Deck), "a deck game plays a Deck"
        return type(self)(deck)

    def deck_of(self, state: State) -> Deck:
        """:raises DeckGone: unless this game was given its deck, or plays a built-in one."""
        return deck_in_play(state["deck"], state["deck_hash"], self.deck)

    def new_deck(self, deck_id: str) -> Deck:
        """:raises UnknownDeck: unless this game was given that deck, or it is built in."""
        return get_deck(deck_id, self.deck)

    def deck_in_play(self, state: State) -> tuple[str, str]:
        return state["deck"], state["deck_hash"]
