"""The strong bot: keeps tickets it can still complete in the turns the game has left, claims first the routes it
would miss most (the contested ones), takes more tickets once its own are done while it is ahead of the trains, and
tries the medium bot's move against those in a few dealt worlds (the cards it cannot see dealt at random), played on
by the medium bot for every seat and judged by the points it may expect."""

from collections import Counter
from typing import Any

from engine.core.protocol import Action, State
from engine.core.search import Budget, SearchBot
from engine.ticket_to_ride.board import Board
from engine.ticket_to_ride.bots import FULL_HAND, OVER_PENALTY, TICKET_COST_WEIGHT, GreedyBot, Planner
from engine.ticket_to_ride.scoring import owned, route_points
from engine.ticket_to_ride.steps import INITIAL, TICKETS, TURN

CANDIDATES = 4
# 4 candidates x 4 worlds x 14 moves, the medium bot's moves the dearest part (bench/bench_bots.py).
BUDGET = Budget(worlds=4, horizon=14, moves=250)
# Trains a player lays a turn on average, over draws and claims: how the end's nearness is read from the trains.
TRAINS_PER_TURN = 2.0
# A detour this many trains longer makes a route worth claiming before the others on the way.
CONTESTED = 2
# Ahead of the trains: more tickets once its own are done, while it has this many trains and no fewer than the rest.
MORE_TICKETS_TRAINS = 12
STATION_POINTS = 4
CARD_POINTS = 0.3


def turns_left(state: State) -> float:
    """About how many turns each player has before the last round: the fewest trains any player holds, spent."""
    return max(1.0, (min(state["trains"]) - 2) / TRAINS_PER_TURN)


def can_lay(state: State, seat: int) -> float:
    """The trains the seat may still lay before the end."""
    return min(float(state["trains"][seat]), turns_left(state) * TRAINS_PER_TURN + 4)


def expected_points(board: Board, game: Any, state: State, seat: int) -> float:
    """Points the seat may expect: its routes, its tickets done (or likely), its stations left, a little per card."""
    points = float(route_points(board, owned(board, state, seat)))
    planner = Planner(game, state, seat)
    free: set[str] = set()
    spare = can_lay(state, seat)
    for ticket_id in sorted(state["kept"][seat], key=lambda t: -board.tickets[t].points):
        ticket = board.tickets[ticket_id]
        found = planner.path(ticket.a, ticket.b, free)
        if found is None:
            points -= ticket.points
            continue
        cost, todo = found
        free.update(r.id for r in todo)
        spare -= cost
        points += ticket.points * (2 * completion(cost, spare, state) - 1)
    stations_left = board.stations - sum(1 for owner in state["stations"].values() if owner == seat)
    return points + STATION_POINTS * stations_left + CARD_POINTS * len(state["hands"][seat])


def completion(cost: int, spare: float, state: State) -> float:
    """The chance of finishing a ticket `cost` trains short with `spare` trains left to lay: none past them, less
    the more turns of claims it still needs."""
    if cost == 0:
        return 1.0
    if spare < 0:
        return 0.0
    return max(0.0, min(0.85, 1.0 - cost / (turns_left(state) * TRAINS_PER_TURN * 0.75)))


