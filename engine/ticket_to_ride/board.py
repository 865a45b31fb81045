"""The map, the tickets and the components, read once from the data files beside the game."""

import csv
import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data")
GREY = "grey"
LOCOMOTIVE = "locomotive"


@dataclass(frozen=True)
class Route:
    """One track between two cities; a double route is two of these sharing `double`."""

    id: str
    a: str
    b: str
    length: int
    colour: str
    tunnel: bool
    ferry_locos: int
    double: int
    provisional: bool

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "cities": [self.a, self.b],
            "length": self.length,
            "colour": self.colour,
            "tunnel": self.tunnel,
            "ferry_locos": self.ferry_locos,
            "double": self.double,
            "provisional": self.provisional,
        }


@dataclass(frozen=True)
class Ticket:
    id: str
    a: str
    b: str
    points: int
    long: bool

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "cities": [self.a, self.b], "points": self.points, "long": self.long}


@dataclass(frozen=True)
class Board:
    """Everything fixed about the game: map, tickets, deck and scoring."""

    routes: dict[str, Route]
    tickets: dict[str, Ticket]
    cities: tuple[str, ...]
    colours: tuple[str, ...]
    cards_per_colour: int
    locomotives: int
    trains: int
    stations: int
    station_costs: tuple[int, ...]
    unused_station_points: int
    express_points: int
    route_points: dict[int, int]
    components: dict[str, Any]

    def sibling(self, route: Route) -> Route | None:
        """The other track of a double route."""
        return self._siblings.get(route.id)

    @cached_property
    def _siblings(self) -> dict[str, Route]:
        tracks: dict[int, list[Route]] = {}
        for route in self.routes.values():
            if route.double:
                tracks.setdefault(route.double, []).append(route)
        return {route.id: other for pair in tracks.values() for route in pair for other in pair if other is not route}

    @cached_property
    def tracks(self) -> tuple[tuple[str, int, str, int, str | None, int, Route], ...]:
        """Every route, in map order, as the listing of claims reads it at every turn: (id, length, colour, ferry
        locomotives, the other track's id or None, kind, the route); routes of one kind share colour, length and
        ferry locomotives, so the same cards pay for them."""
        kinds: dict[tuple[str, int, int], int] = {}
        tracks = []
        for r in self.routes.values():
            other = self._siblings.get(r.id)
            kind = kinds.setdefault((r.colour, r.length, r.ferry_locos), len(kinds))
            tracks.append((r.id, r.length, r.colour, r.ferry_locos, None if other is None else other.id, kind, r))
        return tuple(tracks)

    @cached_property
    def short_routes(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        """For each route colour (grey too) and each length n: the places in `tracks` of the routes of that colour
        at most n long (n runs to the longest route)."""
        longest = max((r.length for r in self.routes.values()), default=0)
        return {
            colour: tuple(
                tuple(place for place, track in enumerate(self.tracks) if track[2] == colour and track[1] <= n)
                for n in range(longest + 1)
            )
            for colour in (*self.colours, GREY)
        }

    def routes_at(self, city: str) -> list[Route]:
        return [r for r in self.routes.values() if city in r.cities]


def _rows(name: str) -> list[dict[str, str]]:
    lines = [line for line in (DATA / name).read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def load_board() -> Board:
    """Read and check the data files.

    :raises ValueError: when a file contradicts itself.
    """
    components = json.loads((DATA / "components.json").read_text(encoding="utf-8"))
    colours = tuple(components["colours"])
    routes = {}
    for row in _rows("routes.tsv"):
        route = Route(
            row["id"],
            row["a"],
            row["b"],
            int(row["length"]),
            row["colour"],
            row["tunnel"] == "1",
            int(row["ferry_locos"]),
            int(row["double"]),
            row["status"] == "provisional",
        )
        if route.colour not in (*colours, GREY):
            raise ValueError(f"routes.tsv: {route.id} has an unknown colour {route.colour!r}")
        if route.ferry_locos > route.length:
            raise ValueError(f"routes.tsv: {route.id} needs more locomotives than it has spaces")
        routes[route.id] = route
    tickets = {}
    for row in _rows("tickets.tsv"):
        tickets[row["id"]] = Ticket(row["id"], row["a"], row["b"], int(row["points"]), row["long"] == "1")
    cities = tuple(sorted({c for r in routes.values() for c in r.cities}))
    for ticket in tickets.values():
        if ticket.a not in cities or ticket.b not in cities:
            raise ValueError(f"tickets.tsv: {ticket.id} names a city not on the map")
    doubles: dict[int, int] = {}
    for route in routes.values():
        if route.double:
            doubles[route.double] = doubles.get(route.double, 0) + 1
    if any(count != 2 for count in doubles.values()):
        raise ValueError("routes.tsv: every double route has exactly two tracks")
    return Board(
        routes=routes,
        tickets=tickets,
        cities=cities,
        colours=colours,
        cards_per_colour=components["cards_per_colour"],
        locomotives=components["locomotives"],
        trains=components["trains_per_player"],
        stations=components["stations_per_player"],
        station_costs=tuple(components["station_costs"]),
        unused_station_points=components["unused_station_points"],
        express_points=components["european_express_points"],
        route_points={int(length): points for length, points in components["route_points"].items()},
        components=components,
    )


@cache
def board() -> Board:
    """The shipped board, loaded once."""
    return load_board()
