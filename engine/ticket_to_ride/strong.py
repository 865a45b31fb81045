"""The strong bot: its rules of thumb (`tactics.StrongPolicy`), with two searches over what it cannot see.

Near the end of the game (`endgame`): its rules of thumb's move, the longest claims it can make and the draw it
would take, each played out to the end of the game in the same few dealt worlds (the others' hands and tickets and
the pile's order dealt at random from what its seat cannot see), itself playing on by its rules of thumb and every
rival by the medium bot, and judged by the real final scores. Where it chooses tickets: its best few choices tried
in a few dealt worlds, played on 16 moves and judged by the points it may expect (`expected_points`).

Why not a search over every move, as its first version: tried against three other moves in four worlds judged after
14 moves, it lost to the rules of thumb alone (40-47% of 50-60 games of two against the medium bot, where the rules
alone won 65%). Its horizon stopped long before the end that decides most games (the player who ends a game of two
wins three in four), so the evaluation of a position part-way (expected points) rewarded drawing for points it
could see over the tempo that ends the game first; with four worlds its noise chose against the rules of thumb as
often as not. Played to the end, the evaluation is the game's own, and only near the end does that fit the budget:
once the fewest trains times the players is 30 or fewer (about 50 moves to the end), 8 worlds for up to 5 choices
within 800 moves. Ties go to the rules of thumb's move, so it leaves them only where the worlds agree. Against the
medium bot (docs/benchmarks.md): 73.5% of 400 games of two, 2.36x a fair share of 200 games of four; searching from
20 trains at two, with longer playouts and fewer worlds a move, did worse (58% of 50 games)."""

from typing import Any

from engine.core.protocol import Action, Knowledge, State
from engine.core.rng import Rng
from engine.core.search import Budget, SearchBot, Work
from engine.ticket_to_ride import endgame
from engine.ticket_to_ride.board import Board
from engine.ticket_to_ride.bots import GreedyBot, Planner
from engine.ticket_to_ride.scoring import owned, route_points
from engine.ticket_to_ride.steps import INITIAL, TICKETS
from engine.ticket_to_ride.tactics import StrongPolicy, can_lay

TICKET_CHOICES = 4
# 4 choices of tickets x 4 worlds x 16 moves (bench/bench_bots.py).
TICKET_BUDGET = Budget(worlds=4, horizon=16, moves=4 * 4 * 17)
# Near the end: this many worlds, each played to the end for every choice, within this many moves in all
# (about 0.16 ms of CPU a move: p95 130 ms a decision, bench/bench_bots.py).
END_WORLDS = 8
END_MOVES = 800
# The most any decision does, either search: rollouts of at most CANDIDATES choices in BUDGET.worlds worlds.
CANDIDATES = 1 + endgame.CLAIMS + 1
BUDGET = Budget(worlds=END_WORLDS, horizon=END_MOVES, moves=END_MOVES)
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
    """The strong policy's moves; near the end its move and a few others played out to the end in dealt worlds, and
    its choices of tickets tried in a few dealt worlds."""

    name = "strong"
    summary = (
        "Keeps two tickets at the start (later ones only while it is ahead of the trains); claims the routes it "
        "would miss most first, then the long routes that score most for their turns; near the end it plays its "
        "move and a few others out to the end in eight worlds of the cards and tickets it cannot see, and keeps the "
        "one that wins most. Against the medium bot: 73% of games of two, 2.4x a fair share of four."
    )
    budget = TICKET_BUDGET

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.own = StrongPolicy()
        self.rival = GreedyBot()
        self.seat = 0

    def decide(self, game: Any, known: Knowledge, rng: Rng) -> Action:
        seen, seat = known.seen, known.seat
        assert seen is not None
        if not endgame.near_end(seen):
            return super().decide(game, known, rng)
        self.work = Work()
        choices = endgame.candidates(self.own, game, seen, seat, known.actions)
        if len(choices) == 1:
            return choices[0]
        return endgame.search(game, seen, seat, choices, END_WORLDS, END_MOVES, rng, self.work)

    def candidates(self, game: Any, seen: State, seat: int, actions: list[Action]) -> list[Action]:
        self.seat = seat
        if seen["step"] in (INITIAL, TICKETS):
            return self.own.keeps(game, seen, seat, actions)[:TICKET_CHOICES]
        return [self.own.act(game, seen, seat, actions)]

    def policy(self, game: Any, state: State, seat: int) -> Action:
        bot = self.own if seat == self.seat else self.rival
        return bot.act(game, state, seat, game.legal_actions(state, seat))

    def evaluate(self, game: Any, state: State, seat: int) -> float:
        # Its own expected points only: judged against the best rival's, it lost most four-player
        # games (docs/benchmarks.md).
        return expected_points(game.board, game, state, seat)
