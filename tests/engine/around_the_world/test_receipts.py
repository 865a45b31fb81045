"""Receipts: red for the first to reach a location, blue for the last; gold and +1 act at once, draws are a choice."""

import pytest

from tests.engine.around_the_world.support import (
    GAME,
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
        match, _ = act(match, travel([("ship", 4), ("train", 2)]))
        match, events = act(match, {"type": "draw_receipt"})
        assert match.state["hands"][0] == [top] and match.state["phase"] == "travel"
        assert of_type(events, "your_travel_cards")[0]["cards"] == [{"id": top, "kind": "train", "days": 6}]

    @pytest.mark.parametrize("name, kept", [("offer", True), ("storm", False)])
    def test_event_card(self, name, kept):
        match = _to_paris(red="event")
        stack_events(match.state, [name])
        match, _ = act(match, travel([("ship", 4), ("train", 2)]))
        match, events = act(match, {"type": "draw_receipt"})
        assert bool(match.state["event_hands"][0]) is kept
        assert match.state["days"] == ([6, 0, 0] if kept else [6 + 2, 2, 2])

    def test_plus_one_day_for_everyone_else_still_travelling(self):
        match = _to_paris(red="delay")
        match.state["arrivals"], match.state["positions"][2] = [2], 10
        match, events = act(match, travel([("ship", 4), ("train", 2)]))
        assert match.state["days"] == [6, 1, 0]


class TestTheDrawIsAChoice:
    """ "hráč si může líznout vrchní kartu": the player may draw the top card, or decline."""

    @pytest.mark.parametrize("kind", ["event", "travel"])
    def test_a_draw_receipt_offers_draw_and_decline(self, kind):
        match, events = act(_to_paris(red=kind), travel([("ship", 4), ("train", 2)]))
        assert match.state["phase"] == "receipt" and of_type(events, "receipt_taken")
        assert not of_type(events, "event_card_drawn") and not of_type(events, "travel_cards_drawn")
        actions = GAME.legal_actions(match.state, 0)
        assert {"type": "draw_receipt"} in actions and {"type": "decline_receipt"} in actions
        assert {"type": "end_turn"} not in actions

    def test_declining_an_event_receipt_leaves_the_deck_alone(self):
        match = _to_paris(red="event")
        stack_events(match.state, ["storm"])
        deck = list(match.state["event_deck"])
        match, _ = act(match, travel([("ship", 4), ("train", 2)]))
        match, events = act(match, {"type": "decline_receipt"})
        assert match.state["event_deck"] == deck and match.state["days"] == [6, 0, 0]
        assert of_type(events, "receipt_declined")[0] == {
            "type": "receipt_declined",
            "seat": 0,
            "location": "paris",
            "colour": "red",
            "kind": "event",
            "v": 3,
        }
        assert match.state["phase"] == "travel" and {"type": "end_turn"} in GAME.legal_actions(match.state, 0)

    def test_two_draws_at_once_are_offered_one_after_the_other(self):
        match, _ = act(_to_paris(red="event", blue="travel", others=(1, 1)), travel([("ship", 4), ("train", 2)]))
        match, _ = act(match, {"type": "decline_receipt"})
        assert match.state["phase"] == "receipt"
        assert GAME.view(match.state, 0)["turn"]["receipts"][0]["kind"] == "travel"
        match, events = act(match, {"type": "draw_receipt"})
        assert len(match.state["hands"][0]) == 1 and match.state["phase"] == "travel"

    def test_with_nothing_to_draw_there_is_no_choice(self):
        match = _to_paris(red="event")
        state = match.state
        state["event_hands"][1] += state["event_deck"] + state["event_discard"]  # every event card in another hand
        state["event_deck"], state["event_discard"] = [], []
        match, events = act(match, travel([("ship", 4), ("train", 2)]))
        assert match.state["phase"] == "travel" and of_type(events, "no_event_card_left")
