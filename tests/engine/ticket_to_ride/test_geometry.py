"""The map's geometry (data/board.json): every city and route placed, no two routes' spaces on top of each other."""

import copy
import itertools
import math

import pytest

from engine.ticket_to_ride.board import DATA, board
from engine.ticket_to_ride.geometry import check_geometry, geometry
from engine.ticket_to_ride.rules import TicketToRide

BOARD = board()
GEOMETRY = geometry()
LENGTH, WIDTH = GEOMETRY["space"]["length"], GEOMETRY["space"]["width"]


def corners(x: float, y: float, angle: float) -> list[tuple[float, float]]:
    """The four corners of a space centred on (x, y) whose long side turns `angle` degrees clockwise."""
    t = math.radians(angle)
    ux, uy, vx, vy = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
    return [
        (x + a * LENGTH / 2 * ux + b * WIDTH / 2 * vx, y + a * LENGTH / 2 * uy + b * WIDTH / 2 * vy)
        for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))
    ]


def overlap(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> bool:
    """Whether two rectangles share an area (no side of either separates them)."""
    for poly in (p, q):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            nx, ny = y2 - y1, x1 - x2
            on_p = [nx * x + ny * y for x, y in p]
            on_q = [nx * x + ny * y for x, y in q]
            if max(on_p) <= min(on_q) or max(on_q) <= min(on_p):
                return False
    return True


SPACES = [(route_id, tuple(space)) for route_id, route in GEOMETRY["routes"].items() for space in route["spaces"]]


class TestCoverage:
    def test_every_city_and_every_route_is_placed(self):
        assert set(GEOMETRY["cities"]) == set(BOARD.cities) and len(GEOMETRY["cities"]) == 47
        assert set(GEOMETRY["routes"]) == set(BOARD.routes) and len(GEOMETRY["routes"]) == 101

    def test_each_route_has_its_length_in_spaces(self):
        for route_id, route in BOARD.routes.items():
            assert len(GEOMETRY["routes"][route_id]["spaces"]) == route.length, route_id

    def test_a_route_runs_from_its_first_city_to_its_second(self):
        for route_id, route in BOARD.routes.items():
            spaces = GEOMETRY["routes"][route_id]["spaces"]
            a, b = (GEOMETRY["cities"][city] for city in route.cities)
            assert math.dist((a["x"], a["y"]), spaces[0][:2]) < 2 * LENGTH, route_id
            assert math.dist((b["x"], b["y"]), spaces[-1][:2]) < 2 * LENGTH, route_id
            for here, there in itertools.pairwise(spaces):
                assert 0.8 * LENGTH < math.dist(here[:2], there[:2]) < 1.4 * LENGTH, route_id

    def test_every_space_and_city_lies_on_the_drawing(self):
        for route_id, (x, y, angle) in SPACES:
            for cx, cy in corners(x, y, angle):
                assert 0 <= cx <= GEOMETRY["width"] and 0 <= cy <= GEOMETRY["height"], route_id
        for city in GEOMETRY["cities"].values():
            assert 0 <= city["x"] <= GEOMETRY["width"] and 0 <= city["y"] <= GEOMETRY["height"]

    def test_the_file_names_its_source_and_the_game_serves_it(self):
        assert "thoun/tickettoride" in (DATA / "board.json").read_text(encoding="utf-8")
        assert GEOMETRY["provisional"] is False and GEOMETRY["sources"]
        assert TicketToRide().data()["board"] == GEOMETRY


class TestNoOverlap:
    def test_spaces_of_different_routes_never_overlap(self):
        touching = [
            (r, s)
            for (r, p), (s, q) in itertools.combinations(SPACES, 2)
            if r != s and math.dist(p[:2], q[:2]) < LENGTH and overlap(corners(*p), corners(*q))
        ]
        assert touching == []

    def test_centres_of_different_routes_are_more_than_a_space_apart(self):
        nearest = min(math.dist(p[:2], q[:2]) for (r, p), (s, q) in itertools.combinations(SPACES, 2) if r != s)
        assert nearest > WIDTH

    def test_the_tracks_of_a_double_route_run_side_by_side(self):
        for route in BOARD.routes.values():
            other = BOARD.sibling(route)
            if other is None:
                continue
            for p, q in zip(
                GEOMETRY["routes"][route.id]["spaces"], GEOMETRY["routes"][other.id]["spaces"], strict=True
            ):
                assert WIDTH < math.dist(p[:2], q[:2]) < 2 * WIDTH, route.id


@pytest.mark.parametrize("breakage", ["missing_route", "short_route", "off_board", "unknown_city"])
def test_a_broken_file_is_refused(breakage):
    raw = copy.deepcopy(GEOMETRY)
    if breakage == "missing_route":
        del raw["routes"]["Berlin-Wien"]
    elif breakage == "short_route":
        raw["routes"]["Berlin-Wien"]["spaces"].pop()
    elif breakage == "off_board":
        raw["routes"]["Berlin-Wien"]["spaces"][0][0] = raw["width"] + 1
    else:
        raw["cities"]["Atlantis"] = {"x": 1, "y": 1}
    with pytest.raises(ValueError):
        check_geometry(raw, BOARD)
