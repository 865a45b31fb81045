"""The card faces a game's events show, so storage can keep events and logs short (api.storage.card_refs).

Only Timeline and Chronology show cards from a deck; their events name the deck's cards as the rules show them.
"""

from collections.abc import Callable
from typing import Any

from api.storage.card_refs import CardFaces
from api.storage.deck_cache import held_deck
from engine.chronology import table as chronology
from engine.core.errors import DeckGone
from engine.decks.model import Deck
from engine.timeline import faces as timeline


def _timeline(deck: Deck, language: str) -> CardFaces:
    return CardFaces(
        deck.index, lambda card: (timeline.front(deck, language, card), timeline.revealed(deck, language, card))
    )


def _chronology(deck: Deck, language: str) -> CardFaces:
    table = {"language": language}
    return CardFaces(
        deck.index,
        lambda card: (
            chronology.front(deck, table, deck.cards[card].id),
            chronology.revealed(deck, table, deck.cards[card].id),
        ),
    )


_FACES: dict[str, Callable[[Deck, str], CardFaces]] = {"timeline": _timeline, "chronology": _chronology}


def event_table(game_type: str, state: dict[str, Any]) -> dict[str, Any] | None:
    """The little of a state its events' card faces depend on (None: the game's events show no card faces)."""
    if game_type not in _FACES:
        return None
    return {"deck": state["deck"], "deck_hash": state["deck_hash"], "language": state["language"]}


def card_faces(game_type: str, table: dict[str, Any] | None) -> CardFaces | None:
    """The faces for a table from `event_table`, from the deck this process holds (the caller made it playable).

    :raises DeckGone: when this process does not hold the table's deck.
    """
    make = _FACES.get(game_type)
    if make is None or table is None:
        return None
    deck = held_deck(table["deck"], table["deck_hash"])
    if deck is None:
        raise DeckGone(f"The deck {table['deck']!r} these events show is not available.", deck=table["deck"])
    return make(deck, table["language"])
