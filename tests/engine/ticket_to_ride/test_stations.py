"""Stations: 1, 2, 3 cards of one colour, one per city; at the end each lends one route of another player."""

import pytest

from engine.core.errors import IllegalAction
from engine.ticket_to_ride.board import LOCOMOTIVE
from engine.ticket_to_ride.scoring import best_borrowing, final_result
from tests.engine.ticket_to_ride.support import BOARD, GAME, act, colours, hand, of_type, playing, rig, station, ticket

L = LOCOMOTIVE


def station_payments(state, seat, city):
    return [
        (a["colour"], a["locomotives"])
        for a in GAME.legal_actions(state, seat)
        if a["type"] == "build_station" and a["city"] == city
    ]


class TestBuilding:
    def test_the_costs_rise_1_2_3(self):
        state = rig(playing(), hands={0: ["red"] * 6 + [L]})
        assert station_payments(state, 0, "Wien") == [("red", 0), (L, 1)]
        state, events = act(state, 0, station("Wien", "red"))
        assert state["stations"] == {"Wien": 0} and hand(state, 0) == {"red": 5, L: 1}
        assert of_type(events, "station_built") == [
            {"type": "station_built", "seat": 0, "city": "Wien", "colours": ["red"]}
        ]
        state["active"] = 0
        assert station_payments(state, 0, "Roma") == [("red", 0), ("red", 1)]
        state, _ = act(state, 0, station("Roma", "red", 1))
        state["active"] = 0
        assert station_payments(state, 0, "Riga") == [("red", 0)]
        state, _ = act(state, 0, station("Riga", "red"))
        assert hand(state, 0) == {"red": 1} and sorted(colours(state, state["discard"])) == [L] + ["red"] * 5
        state["active"] = 0
        assert station_payments(state, 0, "Kyiv") == []
        with pytest.raises(IllegalAction, match="no station left"):
            act(state, 0, station("Kyiv", "red"))
        assert sorted(c for c, s in GAME.view(state, 1)["stations"].items() if s == 0) == ["Riga", "Roma", "Wien"]
        assert GAME.view(state, 1)["players"][0]["stations_left"] == 0

    def test_one_station_per_city(self):
        state = rig(playing(), hands={0: ["red"], 1: ["blue"]})
        state, _ = act(state, 0, station("Wien", "red"))
        assert station_payments(state, 1, "Wien") == []
        with pytest.raises(IllegalAction, match="already has a station"):
            act(state, 1, station("Wien", "blue"))

    def test_mixed_colours_do_not_pay(self):
        state = rig(playing(), hands={0: ["red", "blue", "green"]})
        state["stations"] = {"Roma": 0}
        assert station_payments(state, 0, "Wien") == []


def ended(players=2, claims=None, stations=None, kept=None):
    state = playing(players)
    state["claims"] = dict(claims or {})
    state["stations"] = dict(stations or {})
    state["kept"] = [list(k) for k in (kept or [[] for _ in range(players)])]
    return state


class TestBorrowedRoutes:
    """Each station lends its owner one route of another player into its city, the one that scores best."""

    def test_the_station_borrows_the_route_that_completes_a_ticket(self):
        state = ended(
            claims={"Sarajevo-Sofia": 0, "Budapest-Sarajevo": 1, "Budapest-Wien-1": 1, "Budapest-Zagrab": 1},
            stations={"Budapest": 0},
            kept=[[ticket("Budapest", "Sofia")], []],
        )
        assert best_borrowing(BOARD, state, 0) == ([("Budapest", "Budapest-Sarajevo")], 5)
        breakdown = standing(final_result(BOARD, state), 0)["breakdown"]
        assert breakdown["tickets"]["points"] == 5
        assert breakdown["stations"] == {
            "points": 8,
            "built": 1,
            "unused": 2,
            "borrowed": [{"city": "Budapest", "route": "Budapest-Sarajevo", "owner": 1}],
        }

    def test_one_station_lends_one_route_only(self):
        # The Czech example: Petrograd to Kharkov over Moskva, both routes another player's.
        claims = {"Moskva-Petrograd": 1, "Kharkov-Moskva": 1, "Kharkov-Rostov": 0}
        one = ended(claims=claims, stations={"Moskva": 0}, kept=[[ticket("Kyiv", "Petrograd")], []])
        one["claims"]["Kharkov-Kyiv"] = 0
        assert best_borrowing(BOARD, one, 0)[1] == -6
        two = ended(
            claims={**one["claims"]}, stations={"Petrograd": 0, "Kharkov": 0}, kept=[[ticket("Kyiv", "Petrograd")], []]
        )
        borrowed, points = best_borrowing(BOARD, two, 0)
        assert points == 6 and borrowed == [("Kharkov", "Kharkov-Moskva"), ("Petrograd", "Moskva-Petrograd")]

    def test_a_station_without_foreign_routes_borrows_nothing(self):
        state = ended(claims={"Berlin-Wien": 0}, stations={"Wien": 0}, kept=[[], []])
        assert best_borrowing(BOARD, state, 0) == ([("Wien", None)], 0)

    def test_borrowed_routes_do_not_count_for_the_express(self):
        state = ended(
            claims={"Berlin-Wien": 0, "Munchen-Wien": 1, "Budapest-Wien-1": 1}, stations={"Wien": 0}, kept=[[], []]
        )
        result = final_result(BOARD, state)
        assert standing(result, 0)["breakdown"]["european_express"]["longest_path"] == 3
        assert standing(result, 1)["breakdown"]["european_express"]["longest_path"] == 4


def standing(result, seat):
    return next(s for s in result["standings"] if s["seat"] == seat)
