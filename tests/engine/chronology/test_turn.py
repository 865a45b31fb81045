"""A turn: the top card of one of your stacks into your own chronology; right stays, wrong is discarded."""

import pytest

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.match import play
from engine.games import new_match
from tests.engine.chronology.helpers import GAME, act, arrange

CHRONOLOGY = ["battle-of-hastings", "eiffel-tower"]  # 1066, 1889


def table(**kwargs):
    return arrange(2, chronologies={0: CHRONOLOGY, 1: ["apollo-11"]}, **kwargs)


class TestPlacing:
    """Gaps are counted from the left; a placement is right while the years never go down."""

    def test_the_legal_places_are_every_gap_for_every_top_card(self):
        match = table(stacks={(0, "red"): ["battle-of-waterloo"], (0, "beige"): [], (0, "blue"): ["x-rays"]})
        assert GAME.legal_actions(match.state, 0) == [
            *({"type": "place", "colour": "red", "gap": g, "card": "battle-of-waterloo"} for g in range(3)),
            *({"type": "place", "colour": "blue", "gap": g, "card": "x-rays"} for g in range(3)),
        ]
        assert GAME.legal_actions(match.state, 1) == []

    def test_a_right_card_stays_and_shows_its_date(self):
        match = table(stacks={(0, "red"): ["battle-of-waterloo"]}, options={"powers": False})
        match, events = act(match, 0, {"type": "place", "colour": "red", "gap": 1})
        assert match.state["chronologies"][0] == ["battle-of-hastings", "battle-of-waterloo", "eiffel-tower"]
        assert events[0]["type"] == "card_placed" and events[0]["card"]["label"] == "1815"
        assert match.to_act() == {1}

    def test_a_wrong_card_is_turned_over_for_all_to_see_then_discarded(self):
        match = table(stacks={(0, "red"): ["battle-of-waterloo"]})
        match, events = act(match, 0, {"type": "place", "colour": "red", "gap": 0})
        assert match.state["chronologies"][0] == CHRONOLOGY
        assert match.state["discard"][-1] == "battle-of-waterloo"
        assert events[0] == {
            "v": 1,
            "type": "card_discarded",
            "seat": 0,
            "colour": "red",
            "gap": 0,
            "correct": False,
            "card": {
                "id": "battle-of-waterloo",
                "colour": "red",
                "title": "Napoleon's final defeat at Waterloo",
                "year": 1815,
                "label": "1815",
            },
        }
        assert GAME.view(match.state, 1)["discard"][-1]["year"] == 1815
        assert match.state["phase"] == "play" and match.to_act() == {1}

    @pytest.mark.parametrize("gap", [0, 1])
    def test_an_equal_year_fits_on_either_side(self, gap):
        match = arrange(
            2,
            chronologies={0: ["sydney-opera-house"]},
            stacks={(0, "red"): ["yom-kippur-war"]},
            options={"powers": False},
        )
        match, events = act(match, 0, {"type": "place", "colour": "red", "gap": gap})
        assert events[0]["correct"] is True and len(match.state["chronologies"][0]) == 2

    def test_the_top_card_is_the_one_placed(self):
        match = table(stacks={(0, "red"): ["normandy-landings", "battle-of-marathon"]}, options={"powers": False})
        match, events = act(match, 0, {"type": "place", "colour": "red", "gap": 0})
        assert match.state["chronologies"][0][0] == "battle-of-marathon"
        assert match.state["stacks"][0]["red"] == ["normandy-landings"]


