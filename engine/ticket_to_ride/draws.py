"""Drawing train cards: two a turn from the pile or the face-up display, only one if it is a face-up locomotive."""

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import LOCOMOTIVE, Board
from engine.ticket_to_ride.cards import train_card
from engine.ticket_to_ride.choices import draws
from engine.ticket_to_ride.steps import SECOND_CARD
from engine.ticket_to_ride.turn import end_turn


def draw_deck(board: Board, state: State, seat: int, rng: Rng, events: list[Event]) -> None:
    card = deck.draw(state, rng, events)
    if card is None:
        raise IllegalAction("There is no train card left to draw.")
    state["hands"][seat].append(card)
    events.append({"type": "card_drawn", "seat": seat, "source": "deck"})
    events.append({"type": "card_received", "seat": seat, "to": [seat], "card": train_card(state, card)})
    _after_draw(board, state, seat, rng, events, ends_turn=state["step"] == SECOND_CARD)


def draw_faceup(board: Board, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
    card = action.get("card")
    if not isinstance(card, str):
        raise MalformedAction("draw_faceup names the `card` (its id) among the face-up cards.")
    if card not in state["faceup"]:
        raise IllegalAction(f"Card {card!r} is not face up.", faceup=list(state["faceup"]))
    locomotive = state["cards"][card] == LOCOMOTIVE
    second = state["step"] == SECOND_CARD
    if locomotive and second:
        raise IllegalAction("A face-up locomotive cannot be your second card.")
    state["faceup"].remove(card)
    state["hands"][seat].append(card)
    events.append({"type": "card_drawn", "seat": seat, "source": "faceup", "colour": state["cards"][card]})
    events.append({"type": "card_received", "seat": seat, "to": [seat], "card": train_card(state, card)})
    deck.refill(state, rng, events)
    _after_draw(board, state, seat, rng, events, ends_turn=second or locomotive)


def _after_draw(board: Board, state: State, seat: int, rng: Rng, events: list[Event], ends_turn: bool) -> None:
    if not ends_turn:
        state["step"] = SECOND_CARD
        if draws(state, second=True):
            return
        events.append({"type": "no_second_card", "seat": seat})
    end_turn(board, state, seat, rng, events)
