"""The strong bot: the medium bot's likely choices, each tried in a few dealt worlds (the cards it cannot see dealt
at random, the dice to come from a fresh seed) and played on by the medium bot for every traveller, judged by the
days each traveller may expect to be home in."""

from typing import TYPE_CHECKING

from engine.around_the_world.board import Board
from engine.around_the_world.bots import GreedyBot, best_cost, threshold
from engine.core.protocol import Action, State
from engine.core.search import Budget, SearchBot

if TYPE_CHECKING:
    from engine.core.protocol import Game

CANDIDATES = 4
# 4 candidates x 5 worlds x 20 moves: about 0.1 s of CPU at six travellers (bench/bench_bots.py).
BUDGET = Budget(worlds=5, horizon=20, moves=430)
HAND_DAYS = 0.3
GOLD_DAYS = 0.3


def candidates(greedy: GreedyBot, board: Board, state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The medium bot's choice first, then the others worth a look in this phase."""
    first = greedy.act(board, state, seat, actions)
    phase = state["phase"]
    if phase == "take":
        takes = [a for a in actions if a["type"] != "buy"]
        others = sorted(takes, key=lambda a: -greedy._take_value(state, board, seat, a))
    elif phase == "travel":
        kinds = ("travel", "end_turn", "play_event", "buy")
        others = [
            next(a for a in actions if a["type"] == kind) for kind in kinds if any(a["type"] == kind for a in actions)
        ]
    elif phase == "roll":
        others = [a for a in actions if a["type"] in ("accept", "reroll")]
    else:
        others = []
    return [first, *(a for a in others if a != first)][:CANDIDATES]


def to_go(board: Board, state: State, seat: int) -> float:
    """Days the traveller may expect at home: days so far, a typical leg's days for each leg left, less a little
    for the cards and gold in hand."""
    days = float(state["days"][seat])
    if seat in state["arrivals"]:
        return days - 1.0 * (len(state["arrivals"]) - state["arrivals"].index(seat))
    position = state["positions"][seat]
    now = best_cost(state, board, seat) if state["turn"] is not None else threshold(board, position)
    later = sum(threshold(board, leg) for leg in range(position + 1, board.home))
    return (
        days
        + min(now, 2 * threshold(board, position))
        + later
        - HAND_DAYS * len(state["hands"][seat])
        - GOLD_DAYS * state["gold"][seat]
    )


def standing(board: Board, state: State, seat: int) -> float:
    rivals = [to_go(board, state, s) for s in range(state["players"]) if s != seat]
    return min(rivals) - to_go(board, state, seat)


class StrongBot(SearchBot):
    """Look ahead: the medium bot's likely choices tried in a few dealt worlds."""

    name = "strong"
    summary = (
        "Tries the medium bot's likely choices in five worlds of the cards it cannot see and the dice to come, each "
        "played on by the medium bot for every traveller, and keeps the one that brings it home soonest ahead of "
        "the others."
    )
    budget = BUDGET

    def candidates(self, game: "Game", seen: State, seat: int, actions: list[Action]) -> list[Action]:
        return candidates(GreedyBot(), game.board, seen, seat, actions)  # type: ignore[attr-defined]

    def policy(self, game: "Game", state: State, seat: int) -> Action:
        return GreedyBot().act(game.board, state, seat, game.legal_actions(state, seat))  # type: ignore[attr-defined]

    def evaluate(self, game: "Game", state: State, seat: int) -> float:
        return standing(game.board, state, seat)  # type: ignore[attr-defined]
