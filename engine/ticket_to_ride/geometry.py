"""Where the cities and the routes' spaces lie on one drawing of the map (data/board.json), for clients to draw."""

import json
from functools import cache
from typing import Any

from engine.ticket_to_ride.board import DATA, Board, board


def check_geometry(raw: dict[str, Any], rules_board: Board) -> dict[str, Any]:
    """Return the geometry when it places every city and every route of the board, each route in `length` spaces.

    :raises ValueError: when a city or a route is missing, unknown, the wrong length or off the drawing.
    """
    cities, routes = raw["cities"], raw["routes"]
    if set(cities) != set(rules_board.cities):
        raise ValueError(f"board.json: cities differ from routes.tsv: {sorted(set(cities) ^ set(rules_board.cities))}")
    if set(routes) != set(rules_board.routes):
        raise ValueError(f"board.json: routes differ from routes.tsv: {sorted(set(routes) ^ set(rules_board.routes))}")
    for route_id, route in rules_board.routes.items():
        spaces = routes[route_id]["spaces"]
        if len(spaces) != route.length:
            raise ValueError(f"board.json: {route_id} has {len(spaces)} spaces, routes.tsv says {route.length}")
        if any(not (0 <= x <= raw["width"] and 0 <= y <= raw["height"]) for x, y, _ in spaces):
            raise ValueError(f"board.json: a space of {route_id} lies off the drawing")
    return raw


@cache
def geometry() -> dict[str, Any]:
    raw = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    return check_geometry(raw, board())
