"""The balloon (action or card) with re-rolls for gold, and the elephants between Bombay and Calcutta."""

import pytest

from engine.core.errors import IllegalAction
from tests.engine.around_the_world.support import (
    GAME,
    act,
    of_type,
    rig_dice,
    set_hand,
    start,
    travel,
    travel_phase,
)


def _balloon_turn(cards, events=(), position=0, gold=1):
    match, _ = act(start(3), {"type": "take", "space": "balloon", "use": True})
    match.state["positions"][0] = position
    match.state["gold"][0] = gold
    set_hand(match.state, 0, cards, events)
    return match


class TestBalloon:
    """One card of the leg counts a die roll instead of its days; each re-roll costs 1 gold; the last roll counts."""

    def test_balloon_from_the_action_with_a_re_roll(self):
        match = _balloon_turn([("ship", 7), ("train", 3)], gold=1)
        action = travel([("ship", 7), ("train", 3)], balloon_action=True)
        assert action in GAME.legal_actions(match.state, 0)
        rig_dice(match.state, [6, 2])
        match, events = act(match, action)
        assert match.state["phase"] == "roll" and of_type(events, "die_rolled")[0]["die"] == 6
        assert match.state["roll"]["replaced"] == {"kind": "ship", "days": 7} and match.state["roll"]["base"] == 3
        assert GAME.legal_actions(match.state, 0) == [{"type": "accept"}, {"type": "reroll"}]
        match, events = act(match, {"type": "reroll"})
        assert match.state["gold"][0] == 0 and of_type(events, "die_rolled")[0]["die"] == 2
        assert GAME.legal_actions(match.state, 0) == [{"type": "accept"}]  # no gold left to re-roll
        with pytest.raises(IllegalAction, match="re-roll costs 1 gold"):
            act(match, {"type": "reroll"})
        match, events = act(match, {"type": "accept"})
        (moved,) = of_type(events, "travelled")
        assert (moved["days"], moved["die"]) == (3 + 2, 2)
        assert match.state["days"][0] == 5 and match.state["positions"][0] == 1
        assert match.state["turn"]["balloon_used"]

    def test_the_balloon_still_needs_every_card_paid(self):
        match = _balloon_turn([("ship", 7)])
        assert not [a for a in GAME.legal_actions(match.state, 0) if a["type"] == "travel"]

    def test_the_balloon_card(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [("ship", 8), ("ship", 8)], ["balloon"])
        match.state["positions"][0] = 3
        action = travel([("ship", 8), ("ship", 8)], ["balloon"])
        assert action in GAME.legal_actions(match.state, 0)
        rig_dice(match.state, [1])
        match, _ = act(match, action)
        assert match.state["roll"]["base"] == 8  # 2x "8 ship" and the balloon: 8 and the balloon
        match, _ = act(match, {"type": "accept"})
        assert match.state["days"][0] == 9
        assert [match.state["event_cards"][c] for c in match.state["event_discard"]][-1] == "balloon"

    def test_only_one_balloon_a_leg(self):
        match = _balloon_turn([("ship", 7), ("train", 3)], ["balloon"])
        actions = GAME.legal_actions(match.state, 0)
        assert travel([("ship", 7), ("train", 3)], ["balloon"], balloon_action=True) not in actions
        assert travel([("ship", 7), ("train", 3)], ["balloon"]) in actions
        assert travel([("ship", 7), ("train", 3)], balloon_action=True) in actions


class TestElephants:
    """Bombay -> Calcutta takes no travel cards: 12 days on elephants, or the Elefant card: 6 days + a die."""

    def test_walking_costs_twelve_days(self):
        match = travel_phase(start(3))
        match.state["positions"][0] = 4
        match.state["receipts"]["calcutta"]["red"] = None  # somebody was first there: no receipt to draw from
        set_hand(match.state, 0, [("ship", 4), ("train", 2)])
        travels = [a for a in GAME.legal_actions(match.state, 0) if a["type"] == "travel"]
        assert travels == [travel()]
        match, events = act(match, travel())
        assert of_type(events, "travelled")[0]["days"] == 12 and match.state["positions"][0] == 5
        assert len(match.state["hands"][0]) == 2

    def test_the_elephant_card_with_a_re_roll(self):
        match, _ = act(start(3), {"type": "take", "space": "balloon", "use": True})
        match.state["positions"][0] = 4
        match.state["gold"][0] = 3
        set_hand(match.state, 0, [("ship", 4)], ["elephant", "balloon", "offer"])
        travels = [a for a in GAME.legal_actions(match.state, 0) if a["type"] == "travel"]
        assert travels == [travel(events=["elephant"]), travel()]  # 9.5 expected before 12; no balloon, no offer
        rig_dice(match.state, [5, 1])
        match, _ = act(match, travel(events=["elephant"]))
        assert match.state["roll"] | {"travel": None} == {
            "effect": "elephant",
            "base": 6,
            "die": 5,
            "rerolls": 0,
            "replaced": None,
            "travel": None,
        }
        match, _ = act(match, {"type": "reroll"})
        match, events = act(match, {"type": "accept"})
        assert match.state["days"][0] == 7 and match.state["gold"][0] == 2

    def test_an_unused_elephant_is_worth_one_gold(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [], ["elephant"])
        match, events = act(match, {"type": "sell_event", "card": "elephant"})
        assert match.state["gold"][0] == 2 and not match.state["event_hands"][0]
        assert match.state["event_cards"][match.state["event_discard"][-1]] == "elephant"

    def test_no_gold_for_an_elephant_from_an_empty_supply(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [], ["elephant"])
        match.state["gold"] = [22, 1, 1]
        with pytest.raises(IllegalAction):
            act(match, {"type": "sell_event", "card": "elephant"})


class TestBuying:
    """Two gold buy the top card of the travel or the event deck, at any time of the travel step."""

    def test_buy_a_travel_card(self):
        match = travel_phase(start(3))
        match.state["gold"][0] = 2
        top = match.state["travel_deck"][-1]
        match, events = act(match, {"type": "buy", "deck": "travel"})
        assert top in match.state["hands"][0] and match.state["gold"][0] == 0
        assert {"type": "buy", "deck": "travel"} not in GAME.legal_actions(match.state, 0)

    def test_not_without_two_gold(self):
        match = travel_phase(start(3))
        with pytest.raises(IllegalAction, match="costs 2 gold"):
            act(match, {"type": "buy", "deck": "event"})
