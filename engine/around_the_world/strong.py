"""The strong bot: its default policy's likely choices, each tried in a few dealt worlds (the cards it cannot see
dealt at random, the dice to come from a fresh seed) and played on for every traveller.

At three or more the first home under 80 days with the fewest days wins: the bot's own seat plays as a patient
traveller (`Patient`), which waits for cheaper cards; only its take (the card, its action, where the detective goes)
is searched, the others playing on as the medium bot, and a position is judged by the days each may expect to be
home in. In a game of two the first home wins (the days
only part two home in the same round), which the medium bot's waiting for cheap cards ignores: the bot's own seat
plays on as the racer (`racer.py`), the other as the medium bot, and a position is judged by the rounds each may
expect to come home in (`race.py`)."""

from typing import TYPE_CHECKING

from engine.around_the_world.board import Board
from engine.around_the_world.bots import GreedyBot, best_cost, threshold
from engine.around_the_world.race import chance
from engine.around_the_world.racer import Racer
from engine.core.protocol import Action, Knowledge, State
from engine.core.rng import Rng
from engine.core.search import Budget, SearchBot

if TYPE_CHECKING:
    from engine.core.protocol import Game

CANDIDATES = 4
# 4 candidates x 5 worlds x 20 moves: about 0.1 s of CPU at six travellers (bench/bench_bots.py).
BUDGET = Budget(worlds=5, horizon=20, moves=430)
HAND_DAYS = 0.3
GOLD_DAYS = 0.3


def candidates(
    greedy: GreedyBot, board: Board, state: State, seat: int, actions: list[Action], racer: Racer | None = None
) -> list[Action]:
    """The default policy's choice first (the racer's in a race of two), then the others worth a look."""
    first = racer.act(board, state, seat, actions) if racer else greedy.act(board, state, seat, actions)
    phase = state["phase"]
    if phase == "take":
        takes = [a for a in actions if a["type"] != "buy"]
        if racer:
            others = sorted(takes, key=lambda a: -racer.take_value(board, state, seat, a))
        else:
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


class Patient(GreedyBot):
    """The medium bot, but a traveller at three or more who waits for cheaper cards: a leg is cheap 2 days under the
    medium bot's threshold, and only a rival two legs ahead (or one home) hurries it. Alone it wins about 45% of
    four-player games against three medium bots (0.26 for a medium bot in its place; 200 games each)."""

    lead = 2
    slack = -2.0


class StrongBot(SearchBot):
    """Look ahead: the default policy's likely choices tried in a few dealt worlds."""

    name = "strong"
    summary = (
        "Looks ahead over five worlds of the cards it cannot see and the dice to come, the others playing as the "
        "medium bot; in a game of two it races home (travels whenever it can, takes and buys the cards that bring "
        "it home soonest), at more players it waits for cheaper cards and picks the take that brings it home in "
        "the fewest days. Against medium bots it wins about 80% of two-player games and twice a fair share at four."
    )
    budget = BUDGET

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.me = -1
        self.greedy, self.racer, self.patient = GreedyBot(), Racer(), Patient()

    def decide(self, game: "Game", known: Knowledge, rng: Rng) -> Action:
        self.me = known.seat
        return super().decide(game, known, rng)

    def candidates(self, game: "Game", seen: State, seat: int, actions: list[Action]) -> list[Action]:
        if seen["players"] == 2:
            return candidates(self.greedy, game.board, seen, seat, actions, self.racer)  # type: ignore[attr-defined]
        found = candidates(self.patient, game.board, seen, seat, actions)  # type: ignore[attr-defined]
        # Judged by the days to come, waiting for cheaper cards looks no better than travelling now, so a search of
        # the travel step undid the patient traveller's edge (43% of 200 four-player games, against 65% of 100).
        return found if seen["phase"] == "take" else found[:1]

    def policy(self, game: "Game", state: State, seat: int) -> Action:
        """The others play the medium bot; the bot's own seat the racer in a race of two, else the patient one."""
        legal = game.legal_actions(state, seat)
        if seat == self.me:
            own = self.racer if state["players"] == 2 else self.patient
            return own.act(game.board, state, seat, legal)  # type: ignore[attr-defined]
        return self.greedy.act(game.board, state, seat, legal)  # type: ignore[attr-defined]

    def evaluate(self, game: "Game", state: State, seat: int) -> float:
        board: Board = game.board  # type: ignore[attr-defined]
        if state["players"] != 2:
            return standing(board, state, seat)
        final = game.outcome(state)
        if final is not None:
            return (seat in final["winners"]) / len(final["winners"])
        return chance(board, state, seat, [to_go(board, state, s) for s in range(2)])
