"""Tunnels: three cards turned from the pile, one more card for each of the paid colour or a locomotive."""

import pytest

from engine.core.errors import IllegalAction
from engine.ticket_to_ride.board import LOCOMOTIVE
from tests.engine.ticket_to_ride.support import GAME, GIVE_UP, act, claim, colours, hand, of_type, playing, rig

L = LOCOMOTIVE
# Munchen-Venezia is a blue tunnel of 2.
TUNNEL = "Munchen-Venezia"


def attempt(top, held, paid=("blue", 0), **options):
    state = rig(playing(**options), hands={0: held}, top=top, faceup=["white"] * 5)
    return act(state, 0, claim(TUNNEL, *paid))


class TestReveal:
    def test_no_match_builds_at_once(self):
        state, events = attempt(["red", "green", "black"], ["blue", "blue"])
        assert state["claims"] == {TUNNEL: 0} and state["tunnel"] is None and state["active"] == 1
        assert of_type(events, "tunnel_revealed")[0]["colours"] == ["red", "green", "black"]
        assert of_type(events, "tunnel_revealed")[0]["extra"] == 0
        assert sorted(colours(state, state["discard"])) == ["black", "blue", "blue", "green", "red"]

    def test_matches_and_locomotives_ask_for_more(self):
        state, events = attempt(["blue", L, "green"], ["blue", "blue", "blue", L, L])
        assert state["step"] == "tunnel" and state["tunnel"]["extra"] == 2 and GAME.to_act(state) == {0}
        assert state["claims"] == {}
        view = GAME.view(state, 1)["tunnel"]
        assert [c["colour"] for c in view["revealed"]] == ["blue", L, "green"] and view["extra"] == 2
        assert GAME.legal_actions(state, 0) == [
            {"type": "pay_tunnel", "locomotives": 1},
            {"type": "pay_tunnel", "locomotives": 2},
            GIVE_UP,
        ]

    def test_locomotives_only_count_only_locomotives(self):
        state, events = attempt(["blue", "blue", L], [L, L, L, "blue"], paid=(L, 2))
        assert state["tunnel"]["extra"] == 1
        assert GAME.legal_actions(state, 0) == [{"type": "pay_tunnel", "locomotives": 1}, GIVE_UP]

    def test_a_short_pile_reveals_what_it_has(self):
        state = rig(playing(), hands={0: ["blue", "blue"]}, faceup=["white"] * 5)
        state["hands"][1] = state["deck"][:-2]
        state["deck"] = state["deck"][-2:]
        state, events = act(state, 0, claim(TUNNEL, "blue"))
        assert len(of_type(events, "tunnel_revealed")[0]["colours"]) == 2


class TestPay:
    def test_paying_builds_the_tunnel(self):
        state, _ = attempt(["blue", L, "green"], ["blue", "blue", "blue", L, L, "red"])
        state, events = act(state, 0, {"type": "pay_tunnel", "locomotives": 1})
        assert state["claims"] == {TUNNEL: 0} and hand(state, 0) == {"red": 1, L: 1}
        assert sorted(of_type(events, "route_claimed")[0]["colours"]) == ["blue", "blue", "blue", L]
        assert state["trains"][0] == 43 and state["step"] == "turn" and state["active"] == 1
        assert len(state["discard"]) == 4 + 3

    def test_a_payment_the_hand_cannot_make_is_refused(self):
        state, _ = attempt(["blue", L, "green"], ["blue", "blue", "blue", L, L])
        with pytest.raises(IllegalAction, match="cannot pay"):
            act(state, 0, {"type": "pay_tunnel", "locomotives": 0})

    def test_nothing_to_pay_with_leaves_only_giving_up(self):
        state, _ = attempt(["blue", "blue", "blue"], ["blue", "blue", "red"])
        assert GAME.legal_actions(state, 0) == [GIVE_UP]


class TestGiveUp:
    """By default the cards paid go back to the hand; with `tunnel_failure: discard` they are lost."""

    def test_return_by_default(self):
        state, _ = attempt(["blue", "blue", "green"], ["blue", "blue", "red"])
        state, events = act(state, 0, GIVE_UP)
        assert hand(state, 0) == {"blue": 2, "red": 1} and state["claims"] == {}
        assert sorted(colours(state, state["discard"])) == ["blue", "blue", "green"]
        assert of_type(events, "tunnel_abandoned")[0] == {
            "type": "tunnel_abandoned",
            "seat": 0,
            "route": TUNNEL,
            "cards": "returned",
            "count": 2,
        }
        assert state["active"] == 1 and state["tunnel"] is None and state["trains"][0] == 45

    def test_discard_option_loses_the_cards(self):
        state, _ = attempt(["blue", "blue", "green"], ["blue", "blue", "red"], tunnel_failure="discard")
        state, events = act(state, 0, GIVE_UP)
        assert hand(state, 0) == {"red": 1}
        assert sorted(colours(state, state["discard"])) == ["blue", "blue", "blue", "blue", "green"]
        assert of_type(events, "tunnel_abandoned")[0]["cards"] == "discarded"

    def test_the_tunnel_stays_open_for_others(self):
        state, _ = attempt(["blue", "blue", "green"], ["blue", "blue"])
        state, _ = act(state, 0, GIVE_UP)
        assert TUNNEL not in state["claims"]
