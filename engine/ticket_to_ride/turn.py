"""The end of a turn: refill the display, start the final round when it is due, end the game or pass the turn on."""

from engine.core.errors import IllegalAction
from engine.core.leaving import resigned_last
from engine.core.protocol import Event, State
from engine.core.rng import Rng
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import Board
from engine.ticket_to_ride.choices import legal_actions
from engine.ticket_to_ride.scoring import final_result
from engine.ticket_to_ride.steps import OVER, TURN

FINAL_ROUND_TRAINS = 2


def pass_turn(board: Board, state: State, seat: int, rng: Rng, events: list[Event]) -> None:
    if legal_actions(board, state, seat) != [{"type": "pass"}]:
        raise IllegalAction("You may pass only when you can do nothing else.")
    events.append({"type": "passed", "seat": seat})
    end_turn(board, state, seat, rng, events, passed=True)


def end_turn(board: Board, state: State, seat: int, rng: Rng, events: list[Event], passed: bool = False) -> None:
    deck.refill(state, rng, events)
    state["passes"] = state["passes"] + 1 if passed else 0
    if state["final_turns"] is not None:
        state["final_turns"] -= 1
    elif state["trains"][seat] <= FINAL_ROUND_TRAINS:
        state["final_turns"], state["final_trigger"] = state["players"], seat
        events.append({"type": "final_round", "seat": seat, "trains_left": state["trains"][seat], "reason": "trains"})
    elif not map_open(board, state):
        state["final_turns"], state["final_trigger"] = state["players"], seat
        events.append({"type": "final_round", "seat": seat, "reason": "no route can be claimed"})
    if state["final_turns"] == 0 or state["passes"] >= state["players"]:
        game_over(board, state, events)
        return
    state["active"] = (state["active"] + 1) % state["players"]
    state["step"] = TURN
    state["turn"] += 1
    if state["active"] in state.get("resigned", ()):
        # A seat that resigned passes at once: its turns count towards the final round and a round of passes.
        end_turn(board, state, state["active"], rng, events, passed=True)
        return
    events.append({"type": "turn_started", "seat": state["active"], "turn": state["turn"]})


def skip_resigned(board: Board, state: State, rng: Rng, events: list[Event]) -> None:
    """Pass the turn of an active seat that has resigned (the first turn after the tickets are kept)."""
    if state["step"] == TURN and state["active"] in state.get("resigned", ()):
        end_turn(board, state, state["active"], rng, events, passed=True)


def map_open(board: Board, state: State) -> bool:
    """Whether any player could still claim some route, cards aside: `claimable` is None for some seat and route
    (asked without writing every refusal, at every turn)."""
    claims, trains = state["claims"], state["trains"]
    one_track = state["players"] <= 3
    for route_id, length, _, _, sibling, _, _ in board.tracks:
        if route_id in claims:
            continue
        other_owner = None if sibling is None else claims.get(sibling)
        for seat, left in enumerate(trains):
            if left >= length and (other_owner is None or (not one_track and other_owner != seat)):
                return True
    return False


def game_over(board: Board, state: State, events: list[Event]) -> None:
    state["step"] = OVER
    state["result"] = resigned_last(final_result(board, state), state)
    totals = {s["seat"]: s["score"] for s in state["result"]["standings"]}
    events.append(
        {
            "type": "game_over",
            "winners": state["result"]["winners"],
            "scores": [totals[s] for s in range(state["players"])],
        }
    )