class StrongPolicy(GreedyBot):
    """The medium bot with the strong bot's judgement of tickets, contested routes and when to take more tickets."""

    def act(self, game: Any, state: State, seat: int, actions: list[Action]) -> Action:
        step = state["step"]
        if step in (INITIAL, TICKETS):
            return self._keep_completable(game, state, seat, actions)
        if step == TURN:
            claim = self._contested_claim(game, state, seat, actions)
            if claim is not None:
                return claim
            if self._more_tickets(game, state, seat, actions):
                return {"type": "draw_tickets"}
        return self.choose_on(game, state, seat, actions)

    def _keep_completable(self, game: Any, state: State, seat: int, actions: list[Action]) -> Action:
        planner = Planner(game, state, seat)
        targets, planned, _ = planner.plan(state["kept"][seat])
        layable = can_lay(state, seat)
        board = game.board

        def value(action: Action) -> float:
            new = action["tickets"]
            _, cost, lost = planner.plan(new, free=targets)
            points = sum(board.tickets[t].points * (-2 if t in lost else 1) for t in new)
            over = max(0.0, planned + cost - (layable - 2))
            return points - TICKET_COST_WEIGHT * cost - OVER_PENALTY * over

        chosen: Action = max(actions, key=lambda a: (value(a), -len(a["tickets"])))
        return chosen

    def _contested_claim(self, game: Any, state: State, seat: int, actions: list[Action]) -> Action | None:
        """The claim on its way that it would miss most: the one whose loss makes the longest detour."""
        claims = [a for a in actions if a["type"] == "claim"]
        if not claims or not state["kept"][seat]:
            return None
        planner = Planner(game, state, seat)
        targets, trains, lost = planner.plan(state["kept"][seat])
        counts = Counter(state["cards"][c] for c in state["hands"][seat])
        full = len(state["hands"][seat]) >= FULL_HAND
        on_path = [a for a in claims if a["route"] in targets and (full or self._safe(game, a, counts))]
        if len(on_path) < 1:
            return None
        detours: dict[str, int] = {}
        for route_id in {a["route"] for a in on_path}:
            without = Planner(game, state, seat)
            route = game.board.routes[route_id]
            for city in (route.a, route.b):
                without.adjacent[city] = [r for r in without.adjacent.get(city, []) if r.id != route_id]
            _, trains_without, lost_without = without.plan(state["kept"][seat])
            detours[route_id] = trains_without - trains + 20 * (len(lost_without) - len(lost))
        best_route = max(detours, key=lambda r: (detours[r], game.board.routes[r].length, r))
        if detours[best_route] < CONTESTED:
            return None
        return self._best_claim(game, [a for a in on_path if a["route"] == best_route], counts)

    def _more_tickets(self, game: Any, state: State, seat: int, actions: list[Action]) -> bool:
        if not any(a["type"] == "draw_tickets" for a in actions) or not state["ticket_deck"]:
            return False
        targets, _, _ = Planner(game, state, seat).plan(state["kept"][seat])
        trains = state["trains"][seat]
        rivals = [state["trains"][s] for s in range(state["players"]) if s != seat]
        return not targets and trains >= MORE_TICKETS_TRAINS and trains >= max(rivals) - 3

    def choose_on(self, game: Any, state: State, seat: int, actions: list[Action]) -> Action:
        return GreedyBot.act(self, game, state, seat, actions)


def candidates(policy: StrongPolicy, game: Any, state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The strong policy's move first, then the medium bot's, the best claim, a draw and tickets."""
    first = policy.act(game, state, seat, actions)
    if state["step"] != TURN:
        return [first]
    others = [policy.choose_on(game, state, seat, actions)]
    claims = [a for a in actions if a["type"] == "claim"]
    if claims:
        counts = Counter(state["cards"][c] for c in state["hands"][seat])
        others.append(policy._best_claim(game, claims, counts))
    others += [a for a in actions if a["type"] == "draw_deck"]
    found: list[Action] = []
    for action in [first, *others]:
        if action not in found:
            found.append(action)
    return found[:CANDIDATES]


class StrongBot(SearchBot):
    """Look ahead: the strong policy's likely moves tried in a few dealt worlds."""

    name = "strong"
    summary = (
        "Keeps tickets it can still complete in the turns left, claims the routes it would miss most first, takes "
        "more tickets when its own are done and it is ahead of the trains, and tries those moves against the medium "
        "bot's in four worlds of the cards it cannot see, played on by the medium bot."
    )
    budget = BUDGET

    def candidates(self, game: Any, seen: State, seat: int, actions: list[Action]) -> list[Action]:
        # The medium bot's move first (ties go to it), then the strong policy's likely moves.
        first = GreedyBot().act(game, seen, seat, actions)
        rest = candidates(StrongPolicy(), game, seen, seat, actions)
        return [first, *(a for a in rest if a != first)][:CANDIDATES]

    def policy(self, game: Any, state: State, seat: int) -> Action:
        return GreedyBot().act(game, state, seat, game.legal_actions(state, seat))

    def evaluate(self, game: Any, state: State, seat: int) -> float:
        # Its own expected points only: judged against the best rival's, it lost most four-player
        # games (docs/benchmarks.md).
        return expected_points(game.board, game, state, seat)
