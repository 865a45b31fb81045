"""Sheets and dice are public; choices in the simultaneous step stay hidden until everybody has chosen."""

from engine.core.match import visible_to
from tests.engine.lost_cities.support import GAME, REFUSE, act, of_type, start, take


def others_step(red=(1,)):
    """Seat 0 took blue 5; seats 1 and 2 choose at once from red/green and 1/8; seat 1's red column is given."""
    state = start(3, colours=["red", "blue", "green"], numbers=[1, 5, 8])
    state["sheets"][1]["columns"]["red"] = list(red)
    state, _ = act(state, 0, take("blue", 5))
    return state


class TestHiddenChoices:
    """Until the reveal, the others see only that a seat has chosen."""

    def test_a_choice_is_seen_only_by_its_seat(self):
        state = others_step()
        state, events = act(state, 1, take("red", 1))
        private = [e for e in events if e["type"] != "player_chose"]
        assert private and all(e["to"] == [1] for e in private)
        assert of_type(events, "player_chose") == [{"type": "player_chose", "seat": 1}]
        assert all(not visible_to(e, 2) and not visible_to(e, None) for e in private)

    def test_the_others_see_the_sheet_as_it_was(self):
        state = others_step()
        state, _ = act(state, 1, take("red", 1))
        for viewer in (0, 2, None):
            view = GAME.view(state, viewer)
            assert view["sheets"][1]["columns"]["red"] == [1]
            assert view["chosen"] == [1]
            assert view["accelerations"] == []
        assert GAME.view(state, 1)["sheets"][1]["columns"]["red"] == [1, 1]

    def test_pending_accelerations_are_the_seat_own_business(self):
        state = others_step(red=(1, 1))
        state, _ = act(state, 1, take("red", 1))  # space 3: an arrow
        assert GAME.view(state, 1)["accelerations"] == [{"seat": 1, "left": 1}]
        assert GAME.view(state, 2)["accelerations"] == []
        assert GAME.view(state, 2)["chosen"] == []  # still accelerating: not yet chosen

    def test_the_active_players_turn_is_public(self):
        state = start(3, colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state, events = act(state, 0, take("blue", 5))
        assert all("to" not in e for e in events)
        assert GAME.view(state, 2)["sheets"][0]["columns"]["blue"] == [5]
        assert GAME.view(state, None)["active_choice"] == take("blue", 5)

    def test_the_reveal_is_public_and_tells_everything(self):
        state = others_step(red=(1, 1))
        state, _ = act(state, 1, take("red", 1))
        state, _ = act(state, 1, {"type": "stop"})
        state, events = act(state, 2, REFUSE)
        reveal = of_type(events, "choices_revealed")[0]
        assert "to" not in reveal
        by_seat = {c["seat"]: [e["type"] for e in c["events"]] for c in reveal["choices"]}
        assert by_seat == {1: ["dice_taken", "number_written", "accelerations_stopped"], 2: ["refused", "die_marked"]}
        assert all("to" not in e for c in reveal["choices"] for e in c["events"])
        assert GAME.view(state, 2)["sheets"][1]["columns"]["red"] == [1, 1, 1]
        assert GAME.view(state, None)["sheets"][2]["dice"] == 1
