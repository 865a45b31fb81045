"""Receipts: red for the first to reach a location, blue for the last; each acts at once."""

import pytest

from tests.engine.around_the_world.support import (
    act,
    of_type,
    set_hand,
    stack_events,
    stack_travel,
    start,
    travel,
    travel_phase,
)


def _to_paris(red=None, blue=None, others=(0, 0)):
    match = travel_phase(start(3))
    match.state["receipts"]["paris"] = {"red": red, "blue": blue}
    match.state["positions"][1:] = list(others)
    set_hand(match.state, 0, [("ship", 4), ("train", 2)])
    return match


class TestWhoTakesThem:
    def test_the_first_takes_red(self):
        match, events = act(_to_paris(red="gold", blue="gold"), travel([("ship", 4), ("train", 2)]))
        assert match.state["receipts"]["paris"] == {"red": None, "blue": "gold"}
        assert match.state["receipts_taken"][0] == [{"location": "paris", "colour": "red", "kind": "gold"}]
        assert match.state["gold"][0] == 2

    def test_the_last_takes_blue(self):
        match, events = act(_to_paris(blue="gold", others=(1, 3)), travel([("ship", 4), ("train", 2)]))
        assert match.state["receipts"]["paris"] == {"red": None, "blue": None}
        assert [r["colour"] for r in match.state["receipts_taken"][0]] == ["blue"]

    def test_nobody_in_between(self):
        match, events = act(_to_paris(blue="gold", others=(0, 3)), travel([("ship", 4), ("train", 2)]))
        assert match.state["receipts"]["paris"]["blue"] == "gold" and not of_type(events, "receipt_taken")


class TestEffects:
    def test_travel_card(self):
        match = _to_paris(red="travel")
        stack_travel(match.state, [("train", 6)])
        top = match.state["travel_deck"][-1]
        match, events = act(match, travel([("ship", 4), ("train", 2)]))
        assert match.state["hands"][0] == [top]
        assert of_type(events, "your_travel_cards")[0]["cards"] == [{"id": top, "kind": "train", "days": 6}]

    @pytest.mark.parametrize("name, kept", [("offer", True), ("storm", False)])
    def test_event_card(self, name, kept):
        match = _to_paris(red="event")
        stack_events(match.state, [name])
        match, events = act(match, travel([("ship", 4), ("train", 2)]))
        assert bool(match.state["event_hands"][0]) is kept
        assert match.state["days"] == ([6, 0, 0] if kept else [6 + 2, 2, 2])

    def test_plus_one_day_for_everyone_else_still_travelling(self):
        match = _to_paris(red="delay")
        match.state["arrivals"], match.state["positions"][2] = [2], 10
        match, events = act(match, travel([("ship", 4), ("train", 2)]))
        assert match.state["days"] == [6, 1, 0]
