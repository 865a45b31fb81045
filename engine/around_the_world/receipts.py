"""Receipts: taking them on arrival, the gold and +1 acting at once, and the draws a player may take or decline."""

from engine.around_the_world.board import Board
from engine.around_the_world.phases import RECEIPT, TRAVEL
from engine.around_the_world.table import gain_gold, give_event, give_travel, lose_days
from engine.core.errors import IllegalAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng

# The Czech text: the player "může líznout" (may draw) the top travel or event card.
DRAWS = {"travel": "travel_deck", "event": "event_deck"}
DISCARDS = {"travel": "travel_discard", "event": "event_discard"}


def take_receipts(state: State, board: Board, rng: Rng, seat: int, location: str) -> list[Event]:
    """The first player to reach a location takes its red receipt, the last its blue; a draw waits for a choice."""
    chips = state["receipts"][location]
    position = state["positions"][seat]
    events: list[Event] = []
    taken = []
    if chips["red"] is not None:
        taken.append(("red", chips["red"]))
        chips["red"] = None
    if chips["blue"] is not None and all(p >= position for p in state["positions"]):
        taken.append(("blue", chips["blue"]))
        chips["blue"] = None
    for colour, kind in taken:
        receipt = {"location": location, "colour": colour, "kind": kind}
        state["receipts_taken"][seat].append(receipt)
        events.append({"type": "receipt_taken", "seat": seat, **receipt})
        if kind == "gold":
            events += gain_gold(state, board, seat, "receipt")
        elif kind in DRAWS and can_draw(state, kind):
            state["turn"].setdefault("receipts", []).append(receipt)
        elif kind in DRAWS:
            events += _draw(state, board, rng, seat, kind)  # nothing to draw: say so, as a forced draw would
        else:
            others = [s for s in range(state["players"]) if s != seat]
            events += lose_days(state, others, 1, "receipt")
    if pending(state):
        state["phase"] = RECEIPT
    return events


def pending(state: State) -> list[dict]:
    """Receipts whose draw the player has not yet taken or declined, oldest first."""
    turn = state["turn"]
    return turn.get("receipts", []) if turn else []


def can_draw(state: State, kind: str) -> bool:
    return bool(state[DRAWS[kind]] or state[DISCARDS[kind]])


def receipt_actions(state: State) -> list[Action]:
    kind = pending(state)[0]["kind"]
    draws = [{"type": "draw_receipt"}] if can_draw(state, kind) else []
    return [*draws, {"type": "decline_receipt"}]


def draw_receipt(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    receipt = pending(state)[0]
    if not can_draw(state, receipt["kind"]):
        raise IllegalAction(f"No {receipt['kind']} card is left to draw; decline the receipt instead.")
    state["turn"]["receipts"].pop(0)
    return _draw(state, board, rng, seat, receipt["kind"]) + _settled(state)


def _draw(state: State, board: Board, rng: Rng, seat: int, kind: str) -> list[Event]:
    if kind == "travel":
        return give_travel(state, rng, seat, 1, "receipt")
    return give_event(state, board, rng, seat, "receipt")


def decline_receipt(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    receipt = state["turn"]["receipts"].pop(0)
    return [{"type": "receipt_declined", "seat": seat, **receipt}, *_settled(state)]


def _settled(state: State) -> list[Event]:
    if not pending(state):
        state["phase"] = TRAVEL
    return []
