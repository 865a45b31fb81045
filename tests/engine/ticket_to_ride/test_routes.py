"""Claiming routes: the colour, grey routes, ferries' locomotives, trains left and double routes."""

import pytest

from engine.core.errors import IllegalAction, MalformedAction
from engine.ticket_to_ride.board import LOCOMOTIVE
from tests.engine.ticket_to_ride.support import GAME, act, claim, colours, hand, of_type, playing, rig

L = LOCOMOTIVE


def claims_of(state, seat, route_id):
    return [
        (a["colour"], a["locomotives"])
        for a in GAME.legal_actions(state, seat)
        if a["type"] == "claim" and a["route"] == route_id
    ]


class TestColouredRoute:
    """A coloured route takes its length in cards of its colour, locomotives standing in for any of them."""

    def test_every_way_to_pay_is_listed(self):
        state = rig(playing(), hands={0: ["orange", "orange", L, L, "red"]})
        # Munchen-Wien is orange 3: 2 orange + 1 loco, 1 orange + 2 locos; not 3 locos (only 2 held).
        assert claims_of(state, 0, "Munchen-Wien") == [("orange", 1), ("orange", 2)]
        state = rig(playing(), hands={0: ["orange"] * 3 + [L] * 3})
        assert claims_of(state, 0, "Munchen-Wien") == [("orange", 0), ("orange", 1), ("orange", 2), (L, 3)]

    def test_claiming_pays_scores_and_lays_trains(self):
        state = rig(playing(), hands={0: ["orange", "orange", L, "red"]})
        state, events = act(state, 0, claim("Munchen-Wien", "orange", 1))
        assert state["claims"] == {"Munchen-Wien": 0} and state["trains"][0] == 42
        assert hand(state, 0) == {"red": 1}
        assert sorted(colours(state, state["discard"])) == [L, "orange", "orange"]
        done = of_type(events, "route_claimed")[0]
        assert (done["points"], done["trains_left"], sorted(done["colours"])) == (4, 42, [L, "orange", "orange"])
        assert GAME.view(state, 1)["players"][0]["route_points"] == 4
        assert state["active"] == 1

    def test_wrong_colour_or_too_few_cards_is_refused(self):
        state = rig(playing(), hands={0: ["red", "red", L]})
        with pytest.raises(IllegalAction, match="orange"):
            act(state, 0, claim("Munchen-Wien", "red", 0))
        with pytest.raises(IllegalAction, match="do not hold 3 red"):
            act(state, 0, claim("Berlin-Frankfurt-2", "red", 0))
        with pytest.raises(IllegalAction, match="is colour `locomotive`"):
            act(state, 0, claim("Berlin-Frankfurt-2", "red", 3))
        with pytest.raises(MalformedAction):
            act(state, 0, claim("Praha-Wien", "red", 0))
        with pytest.raises(MalformedAction):
            act(state, 0, claim("Berlin-Wien", "purple", 0))
        with pytest.raises(MalformedAction):
            act(state, 0, {"type": "claim", "route": "Berlin-Wien", "colour": "green", "locomotives": True})

    def test_a_claimed_route_is_gone(self):
        state = rig(playing(), hands={0: ["orange"] * 3, 1: ["orange"] * 3})
        state, _ = act(state, 0, claim("Munchen-Wien", "orange"))
        assert claims_of(state, 1, "Munchen-Wien") == []
        with pytest.raises(IllegalAction, match="already claimed"):
            act(state, 1, claim("Munchen-Wien", "orange"))


class TestGreyRoute:
    """A grey route takes any one colour: the actions list each colour and locomotive count, not card ids."""

    def test_by_colour_and_locomotives(self):
        state = rig(playing(), hands={0: ["red", "red", "blue", "blue", "blue", L]})
        # Kyiv-Wilno, grey 2
        assert claims_of(state, 0, "Kyiv-Wilno") == [("red", 0), ("red", 1), ("blue", 0), ("blue", 1)]

    def test_mixed_colours_do_not_pay(self):
        state = rig(playing(), hands={0: ["red", "blue"]})
        assert claims_of(state, 0, "Kyiv-Wilno") == []


class TestFerries:
    """A ferry needs as many locomotives as it shows; the rest is one colour (or more locomotives)."""

    def test_the_locomotives_are_required(self):
        state = rig(playing(), hands={0: ["green"] * 4 + [L]})
        assert claims_of(state, 0, "Palermo-Smyrna") == []  # 6 long, 2 locomotives
        state = rig(playing(), hands={0: ["green"] * 4 + [L, L, L]})
        assert claims_of(state, 0, "Palermo-Smyrna") == [("green", 2), ("green", 3)]
        with pytest.raises(IllegalAction, match="at least 2 locomotive"):
            act(state, 0, claim("Palermo-Smyrna", "green", 1))
        state, events = act(state, 0, claim("Palermo-Smyrna", "green", 2))
        assert of_type(events, "route_claimed")[0]["points"] == 15 and hand(state, 0) == {L: 1}

    def test_one_locomotive_ferry(self):
        state = rig(playing(), hands={0: ["yellow", L, L]})
        # Dieppe-London is a grey ferry of 2 with one locomotive: yellow + L, or L + L.
        assert claims_of(state, 0, "Dieppe-London-1") == [("yellow", 1), (L, 2)]


class TestTrainsLeft:
    def test_a_route_longer_than_the_trains_left_cannot_be_claimed(self):
        state = rig(playing(), hands={0: ["orange"] * 3})
        state["trains"][0] = 2
        assert claims_of(state, 0, "Munchen-Wien") == []
        with pytest.raises(IllegalAction, match="needs 3 trains"):
            act(state, 0, claim("Munchen-Wien", "orange"))


class TestDoubleRoutes:
    """With 2-3 players one track of a double route is used; with 4-5 both, by different players."""

    @pytest.mark.parametrize("players", [2, 3])
    def test_few_players_use_one_track(self, players):
        state = rig(playing(players), hands={0: ["black"] * 3, 1: ["red"] * 3})
        state, _ = act(state, 0, claim("Berlin-Frankfurt-1", "black"))
        assert claims_of(state, 1, "Berlin-Frankfurt-2") == []
        with pytest.raises(IllegalAction, match="only one track"):
            act(state, 1, claim("Berlin-Frankfurt-2", "red"))

    @pytest.mark.parametrize("players", [4, 5])
    def test_many_players_use_both_tracks(self, players):
        state = rig(playing(players), hands={0: ["black"] * 3 + ["red"] * 3, 1: ["red"] * 3})
        state, _ = act(state, 0, claim("Berlin-Frankfurt-1", "black"))
        assert claims_of(state, 1, "Berlin-Frankfurt-2") == [("red", 0)]
        state, _ = act(state, 1, claim("Berlin-Frankfurt-2", "red"))
        assert state["claims"] == {"Berlin-Frankfurt-1": 0, "Berlin-Frankfurt-2": 1}

    def test_nobody_owns_both_tracks(self):
        state = rig(playing(4), hands={0: ["black"] * 3 + ["red"] * 3})
        state, _ = act(state, 0, claim("Berlin-Frankfurt-1", "black"))
        state["active"] = 0
        assert claims_of(state, 0, "Berlin-Frankfurt-2") == []
        with pytest.raises(IllegalAction, match="other track"):
            act(state, 0, claim("Berlin-Frankfurt-2", "red"))