class TestRefusals:
    """Bad placements are refused with a reason and change nothing."""

    def test_a_gap_out_of_range(self):
        match = table(stacks={(0, "red"): ["battle-of-waterloo"]})
        with pytest.raises(IllegalAction, match="gaps 0-2"):
            act(match, 0, {"type": "place", "colour": "red", "gap": 3})

    def test_an_empty_stack(self):
        match = table(stacks={(0, "beige"): []})
        with pytest.raises(IllegalAction, match="Your beige stack is empty"):
            act(match, 0, {"type": "place", "colour": "beige", "gap": 0})

    def test_a_card_that_is_not_on_top(self):
        match = table(stacks={(0, "red"): ["normandy-landings", "battle-of-marathon"]})
        with pytest.raises(IllegalAction, match="not the top"):
            act(match, 0, {"type": "place", "colour": "red", "gap": 0, "card": "normandy-landings"})

    @pytest.mark.parametrize(
        "action",
        [
            {"type": "place", "colour": "red"},
            {"type": "place", "colour": "red", "gap": True},
            {"type": "place", "colour": "purple", "gap": 0},
            {"type": "fly"},
        ],
    )
    def test_malformed(self, action):
        with pytest.raises(MalformedAction):
            act(table(), 0, action)

    def test_a_power_or_skip_before_placing(self):
        with pytest.raises(IllegalAction, match="place the top card"):
            act(table(), 0, {"type": "skip"})
        with pytest.raises(IllegalAction):
            act(table(), 0, {"type": "discard_top", "seat": 1, "colour": "red"})


class TestPowerOffer:
    """A right card offers its colour's power; a wrong card or `powers: false` offers none."""

    def test_a_right_card_offers_its_power_to_the_same_player(self):
        match = table(stacks={(0, "blue"): ["x-rays"]})
        match, events = act(match, 0, {"type": "place", "colour": "blue", "gap": 2})
        assert events[-1] == {
            "v": 1,
            "type": "power_offered",
            "seat": 0,
            "power": "blue",
            "name": "science changes everything",
        }
        assert match.state["phase"] == "power" and match.to_act() == {0}
        assert {"type": "skip"} in GAME.legal_actions(match.state, 0)

    def test_skipping_ends_the_turn(self):
        match = table(stacks={(0, "blue"): ["x-rays"]})
        match, _ = act(match, 0, {"type": "place", "colour": "blue", "gap": 2})
        match, events = act(match, 0, {"type": "skip"})
        assert events[0] == {"v": 2, "type": "power_skipped", "seat": 0, "power": "blue"}
        assert match.state["phase"] == "play" and match.state["power"] is None and match.to_act() == {1}

    def test_no_power_without_the_option(self):
        match = table(stacks={(0, "blue"): ["x-rays"]}, options={"powers": False})
        match, events = act(match, 0, {"type": "place", "colour": "blue", "gap": 2})
        assert [e["type"] for e in events] == ["card_placed"] and match.to_act() == {1}

    def test_no_offer_when_the_power_has_no_target(self):
        match = table(stacks={(0, "beige"): ["don-giovanni"]})
        for colour, cards in match.state["common"].items():  # beige moves from a common deck: none has a card
            match.state["discard"] += cards
            match.state["common"][colour] = []
        match, events = act(match, 0, {"type": "place", "colour": "beige", "gap": 1})
        assert [e["type"] for e in events] == ["card_placed"] and match.to_act() == {1}


class TestAnotherFirstPlayer:
    """With `first`, set-up and every round go round the table from that seat, and the last seat before it ends."""

    def test_set_up_and_rounds_start_with_the_first_seat(self):
        match = new_match("chronology", 3, {"first": 1, "cards_per_colour": 1, "powers": False}, 4)
        order = []
        while GAME.outcome(match.state) is None and len(order) < 12:
            (seat,) = match.to_act()
            order.append((match.state["phase"], match.state["round"], seat))
            match, _ = play(match, seat, GAME.legal_actions(match.state, seat)[0])
        assert order[:3] == [("setup", 0, 1), ("setup", 0, 2), ("setup", 0, 0)]
        assert order[3:6] == [("play", 1, 1), ("play", 1, 2), ("play", 1, 0)]
        assert order[6][:2] == ("play", 2) and order[6][2] == 1
