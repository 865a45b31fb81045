"""The detective: two days for whoever ends the turn on his location, however they got there."""

from tests.engine.around_the_world.support import act, finish_turn, set_hand, start, travel, travel_phase


def _at_brindisi(detective: str = "brindisi"):
    match = travel_phase(start(3))
    match.state["positions"][0] = 2
    match.state["detective"] = detective
    set_hand(match.state, 0, [("ship", 5)])
    return match


class TestDetective:
    def test_staying_with_him_costs_two_days(self):
        match, events = finish_turn(_at_brindisi())
        assert match.state["days"][0] == 2
        assert {"type": "days_lost", "seats": [0], "days": 2, "reason": "detective", "totals": [2]} in [
            {k: v for k, v in e.items() if k != "v"} for e in events
        ]

    def test_travelling_away_escapes_him(self):
        match, _ = act(_at_brindisi(), travel([("ship", 5)]))
        match, _ = finish_turn(match)
        assert match.state["days"][0] == 5

    def test_travelling_to_him_costs_two_days(self):
        match, _ = act(_at_brindisi(detective="suez"), travel([("ship", 5)]))
        match, _ = finish_turn(match)
        assert match.state["days"][0] == 5 + 2

    def test_moving_him_away_in_the_turn_escapes_him(self):
        match = start(3)
        match.state["positions"][0] = 2
        match, _ = act(match, {"type": "take", "space": "detective", "location": "yokohama"})
        match, _ = finish_turn(match)
        assert match.state["days"][0] == 0

    def test_placed_on_a_player_after_their_turn_costs_nothing(self):
        match = start(3)
        match.state["positions"][0] = 3
        match, _ = finish_turn(travel_phase(match))
        match, _ = act(match, {"type": "take", "space": "detective", "location": "suez"})
        match, _ = finish_turn(match)
        assert match.state["days"][0] == 0
