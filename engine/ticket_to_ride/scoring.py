"""Final scoring: routes, tickets (with the routes stations borrow), unused stations and the European Express."""

import itertools
from collections.abc import Iterable
from typing import Any

from engine.core.protocol import Outcome, State
from engine.ticket_to_ride.board import Board, Route


class Links:
    """Union-find over cities: which cities a set of routes connects."""

    def __init__(self, edges: Iterable[tuple[str, str]] = ()) -> None:
        self.parent: dict[str, str] = {}
        for a, b in edges:
            self.join(a, b)

    def find(self, city: str) -> str:
        root = city
        while self.parent.get(root, root) != root:
            root = self.parent[root]
        while city != root:
            self.parent[city], city = root, self.parent.get(city, city)
        return root

    def join(self, a: str, b: str) -> None:
        self.parent[self.find(a)] = self.find(b)

    def connected(self, a: str, b: str) -> bool:
        return self.find(a) == self.find(b)


def owned(board: Board, state: State, seat: int) -> list[Route]:
    return [board.routes[r] for r, owner in state["claims"].items() if owner == seat]


def route_points(board: Board, routes: Iterable[Route]) -> int:
    return sum(board.route_points[r.length] for r in routes)


def longest_path(routes: list[Route]) -> int:
    """The length of the longest continuous path: cities may repeat, each route is used at most once."""
    adjacent: dict[str, list[tuple[int, str, int]]] = {}
    for index, route in enumerate(routes):
        adjacent.setdefault(route.a, []).append((index, route.b, route.length))
        adjacent.setdefault(route.b, []).append((index, route.a, route.length))
    links = Links(r.cities for r in routes)
    components: dict[str, tuple[list[str], int]] = {}
    for city in adjacent:
        components.setdefault(links.find(city), ([], 0))[0].append(city)
    for route in routes:
        cities, total = components[links.find(route.a)]
        components[links.find(route.a)] = (cities, total + route.length)
    best = 0

    def walk(city: str, used: int, length: int, left: int) -> None:
        nonlocal best
        best = max(best, length)
        if length + left <= best:
            return  # even every unused route of the component could not beat the best path
        for index, other, size in adjacent[city]:
            if not used >> index & 1:
                walk(other, used | 1 << index, length + size, left - size)

    for cities, total in components.values():
        # A longest path that is not closed ends where an odd number of routes meet (else it would go on);
        # a closed one uses every route of its component, so a component without such cities is walked whole.
        odd = [c for c in cities if len(adjacent[c]) % 2]
        if not odd:
            best = max(best, total)
        for city in odd:
            walk(city, 0, 0, total)
    return best


def ticket_result(board: Board, tickets: list[str], links: Links) -> tuple[int, list[str], list[str]]:
    """Return (points, completed ids, failed ids) for tickets under the given connections."""
    completed = [t for t in tickets if links.connected(board.tickets[t].a, board.tickets[t].b)]
    failed = [t for t in tickets if t not in completed]
    points = sum(board.tickets[t].points for t in completed) - sum(board.tickets[t].points for t in failed)
    return points, completed, failed


def borrow_options(board: Board, state: State, seat: int) -> list[tuple[str, list[str | None]]]:
    """For each of the seat's stations, the routes of other players into its city it may borrow."""
    options = []
    for city in sorted(c for c, owner in state["stations"].items() if owner == seat):
        candidates: list[str | None] = [
            r.id for r in board.routes_at(city) if state["claims"].get(r.id) not in (None, seat)
        ]
        options.append((city, sorted(candidates, key=str) or [None]))
    return options


def best_borrowing(board: Board, state: State, seat: int) -> tuple[list[tuple[str, str | None]], int]:
    """Choose one borrowed route per station so that the seat's tickets score best; return choices and points.

    Ties go to the first choice in city and route id order, so the result is reproducible.
    """
    own = [r.cities for r in owned(board, state, seat)]
    tickets = state["kept"][seat]
    options = borrow_options(board, state, seat)
    cities = [city for city, _ in options]
    best: tuple[list[tuple[str, str | None]], int] | None = None
    for choice in itertools.product(*(candidates for _, candidates in options)):
        extra = [board.routes[r].cities for r in choice if r is not None]
        points, _, _ = ticket_result(board, tickets, Links([*own, *extra]))
        if best is None or points > best[1]:
            best = (list(zip(cities, choice, strict=True)), points)
    assert best is not None
    return best


def final_result(board: Board, state: State) -> Outcome:
    """Score every player and rank them: points, then tickets completed, then fewer stations, then the Express."""
    players = state["players"]
    breakdowns: list[dict[str, Any]] = []
    longest = [longest_path(owned(board, state, s)) for s in range(players)]
    express_length = max(longest)
    for seat in range(players):
        routes = owned(board, state, seat)
        borrowing, _ = best_borrowing(board, state, seat)
        extra = [board.routes[r].cities for _, r in borrowing if r is not None]
        points, completed, failed = ticket_result(
            board, state["kept"][seat], Links([*(r.cities for r in routes), *extra])
        )
        built = sum(1 for owner in state["stations"].values() if owner == seat)
        unused = board.stations - built
        express = express_length > 0 and longest[seat] == express_length
        breakdowns.append(
            {
                "routes": {
                    "points": route_points(board, routes),
                    "count": len(routes),
                    "trains": sum(r.length for r in routes),
                },
                "tickets": {
                    "points": points,
                    "completed": [board.tickets[t].public() for t in completed],
                    "failed": [board.tickets[t].public() for t in failed],
                },
                "stations": {
                    "points": unused * board.unused_station_points,
                    "built": built,
                    "unused": unused,
                    "borrowed": [
                        {"city": city, "route": route, "owner": None if route is None else state["claims"][route]}
                        for city, route in borrowing
                    ],
                },
                "european_express": {"points": board.express_points if express else 0, "longest_path": longest[seat]},
            }
        )
    totals = [sum(part["points"] for part in b.values()) for b in breakdowns]

    def rank(seat: int) -> tuple[int, int, int, int]:
        b = breakdowns[seat]
        return (
            -totals[seat],
            -len(b["tickets"]["completed"]),
            b["stations"]["built"],
            -b["european_express"]["points"],
        )

    order = sorted(range(players), key=lambda s: (rank(s), s))
    best = rank(order[0])
    standings = [
        {
            "seat": s,
            "place": 1 + sum(1 for t in range(players) if rank(t) < rank(s)),
            "score": totals[s],
            "tickets_completed": len(breakdowns[s]["tickets"]["completed"]),
            "stations_built": breakdowns[s]["stations"]["built"],
            "breakdown": breakdowns[s],
        }
        for s in order
    ]
    return {"winners": [s for s in range(players) if rank(s) == best], "standings": standings}
