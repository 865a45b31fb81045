"""The round: London's pressure, the cards laid out, the order of turns, the start player and the game's end."""

from engine.around_the_world.board import Board
from engine.around_the_world.choices import take_actions
from engine.around_the_world.outcome import game_ends, result
from engine.around_the_world.phases import OVER, TAKE, TRAVEL
from engine.around_the_world.table import lose_days, travelling
from engine.around_the_world.view import display_view
from engine.core.leaving import resigned_last
from engine.core.protocol import Event, State
from engine.core.rng import Rng


def start_round(board: Board, state: State, rng: Rng) -> list[Event]:
    events: list[Event] = [{"type": "round_started", "round": state["round"], "start_player": state["start"]}]
    first_home = min((r for r in state["arrival_rounds"] if r is not None), default=None)
    if first_home is not None and first_home < state["round"]:
        events += lose_days(state, travelling(state), board.supply["london_pressure_days"], "london")
    players = travelling(state)
    count = board.display_size(len(players)) if state["players"] > 2 else board.supply["display"]["2"]
    display = []
    for space in board.supply["spaces"][:count]:
        if not state["travel_deck"] and state["travel_discard"]:
            state["travel_deck"], state["travel_discard"] = state["travel_discard"], []
            rng.shuffle(state["travel_deck"])
            events.append({"type": "travel_deck_reshuffled", "count": len(state["travel_deck"])})
        display.append({"space": space, "card": state["travel_deck"].pop() if state["travel_deck"] else None})
    state["display"] = display
    events.append({"type": "cards_laid_out", "display": display_view(state)})
    start = state["start"]
    state["order"] = sorted(players, key=lambda s: (s - start) % state["players"])
    state["turn_index"] = 0
    state["watch"] = None
    return events + _begin_turn(board, state)


def _begin_turn(board: Board, state: State) -> list[Event]:
    seat = state["order"][state["turn_index"]]
    state["turn"] = {
        "seat": seat,
        "space": None,
        "balloon": False,
        "balloon_used": False,
        "travels": 0,
        "allowed": 1,
        "receipts": [],
    }
    state["phase"] = TAKE if take_actions(board, state, seat) else TRAVEL
    return [{"type": "turn_started", "seat": seat, "phase": state["phase"]}]


def next_turn(board: Board, state: State, rng: Rng) -> list[Event]:
    state["turn_index"] += 1
    gone = (*state["arrivals"], *state.get("resigned", ()))
    while state["turn_index"] < len(state["order"]) and state["order"][state["turn_index"]] in gone:
        state["turn_index"] += 1
    if state["turn_index"] < len(state["order"]):
        return _begin_turn(board, state)
    return _end_round(board, state, rng)


def _end_round(board: Board, state: State, rng: Rng) -> list[Event]:
    left = [slot["card"] for slot in state["display"] if slot["card"] is not None]
    state["travel_discard"] += left
    state["display"] = []
    events: list[Event] = [{"type": "round_ended", "round": state["round"], "discarded": len(left)}]
    if game_ends(state):
        state["phase"], state["turn"] = OVER, None
        final = resigned_last(result(board, state), state)
        return [
            *events,
            {
                "type": "game_over",
                "winners": final["winners"],
                "decided_by": final["decided_by"],
                "days": list(state["days"]),
            },
        ]
    players = travelling(state)
    watch = state["watch"]
    if watch is not None and watch in players:
        state["start"] = watch
    else:
        # Without the watch the start passes to the left, to the next player still travelling.
        state["start"] = min(players, key=lambda s: (s - state["start"] - 1) % state["players"])
    state["round"] += 1
    return events + start_round(board, state, rng)
