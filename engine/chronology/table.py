"""What lies on the table: common decks, players' stacks and chronologies, how cards show, what fits."""

from typing import Any

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, State
from engine.decks.model import Card, Deck

# A card's date side; nobody sees it before the card lies in a chronology.
DATE_FIELDS = {"year", "label"}


def card_of(deck: Deck, card_id: str) -> Card:
    return deck.cards[deck.index[card_id]]


def year_of(deck: Deck, card_id: str) -> int:
    year = card_of(deck, card_id).year
    assert year is not None
    return year


def front(deck: Deck, state: State, card_id: str) -> dict[str, Any]:
    """A card as everyone sees it before it lies in a chronology, in the game's language (`state` or its table)."""
    position = deck.index[card_id]
    return {"id": card_id, "title": deck.titles(state["language"])[position], "colour": deck.cards[position].colour}


def revealed(deck: Deck, state: State, card_id: str) -> dict[str, Any]:
    position = deck.index[card_id]
    return {
        **front(deck, state, card_id),
        "year": deck.cards[position].year,
        "label": deck.labels(state["language"])[position],
    }


def in_play(deck: Deck, state: State) -> list[str]:
    """Every card of the colours this game plays with."""
    return [card.id for card in deck.cards if card.colour in state["colours"]]


def fits(deck: Deck, state: State, seat: int, card_id: str, gap: int) -> bool:
    """A placement is correct when the years still never go down (an equal year goes on either side)."""
    years = [year_of(deck, c) for c in state["chronologies"][seat]]
    year = year_of(deck, card_id)
    return (gap == 0 or years[gap - 1] <= year) and (gap == len(years) or year <= years[gap])


def players(state: State) -> range:
    return range(len(state["stacks"]))


def pile(state: State, seat: int | None, colour: str) -> list[str]:
    """The stack of `colour` of `seat`, or the common deck of `colour` when `seat` is None; the top is last."""
    return state["common"][colour] if seat is None else state["stacks"][seat][colour]


def pile_name(seat: int | None, colour: str) -> str:
    return f"The common {colour} deck" if seat is None else f"Seat {seat}'s {colour} stack"


def cards_left(state: State, seat: int) -> int:
    return sum(len(stack) for stack in state["stacks"][seat].values())


def colour_of(state: State, action: Action) -> str:
    """:raises MalformedAction: unless the action names a colour in play."""
    colour = action.get("colour")
    if not isinstance(colour, str) or colour not in state["colours"]:
        raise MalformedAction(f"Name a `colour` in play: {', '.join(state['colours'])}.")
    return colour


def seat_of(state: State, value: Any, common: bool = True) -> int | None:
    """Read a seat number (None: the common deck, where `common` allows it).

    :raises MalformedAction:
    """
    if value is None and common:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in players(state):
        allowed = " or null for the common deck" if common else ""
        raise MalformedAction(f"A `seat` is a seat number 0-{len(state['stacks']) - 1}{allowed}.")
    return value


def top_of(state: State, seat: int | None, colour: str, purpose: str) -> str:
    """:raises IllegalAction: when the pile is empty, saying what could not be done."""
    cards = pile(state, seat, colour)
    if not cards:
        raise IllegalAction(
            f"{pile_name(seat, colour)} is empty: there is no top card to {purpose}.", seat=seat, colour=colour
        )
    return cards[-1]
