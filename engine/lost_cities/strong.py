"""The strong bot: the medium bot's best few choices, each tried over the same dice to come, played on by the
medium bot for every sheet, and judged by the projected points it leaves against the best rival's."""

from typing import TYPE_CHECKING

from engine.core.hidden import deep_copy
from engine.core.leaving import staying
from engine.core.protocol import Action, State
from engine.core.rng import Rng
from engine.core.search import Budget, SearchBot
from engine.lost_cities import scoring
from engine.lost_cities.bots import Projection, ranked
from engine.lost_cities.layout import Layout

if TYPE_CHECKING:
    from engine.core.protocol import Game

CANDIDATES = 4
# 4 candidates x 10 worlds x 24 moves (bench/bench_bots.py): five worlds won 61.6% of 400 games of two against the
# medium bot, ten 82.5% of 120; about 0.13 s of CPU at p95 on a loaded machine.
BUDGET = Budget(worlds=10, horizon=24, moves=1040)


def world(seen: State, rng: Rng) -> State:
    """A future the seat thinks possible: fresh dice; rivals who chose in secret choose again (their sheets as
    the seat saw them before)."""
    state = deep_copy(seen)
    state["rng"] = {"seed": rng.randbelow(2**53), "counter": 0}
    if seen["step"] == "others":
        chose = [s for s in staying(seen, seen["players"]) if s != seen["active"] and s not in seen["waiting"]]
        state["waiting"] += chose
    return state


def standing(layout: Layout, state: State, seat: int) -> float:
    """The seat's projected points less the best rival's (final scores once the game is over)."""
    if state["step"] == "over":
        totals = [scoring.score(sheet, layout)["total"] for sheet in state["sheets"]]
    else:
        totals = [Projection(layout, state, s).value(state["sheets"][s]) for s in range(state["players"])]
    rivals = [totals[s] for s in range(state["players"]) if s != seat]
    return totals[seat] - max(rivals, default=0.0)


class StrongBot(SearchBot):
    """Look ahead over the dice: the medium bot's best choices tried in a few dealt futures."""

    name = "strong"
    summary = (
        "Tries the medium bot's four best choices over ten futures of dice, each played on by the medium bot for "
        "every sheet, and keeps the one that leaves it furthest ahead of the best rival. Against the medium bot: 81% "
        "of games of two, 2.3x a fair share of four."
    )
    budget = BUDGET

    def candidates(self, game: "Game", seen: State, seat: int, actions: list[Action]) -> list[Action]:
        choices = ranked(game.layout, seen, seat, actions)  # type: ignore[attr-defined]
        # Accelerations are spent as the medium bot spends them (it tries every column already).
        return choices[:1] if seen["accelerations"].get(str(seat)) else choices[:CANDIDATES]

    def deal(self, game: "Game", seen: State, seat: int, rng: Rng) -> State:
        return world(seen, rng)

    def policy(self, game: "Game", state: State, seat: int) -> Action:
        return ranked(game.layout, state, seat, game.legal_actions(state, seat))[0]  # type: ignore[attr-defined]

    def evaluate(self, game: "Game", state: State, seat: int) -> float:
        return standing(game.layout, state, seat)  # type: ignore[attr-defined]
