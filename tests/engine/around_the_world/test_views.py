"""What each seat sees: its own hand; of the others only counts and what the table shows."""

from tests.contract.test_contract import leaks
from tests.engine.around_the_world.support import GAME, act, set_hand, start, travel_phase


def _table():
    match = travel_phase(start(3))
    set_hand(match.state, 0, [("ship", 4), ("train", 2)], ["balloon"])
    set_hand(match.state, 1, [("ship", 8)], ["elephant", "offer"])
    return match


class TestViews:
    def test_own_hand_and_counts(self):
        state = _table().state
        mine = GAME.view(state, 0)
        assert sorted((c["kind"], c["days"]) for c in mine["hand"]) == [("ship", 4), ("train", 2)]
        assert [c["name"] for c in mine["event_hand"]] == ["balloon"]
        assert [(p["travel_cards"], p["event_cards"]) for p in mine["players"]] == [(2, 1), (1, 2), (3, 0)]

    def test_no_hidden_card_shows(self):
        state = _table().state
        for seat in (0, 1, 2, None):
            view = GAME.view(state, seat)
            assert not leaks(view, GAME.hidden_cards(state, seat))
            others = {c for s in range(3) if s != seat for c in state["hands"][s] + state["event_hands"][s]}
            assert not others & set(str(view).split("'"))

    def test_the_spectator_sees_no_hand(self):
        view = GAME.view(_table().state, None)
        assert view["hand"] is None and view["event_hand"] is None

    def test_public_facts(self):
        view = GAME.view(start(3).state, 2)
        assert view["detective"] == "brindisi" and view["gold_supply"] == 21
        assert view["display"][0]["space"] == "gold" and view["display"][0]["card"]["kind"] in ("ship", "train")
        assert set(view["receipts"]["paris"]) == {"red", "blue"}
        assert [p["location"] for p in view["players"]] == ["london"] * 3

    def test_a_drawn_card_is_told_only_to_its_owner(self):
        match = start(5)
        first = match.state["travel_cards"][match.state["hands"][0][0]]
        match, events = act(match, {"type": "take", "space": "exchange", "discard": [dict(first)]})
        private = [e for e in events if "to" in e]
        assert private and all(e["to"] == [0] for e in private)
        public = [e for e in events if "to" not in e]
        assert not leaks(public, GAME.hidden_cards(match.state, 1))
