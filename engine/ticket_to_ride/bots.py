"""The greedy bot: keeps tickets it can connect, claims routes on their shortest paths, draws the colours it needs."""

import copy
import heapq
from collections import Counter
from typing import Any, Protocol

from engine.core.protocol import Action, Bot, Knowledge, State
from engine.core.rng import Rng
from engine.ticket_to_ride.board import GREY, LOCOMOTIVE, Board, Route
from engine.ticket_to_ride.steps import INITIAL, SECOND_CARD, TICKETS, TUNNEL

# A hand this big claims whatever it can rather than wait for the routes it wants: the game must move on.
FULL_HAND = 14
# Below this many trains a player stops taking new tickets.
TICKET_TRAINS = 20
TICKET_COST_WEIGHT = 0.4
# Tickets whose paths need more trains than the player has, less this margin, are most likely lost.
TRAIN_MARGIN = 4
OVER_PENALTY = 10
TUNNEL_SPARE = 1


class Rules(Protocol):
    """What the planner reads of the game's rules (`rules.TicketToRide`, which imports this module)."""

    board: Board

    def claimable(self, state: State, seat: int, route: Route) -> str | None: ...


class Planner:
    """Shortest paths over the routes a seat owns (free) or could still claim (their length)."""

    def __init__(self, game: Rules, state: State, seat: int) -> None:
        self.game, self.state, self.seat = game, state, seat
        self.adjacent: dict[str, list[Route]] = {}
        self.plans: dict[tuple[str, ...], tuple[set[str], int, list[str]]] = {}
        # What the open routes were read from: a planner is reused only while these are as they were.
        self.claims, self.trains = len(state["claims"]), state["trains"][seat]
        for route in game.board.routes.values():
            if self._open(route):
                self.adjacent.setdefault(route.a, []).append(route)
                self.adjacent.setdefault(route.b, []).append(route)

    def without(self, route: Route) -> "Planner":
        """The same planner as if `route` could not be claimed (a copy: this one is left as it is)."""
        other = copy.copy(self)
        other.adjacent = dict(self.adjacent)
        other.plans = {}
        for city in route.cities:
            other.adjacent[city] = [r for r in self.adjacent.get(city, []) if r.id != route.id]
        return other

    def _open(self, route: Route) -> bool:
        owner = self.state["claims"].get(route.id)
        return owner == self.seat or (owner is None and self.game.claimable(self.state, self.seat, route) is None)

    def cost(self, route: Route, free: set[str]) -> int:
        return 0 if route.id in free or self.state["claims"].get(route.id) == self.seat else route.length

    def path(self, a: str, b: str, free: set[str]) -> tuple[int, list[Route]] | None:
        """The cheapest way from a to b: (trains still to lay, routes still to claim), or None."""
        best = {a: 0}
        back: dict[str, tuple[str, Route]] = {}
        queue = [(0, a)]
        while queue:
            spent, city = heapq.heappop(queue)
            if city == b:
                break
            if spent > best.get(city, spent):
                continue
            for route in self.adjacent.get(city, []):
                other = route.b if route.a == city else route.a
                total = spent + self.cost(route, free)
                if total < best.get(other, total + 1):
                    best[other] = total
                    back[other] = (city, route)
                    heapq.heappush(queue, (total, other))
        if b not in best:
            return None
        routes, city = [], b
        while city != a:
            city, route = back[city]
            routes.append(route)
        todo = [r for r in routes if self.cost(r, free)]
        return best[b], todo

    def plan(self, tickets: list[str], free: set[str] | None = None) -> tuple[set[str], int, list[str]]:
        """Routes to claim for these tickets, the trains they take, and the tickets that cannot be made."""
        if not free:
            known = self.plans.get(tuple(tickets))
            if known is None:
                known = self.plans[tuple(tickets)] = self._plan(tickets, set())
            targets, trains, lost = known
            return set(targets), trains, list(lost)
        return self._plan(tickets, set(free))

    def _plan(self, tickets: list[str], free: set[str]) -> tuple[set[str], int, list[str]]:
        targets: set[str] = set()
        trains, lost = 0, []
        board = self.game.board
        for ticket in sorted(tickets, key=lambda t: -board.tickets[t].points):
            found = self.path(board.tickets[ticket].a, board.tickets[ticket].b, free)
            if found is None:
                lost.append(ticket)
                continue
            cost, todo = found
            trains += cost
            targets.update(r.id for r in todo)
            free.update(r.id for r in todo)
        return targets, trains, lost


# The last planner built, while its state's claims and the seat's trains are as they were: a move's rules of thumb
# ask for one several times (a playout's every move would otherwise build it four to six times).
_last: list[Planner] = []


def planner(game: Rules, state: State, seat: int) -> Planner:
    """The seat's planner on this state, built once while nothing it reads changed (claims only grow)."""
    if _last:
        known = _last[0]
        same = known.state is state and known.game is game and known.seat == seat
        if same and known.claims == len(state["claims"]) and known.trains == state["trains"][seat]:
            return known
    made = Planner(game, state, seat)
    _last[:] = [made]
    return made


