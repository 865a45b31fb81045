"""The strong bot: its rules of thumb (`tactics.StrongPolicy`), with look-ahead where it chooses tickets: its best
few choices tried in a few dealt worlds (the cards and tickets it cannot see dealt at random), played on by itself
and by the medium bot for every rival, and judged by the points it may expect.

Its other moves are the rules of thumb's own: tried against three other moves in four worlds judged after 14 moves
(the search of the version before), they lost to the rules of thumb alone (40-47% of 50-60 games of two against the
medium bot, where the rules of thumb alone won 65%): the end of a game, which decides most, lies past any horizon
its budget affords, so the search traded tempo for points it could see."""

from typing import Any

from engine.core.protocol import Action, State
from engine.core.search import Budget, SearchBot
from engine.ticket_to_ride.board import Board
from engine.ticket_to_ride.bots import GreedyBot, Planner
from engine.ticket_to_ride.scoring import owned, route_points
from engine.ticket_to_ride.steps import INITIAL, TICKETS
from engine.ticket_to_ride.tactics import StrongPolicy, can_lay

CANDIDATES = 4
# 4 choices of tickets x 4 worlds x 16 moves: at most about 0.2 s of CPU on a loaded machine (bench/bench_bots.py).
BUDGET = Budget(worlds=4, horizon=16, moves=4 * 4 * 17)
STATION_POINTS = 4
CARD_POINTS = 0.3
# Trains a player lays a turn on average in a game of two against the medium bot (about 42 in 40 turns).
TRAINS_PER_TURN = 1.0


def expected_points(board: Board, game: Any, state: State, seat: int) -> float:
    """Points the seat may expect: its routes, its tickets done (or likely), its stations left, a little per card."""
    points = float(route_points(board, owned(board, state, seat)))
    planner = Planner(game, state, seat)
    free: set[str] = set()
    spare = float(can_lay(state, seat))
    turns = max(1.0, (min(state["trains"]) - 2) / TRAINS_PER_TURN)
    for ticket_id in sorted(state["kept"][seat], key=lambda t: -board.tickets[t].points):
        ticket = board.tickets[ticket_id]
        found = planner.path(ticket.a, ticket.b, free)
        if found is None:
            points -= ticket.points
            continue
        cost, todo = found
        free.update(r.id for r in todo)
        spare -= cost
        points += ticket.points * (2 * completion(cost, spare, turns) - 1)
    stations_left = board.stations - sum(1 for owner in state["stations"].values() if owner == seat)
    return points + STATION_POINTS * stations_left + CARD_POINTS * len(state["hands"][seat])


def completion(cost: int, spare: float, turns: float) -> float:
    """The chance of finishing a ticket `cost` trains short with `spare` trains left to lay and about `turns`
    turns: none past the trains, less the more turns of draws and claims it still needs."""
    if cost == 0:
        return 1.0
    if spare < 0:
        return 0.0
    return max(0.0, min(0.85, 1.0 - cost / (turns * TRAINS_PER_TURN * 1.5)))


class StrongBot(SearchBot):
    """The strong policy's moves, its choices of tickets tried in a few dealt worlds."""

    name = "strong"
    summary = (
        "Keeps two tickets at the start (later ones only while it is ahead of the trains), each choice tried in four "
        "worlds of the cards it cannot see; claims the routes it would miss most first, then lays the long routes "
        "that score most for their turns. Against the medium bot: 68% of games of two, 2.1x a fair share of four."
    )
    budget = BUDGET

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.own = StrongPolicy()
        self.rival = GreedyBot()
        self.seat = 0

    def candidates(self, game: Any, seen: State, seat: int, actions: list[Action]) -> list[Action]:
        self.seat = seat
        if seen["step"] in (INITIAL, TICKETS):
            return self.own.keeps(game, seen, seat, actions)[:CANDIDATES]
        return [self.own.act(game, seen, seat, actions)]

    def policy(self, game: Any, state: State, seat: int) -> Action:
        bot = self.own if seat == self.seat else self.rival
        return bot.act(game, state, seat, game.legal_actions(state, seat))

    def evaluate(self, game: Any, state: State, seat: int) -> float:
        # Its own expected points only: judged against the best rival's, it lost most four-player
        # games (docs/benchmarks.md).
        return expected_points(game.board, game, state, seat)
