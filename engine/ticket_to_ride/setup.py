"""Set-up: deal four train cards to each player, lay five face up, offer each one long and three regular tickets."""

from typing import Any

from engine.core.protocol import State
from engine.core.rng import Rng
from engine.ticket_to_ride import cards as deck
from engine.ticket_to_ride.board import Board
from engine.ticket_to_ride.steps import INITIAL

START_HAND = 4
START_LONG, START_REGULAR = 1, 3


def set_up(board: Board, players: int, options: dict[str, Any], seed: int) -> State:
    """Return the state in which every player chooses the tickets to keep."""
    rng = Rng(seed)
    train_cards = deck.new_deck(board, rng)
    pile = sorted(train_cards)
    rng.shuffle(pile)
    hands = [[pile.pop() for _ in range(START_HAND)] for _ in range(players)]
    long = sorted(t for t, ticket in board.tickets.items() if ticket.long)
    regular = sorted(t for t, ticket in board.tickets.items() if not ticket.long)
    rng.shuffle(long)
    rng.shuffle(regular)
    offers = [[long.pop(), *(regular.pop() for _ in range(START_REGULAR))] for _ in range(players)]
    state: State = {
        "players": players,
        # The first seat is in `active` and the language only in the match's options (the view keeps ids); the
        # view shows the rest of the options, as before those options existed.
        "options": {name: value for name, value in options.items() if name not in ("first", "language")},
        "cards": train_cards,
        "deck": pile,
        "faceup": [],
        "discard": [],
        "hands": hands,
        "ticket_deck": regular,
        # Long tickets nobody was dealt, and every ticket returned at set-up, go back to the box unseen.
        "ticket_box": long,
        "offers": offers,
        "kept": [[] for _ in range(players)],
        "claims": {},
        "stations": {},
        "trains": [board.trains] * players,
        "step": INITIAL,
        "active": options.get("first", 0),
        "turn": 0,
        "tunnel": None,
        "final_turns": None,
        "final_trigger": None,
        "passes": 0,
        "result": None,
        "rng": rng.to_state(),
    }
    deck.refill(state, rng, [])
    state["rng"] = rng.to_state()
    return state