class GreedyBot(Bot):
    """Keep the tickets that score best for their trains; claim on their paths; draw the colours they need."""

    name = "medium"
    plans = True
    summary = "Keeps tickets it can connect, claims routes on their shortest paths, draws the colours it needs."

    def decide(self, game: Any, known: Knowledge, rng: Rng) -> Action:
        assert known.seen is not None
        return self.act(game, known.seen, known.seat, known.actions)

    def act(self, game: Any, state: State, seat: int, actions: list[Action]) -> Action:
        """The choice on a state the bot may read whole (its seat's state, or a world a search dealt)."""
        step = state["step"]
        if step in (INITIAL, TICKETS):
            return self._keep(game, state, seat, actions)
        if step == TUNNEL:
            pays = [a for a in actions if a["type"] == "pay_tunnel"]
            return min(pays, key=lambda a: a["locomotives"]) if pays else actions[-1]
        targets, _, _ = planner(game, state, seat).plan(state["kept"][seat])
        counts = Counter(state["cards"][c] for c in state["hands"][seat])
        targets = self._aims(game, state, seat, targets, counts)
        wanted = self._wanted(game, targets, counts)
        if step == SECOND_CARD:
            return self._draw(state, actions, wanted)
        claims = [a for a in actions if a["type"] == "claim"]
        full = len(state["hands"][seat]) >= FULL_HAND
        on_path = [a for a in claims if a["route"] in targets and (full or self._safe(game, a, counts))]
        if on_path:
            return self._best_claim(game, on_path, counts)
        if not targets:
            if any(a["type"] == "draw_tickets" for a in actions) and state["trains"][seat] >= TICKET_TRAINS:
                return {"type": "draw_tickets"}
            if claims:
                return self._best_claim(game, claims, counts)
        if claims and full:
            return self._best_claim(game, claims, counts)
        if any(a["type"] in ("draw_deck", "draw_faceup") for a in actions):
            return self._draw(state, actions, wanted)
        if claims:
            return self._best_claim(game, claims, counts)
        return actions[0]

    def _aims(self, game: Any, state: State, seat: int, targets: set[str], counts: Counter[str]) -> set[str]:
        """The routes it works towards: its tickets' (the strong bot adds others once those are done)."""
        return targets

    def _keep(self, game: Any, state: State, seat: int, actions: list[Action]) -> Action:
        plans = planner(game, state, seat)
        held = state["kept"][seat]
        targets, planned, _ = plans.plan(held)
        trains = state["trains"][seat]
        board = game.board

        def value(action: Action) -> float:
            new = action["tickets"]
            more, cost, lost = plans.plan(new, free=targets)
            points = sum(board.tickets[t].points * (-2 if t in lost else 1) for t in new)
            over = max(0, planned + cost - (trains - TRAIN_MARGIN))
            return points - TICKET_COST_WEIGHT * cost - OVER_PENALTY * over

        return max(actions, key=lambda a: (value(a), -len(a["tickets"])))

    def _wanted(self, game: Any, targets: set[str], counts: Counter[str]) -> Counter[str]:
        """How many more cards of each colour the target routes ask for (grey ones in the colour held most)."""
        wanted: Counter[str] = Counter()
        for route_id in targets:
            route = game.board.routes[route_id]
            colour = route.colour
            if colour == GREY:
                colour = max(game.board.colours, key=lambda c: (counts[c], c))
            wanted[colour] += max(0, route.length - counts[colour] - counts[LOCOMOTIVE])
            if route.ferry_locos > counts[LOCOMOTIVE]:
                wanted[LOCOMOTIVE] += route.ferry_locos - counts[LOCOMOTIVE]
        return wanted

    def _draw(self, state: State, actions: list[Action], wanted: Counter[str]) -> Action:
        faceup = [a for a in actions if a["type"] == "draw_faceup"]
        colour_of = {a["card"]: state["cards"][a["card"]] for a in faceup}
        useful = [a for a in faceup if wanted[colour_of[a["card"]]] > 0 and colour_of[a["card"]] != LOCOMOTIVE]
        if useful:
            return max(useful, key=lambda a: (wanted[colour_of[a["card"]]], a["card"]))
        locomotive = [a for a in faceup if colour_of[a["card"]] == LOCOMOTIVE]
        if locomotive and wanted[LOCOMOTIVE] > 0:
            return locomotive[0]
        if {"type": "draw_deck"} in actions:
            return {"type": "draw_deck"}
        cards = [a for a in faceup if colour_of[a["card"]] != LOCOMOTIVE] or faceup
        return cards[0] if cards else actions[0]

    def _safe(self, game: Any, action: Action, counts: Counter[str]) -> bool:
        """A tunnel is worth trying only with a spare card or two for the extra the pile may ask."""
        route = game.board.routes[action["route"]]
        if not route.tunnel:
            return True
        spare = counts[LOCOMOTIVE] + (counts[action["colour"]] if action["colour"] != LOCOMOTIVE else 0)
        return spare - route.length >= TUNNEL_SPARE

    def _best_claim(self, game: Any, claims: list[Action], counts: Counter[str]) -> Action:
        """The longest route, paid with the fewest locomotives and the colour held most."""

        def key(action: Action) -> tuple[int, int, int, str]:
            route = game.board.routes[action["route"]]
            return (-route.length, action["locomotives"], -counts[action["colour"]], action["route"])

        return min(claims, key=key)
