"""Set-up: number and deal the cards, shuffle the events, lay out the receipts and start the first round."""

from typing import Any

from engine.around_the_world.board import Board
from engine.around_the_world.phases import TAKE
from engine.around_the_world.rounds import start_round
from engine.core.protocol import State
from engine.core.rng import Rng


def set_up(board: Board, players: int, options: dict[str, Any], seed: int) -> State:
    """Return the state of the first turn of the first round."""
    rng = Rng(seed)
    travel_ids = [f"T{i + 1:02d}" for i in range(len(board.travel_cards))]
    names = [kind.name for kind in board.events.values() for _ in range(kind.copies)]
    event_ids = [f"E{i + 1:02d}" for i in range(len(names))]
    deck = list(travel_ids)
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(board.supply["start_hand"])] for _ in range(players)]
    events = list(event_ids)
    # The two-player game plays without Beziehungen (the connection card).
    pairs = zip(event_ids, names, strict=True)
    box = [card for card, name in pairs if name == "connection"] if players == 2 else []
    events = [card for card in events if card not in box]
    rng.shuffle(events)
    red, blue = list(board.receipt_mix), list(board.receipt_mix)
    rng.shuffle(red)
    rng.shuffle(blue)
    state: State = {
        "players": players,
        "travel_cards": {
            card: {"kind": kind, "days": days}
            for card, (kind, days) in zip(travel_ids, board.travel_cards, strict=True)
        },
        "event_cards": dict(zip(event_ids, names, strict=True)),
        "travel_deck": deck,
        "travel_discard": [],
        "display": [],
        "event_deck": events,
        "event_discard": [],
        "event_box": box,
        "hands": hands,
        "event_hands": [[] for _ in range(players)],
        "positions": [0] * players,
        "days": [0] * players,
        "gold": [board.supply["start_gold"]] * players,
        "arrivals": [],
        "arrival_rounds": [None] * players,
        "receipts": {loc: {"red": r, "blue": b} for loc, r, b in zip(board.locations[1:], red, blue, strict=True)},
        "receipts_taken": [[] for _ in range(players)],
        "detective": board.supply["detective_start"],
        "round": 1,
        "start": options.get("first", 0),
        "order": [],
        "turn_index": 0,
        "watch": None,
        "phase": TAKE,
        "turn": None,
        "roll": None,
        "rng": rng.to_state(),
    }
    start_round(board, state, rng)
    state["rng"] = rng.to_state()
    return state
