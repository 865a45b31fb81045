"""Destination tickets: keeping some of those offered (at set-up and later) and drawing three more."""

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng
from engine.ticket_to_ride.board import Board
from engine.ticket_to_ride.choices import LATER_KEEP, START_KEEP
from engine.ticket_to_ride.steps import INITIAL, TICKETS, TURN
from engine.ticket_to_ride.turn import end_turn

DRAW_TICKETS = 3


def keep_tickets(board: Board, state: State, seat: int, action: Action, rng: Rng, events: list[Event]) -> None:
    chosen = action.get("tickets")
    if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
        raise MalformedAction("keep_tickets names `tickets`: a list of ticket ids from your offer.")
    offer = state["offers"][seat]
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(offer):
        raise IllegalAction("Keep tickets from your offer, each once.", offer=sorted(offer))
    initial = state["step"] == INITIAL
    keep = min(START_KEEP if initial else LATER_KEEP, len(offer))
    if len(chosen) < keep:
        raise IllegalAction(f"Keep at least {keep} of the tickets offered.")
    returned = [t for t in offer if t not in chosen]
    state["kept"][seat].extend(t for t in offer if t in chosen)
    state["offers"][seat] = []
    if initial:
        state["ticket_box"].extend(returned)
    else:
        state["ticket_deck"][:0] = returned  # returned tickets go under the pile
    events.append({"type": "tickets_kept", "seat": seat, "kept": len(chosen), "returned": len(returned)})
    events.append(
        {
            "type": "your_tickets",
            "seat": seat,
            "to": [seat],
            "kept": [board.tickets[t].public() for t in offer if t in chosen],
            "returned": returned,
        }
    )  # ids only: the owner saw them, nobody holds them now
    if initial:
        if not any(state["offers"]):
            state["step"] = TURN
            state["turn"] = 1
            events.append({"type": "turn_started", "seat": state["active"], "turn": 1})
    else:
        end_turn(board, state, seat, rng, events)


def draw_tickets(board: Board, state: State, seat: int, events: list[Event]) -> None:
    if not state["ticket_deck"]:
        raise IllegalAction("The ticket pile is empty.")
    drawn = [state["ticket_deck"].pop() for _ in range(min(DRAW_TICKETS, len(state["ticket_deck"])))]
    state["offers"][seat] = drawn
    state["step"] = TICKETS
    events.append({"type": "tickets_drawn", "seat": seat, "count": len(drawn)})
    events.append(
        {"type": "tickets_offered", "seat": seat, "to": [seat], "tickets": [board.tickets[t].public() for t in drawn]}
    )
