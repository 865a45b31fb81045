"""The strong bot's rules of thumb, played by its own seat in its look-ahead too: few tickets it can complete,
the contested routes first, then the long routes that score most for the turns they take, and more tickets only
while it is ahead of the trains.

What they were measured against (`medium`, bench/bench_bots.py): a game of two ends about 40 turns a player in,
most failed tickets are tickets not finished when the trains ran out (not blocked ones), and the player who ends the
game wins three games in four. So it keeps two tickets at the start, finishes them, and then lays long routes."""

from collections import Counter
from typing import Any

from engine.core.protocol import Action, State
from engine.ticket_to_ride.board import GREY, LOCOMOTIVE, Route
from engine.ticket_to_ride.bots import FULL_HAND, OVER_PENALTY, GreedyBot, planner
from engine.ticket_to_ride.choices import START_KEEP
from engine.ticket_to_ride.steps import INITIAL, TICKETS, TURN

# A ticket's trains weigh this many points each: a kept ticket must be worth the turns it takes.
TICKET_COST_WEIGHT = 1.0
# A detour this many trains longer makes a route worth claiming before the others on the way.
CONTESTED = 2
# More tickets once its own are done, while it may still lay this many trains before the end.
MORE_TICKETS_TRAINS = 30
# Once its tickets are done it works towards this many of the routes that score most for the turns they take.
LONG_ROUTES = 2
# A route that joins its own network is worth this much more (the European Express, and a station's reach).
JOINS_BONUS = 1.0


def can_lay(state: State, seat: int) -> int:
    """The trains the seat may still lay: the game ends when the player with the fewest runs out (2 left)."""
    return min(state["trains"][seat], min(state["trains"]) + 2)


def route_value(game: Any, route: Route, counts: Counter[str], network: set[str]) -> float:
    """The points a route scores for the turns it still takes: two cards drawn a turn, one turn to claim."""
    colours = game.board.colours if route.colour == GREY else (route.colour,)
    have = max(counts[c] for c in colours) + counts[LOCOMOTIVE]
    short = max(0, route.length - have) + max(0, route.ferry_locos - counts[LOCOMOTIVE])
    joins = JOINS_BONUS if route.a in network or route.b in network else 0.0
    return (game.board.route_points[route.length] + joins) / (short / 2 + 1)


class StrongPolicy(GreedyBot):
    """The medium bot with the strong bot's judgement of tickets, contested routes, long routes and more tickets."""

    name = "strong-policy"

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
        return GreedyBot.act(self, game, state, seat, actions)

    def _keep_completable(self, game: Any, state: State, seat: int, actions: list[Action]) -> Action:
        return self.keeps(game, state, seat, actions)[0]

    def keeps(self, game: Any, state: State, seat: int, actions: list[Action]) -> list[Action]:
        """The choices of tickets, best first: worth most for their trains, none past the trains it may still lay;
        at the start, two."""
        if state["step"] == INITIAL:
            actions = [a for a in actions if len(a["tickets"]) == START_KEEP] or actions
        plans = planner(game, state, seat)
        targets, planned, _ = plans.plan(state["kept"][seat])
        layable = can_lay(state, seat)
        board = game.board

        def value(action: Action) -> float:
            new = action["tickets"]
            _, cost, lost = plans.plan(new, free=targets)
            points = sum(board.tickets[t].points * (-2 if t in lost else 1) for t in new)
            over = max(0, planned + cost - (layable - 2))
            return points - TICKET_COST_WEIGHT * cost - OVER_PENALTY * over

        return sorted(actions, key=lambda a: (-value(a), len(a["tickets"])))

    def _contested_claim(self, game: Any, state: State, seat: int, actions: list[Action]) -> Action | None:
        """The claim on its way that it would miss most: the one whose loss makes the longest detour."""
        claims = [a for a in actions if a["type"] == "claim"]
        if not claims or not state["kept"][seat]:
            return None
        plans = planner(game, state, seat)
        targets, trains, lost = plans.plan(state["kept"][seat])
        counts = Counter(state["cards"][c] for c in state["hands"][seat])
        full = len(state["hands"][seat]) >= FULL_HAND
        on_path = [a for a in claims if a["route"] in targets and (full or self._safe(game, a, counts))]
        if not on_path:
            return None
        detours: dict[str, int] = {}
        for route_id in {a["route"] for a in on_path}:
            without = plans.without(game.board.routes[route_id])
            _, trains_without, lost_without = without.plan(state["kept"][seat])
            detours[route_id] = trains_without - trains + 20 * (len(lost_without) - len(lost))
        best_route = max(detours, key=lambda r: (detours[r], game.board.routes[r].length, r))
        if detours[best_route] < CONTESTED:
            return None
        return self._best_claim(game, [a for a in on_path if a["route"] == best_route], counts)

    def _more_tickets(self, game: Any, state: State, seat: int, actions: list[Action]) -> bool:
        """Its tickets done, while it is ahead of the trains: the trains it may still lay before someone runs out
        (its own, and every rival's) leave the turns to finish another."""
        if not any(a["type"] == "draw_tickets" for a in actions) or not state["ticket_deck"]:
            return False
        targets, _, _ = planner(game, state, seat).plan(state["kept"][seat])
        return not targets and can_lay(state, seat) >= MORE_TICKETS_TRAINS

    def _aims(self, game: Any, state: State, seat: int, targets: set[str], counts: Counter[str]) -> set[str]:
        """Its tickets' routes; once those are done, the long routes that score most for their turns."""
        if targets:
            return targets
        plans = planner(game, state, seat)
        network = {
            city for r, owner in state["claims"].items() if owner == seat for city in game.board.routes[r].cities
        }
        trains = state["trains"][seat]
        free = [
            r
            for r in game.board.routes.values()
            if r.id not in state["claims"] and r.length <= trains and plans._open(r)
        ]
        free.sort(key=lambda r: (-route_value(game, r, counts, network), r.id))
        return {r.id for r in free[:LONG_ROUTES]}
