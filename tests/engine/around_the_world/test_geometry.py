"""Where the route's locations lie on the drawing (data/board.json): every one placed, apart, on the drawing."""

import itertools
import math

from engine.around_the_world.board import DATA
from tests.engine.around_the_world.support import BOARD, GAME

GEOMETRY = GAME.data()["board"]
SOURCES = set(GAME.data()["sources"]["sources"])


def test_every_location_of_the_route_is_placed_on_the_drawing():
    places = GEOMETRY["places"]
    assert set(places) == set(BOARD.locations) and len(places) == 10
    for place in places.values():
        assert 0 <= place["x"] <= GEOMETRY["width"] and 0 <= place["y"] <= GEOMETRY["height"]


def test_locations_are_far_enough_apart_for_their_markers():
    nearest = min(
        math.dist((p["x"], p["y"]), (q["x"], q["y"])) for p, q in itertools.combinations(GEOMETRY["places"].values(), 2)
    )
    assert nearest >= 59


def test_the_route_goes_east_round_the_world():
    """London to Yokohama runs east on the drawing, the Pacific leg wraps, and San Francisco to London runs east."""
    x = [GEOMETRY["places"][location]["x"] for location in BOARD.locations]
    wrap = BOARD.locations.index("san_francisco")
    assert x[1:wrap] == sorted(x[1:wrap]) and x[wrap:] == sorted(x[wrap:]) and x[wrap] < x[0] < x[wrap - 1]


def test_the_positions_follow_the_projection_the_file_states():
    projection = GEOMETRY["projection"]
    scale = projection["units_per_degree"]
    for location, place in GEOMETRY["places"].items():
        x = (place["lon"] - projection["west"]) * scale
        y = (projection["north"] - place["lat"]) * scale
        pushed = 1 if location in ("hong_kong", "yokohama", "san_francisco", "new_york") else 40
        assert math.dist((x, y), (place["x"], place["y"])) <= pushed, location


def test_computed_values_are_marked_and_sourced():
    assert GEOMETRY["provisional"] is True and GEOMETRY["reason"]
    assert set(GEOMETRY["sources"]) <= SOURCES
    assert "Wikipedia" in (DATA / "board.json").read_text(encoding="utf-8")
