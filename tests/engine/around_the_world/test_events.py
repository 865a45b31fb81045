"""Event cards: the grey ones at once, the princess, Beziehungen and the cards kept in hand."""

import pytest

from engine.around_the_world.travel import plans
from engine.core.errors import IllegalAction
from tests.engine.around_the_world.support import (
    BOARD,
    GAME,
    act,
    card_multiset,
    discard_event_on_top,
    of_type,
    set_hand,
    stack_events,
    start,
    travel,
    travel_phase,
)


def _home(state, seat):
    """Put a seat home in London as if it had arrived in round 1."""
    state["positions"][seat] = BOARD.home
    state["arrivals"].append(seat)
    state["arrival_rounds"][seat] = 1
    state["travel_discard"][:0] = state["hands"][seat]
    state["hands"][seat] = []


class TestGreyEvents:
    """Verzögerung and Unwetter act at once: days for everyone still travelling, every event card reshuffled."""

    @pytest.mark.parametrize("name, days", [("storm", 2), ("delay", 1)])
    def test_drawn_by_the_action(self, name, days):
        match = start(4)
        _home(match.state, 3)
        match.state["days"] = [10, 20, 30, 40]
        set_hand(match.state, 1, [], ["elephant", "offer"])
        discard_event_on_top(match.state, "princess")
        stack_events(match.state, [name])
        before = card_multiset(match.state)
        match, events = act(match, {"type": "take", "space": "event", "use": True})
        assert match.state["days"] == [10 + days, 20 + days, 30 + days, 40]
        assert match.state["event_hands"] == [[], [], [], []] and match.state["event_discard"] == []
        assert len(match.state["event_deck"]) == 15 and card_multiset(match.state) == before
        (grey,) = of_type(events, "grey_event")
        assert (grey["card"], grey["days"], grey["discarded"]) == (name, days, [{"seat": 1, "count": 2}])

    def test_bought_grey_cards_act_at_once_too(self):
        match = travel_phase(start(3))
        match.state["gold"][0] = 2
        stack_events(match.state, ["delay"])
        match, _ = act(match, {"type": "buy", "deck": "event"})
        assert match.state["days"] == [1, 1, 1] and match.state["event_hands"][0] == []


class TestPrincess:
    """The princess acts as the top card of the event discard pile."""

    def test_as_a_submarine(self):
        match = travel_phase(start(3))
        match.state["positions"][0] = 3
        set_hand(match.state, 0, [("ship", 8)], ["princess"])
        assert plans(match.state, BOARD, 0) == []
        discard_event_on_top(match.state, "submarine")
        (plan,) = plans(match.state, BOARD, 0)
        assert (plan.cards, plan.events, plan.fixed) == ((("ship", 8),), ("princess",), 8 + 3)
        match, _ = act(match, plan.action())
        assert match.state["event_cards"][match.state["event_discard"][-1]] == "princess"

    def test_as_an_elephant(self):
        match = travel_phase(start(3))
        match.state["positions"][0] = 4
        set_hand(match.state, 0, [], ["princess"])
        discard_event_on_top(match.state, "elephant")
        assert travel(events=["princess"]) in GAME.legal_actions(match.state, 0)

    def test_nothing_to_copy(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [("ship", 8)], ["princess"])
        assert {a["type"] for a in GAME.legal_actions(match.state, 0)} == {"end_turn"}


class TestConnection:
    """Beziehungen, played after travelling, opens one more leg in the same turn, never to Calcutta by elephant."""

    def test_two_legs_in_one_turn(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [("ship", 4), ("train", 2), ("train", 3), ("train", 4)], ["connection"])
        assert {"type": "play_event", "card": "connection"} not in GAME.legal_actions(match.state, 0)
        match, _ = act(match, travel([("ship", 4), ("train", 2)]))
        assert {"type": "play_event", "card": "connection"} in GAME.legal_actions(match.state, 0)
        match, events = act(match, {"type": "play_event", "card": "connection"})
        assert of_type(events, "event_played")[0]["effect"] == "connection"
        match, _ = act(match, travel([("train", 3), ("train", 4)]))
        assert match.state["positions"][0] == 2 and match.state["days"][0] == 6 + 7

    def test_not_into_the_elephant_leg(self):
        match = travel_phase(start(3))
        match.state["positions"][0] = 3
        set_hand(match.state, 0, [("ship", 4), ("ship", 5)], ["connection"])
        match, _ = act(match, travel([("ship", 4), ("ship", 5)]))
        assert match.state["positions"][0] == 4
        with pytest.raises(IllegalAction, match="never Bombay -> Calcutta"):
            act(match, {"type": "play_event", "card": "connection"})

    def test_the_princess_as_connection(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [("ship", 4), ("train", 2)], ["princess"])
        discard_event_on_top(match.state, "connection")
        match, _ = act(match, travel([("ship", 4), ("train", 2)]))
        assert {"type": "play_event", "card": "princess"} in GAME.legal_actions(match.state, 0)


class TestEventCardsInHand:
    def test_others_see_only_how_many(self):
        match = travel_phase(start(3))
        set_hand(match.state, 0, [], ["elephant"])
        mine, theirs = GAME.view(match.state, 0), GAME.view(match.state, 1)
        assert [c["name"] for c in mine["event_hand"]] == ["elephant"]
        assert theirs["event_hand"] == [] and theirs["players"][0]["event_cards"] == 1
