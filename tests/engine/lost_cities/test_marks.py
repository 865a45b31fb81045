"""What a take, an arrow, an urn and a refusal write on the sheet."""

import pytest

from engine.core.errors import IllegalAction
from engine.lost_cities import LostCities
from engine.lost_cities.layout import parse_layout
from tests.engine.lost_cities.support import (
    GAME,
    REFUSE,
    STOP,
    accelerate,
    act,
    column,
    of_type,
    pinned_raw,
    start,
    take,
)


def solo(colours, numbers, **columns):
    """A solo game (no second step to wait for) with the given dice and colour columns."""
    state = start(1, colours=colours, numbers=numbers)
    for colour, numbers_written in columns.items():
        state["sheets"][0]["columns"][colour] = list(numbers_written)
    return state


class TestNumbersNeverGoDown:
    """A started column takes only a number equal to or higher than its top."""

    def test_equal_and_higher_are_offered_lower_is_not(self):
        state = solo(["red", "red", "red"], [3, 5, 7], red=[5])
        assert GAME.legal_actions(state, 0) == [take("red", 5), take("red", 7), REFUSE]

    def test_lower_is_refused_with_a_reason(self):
        state = solo(["red", "red", "red"], [3, 5, 7], red=[5])
        with pytest.raises(IllegalAction, match="never go down"):
            act(state, 0, take("red", 3))

    def test_equal_is_written(self):
        state = solo(["red", "red", "red"], [3, 5, 7], red=[5])
        state, _ = act(state, 0, take("red", 5))
        assert column(state, 0, "red") == [5, 5]

    def test_when_nothing_fits_only_refusal_is_left(self):
        state = solo(["red", "red", "blue"], [3, 4, 5], red=[9], blue=[8])
        assert GAME.legal_actions(state, 0) == [REFUSE]


class TestZero:
    """A 0 in an empty column may mark its doubling circle; otherwise a 0 is written as 10."""

    def test_an_empty_column_offers_circle_and_ten(self):
        state = solo(["red", "red", "red"], [0, 0, 0])
        assert GAME.legal_actions(state, 0) == [take("red", 0, "double"), take("red", 0), REFUSE]

    def test_the_circle_is_marked_and_the_column_stays_empty(self):
        state = solo(["red", "red", "red"], [0, 0, 0])
        state, events = act(state, 0, take("red", 0, "double"))
        assert state["sheets"][0]["circles"]["red"] is True and column(state, 0, "red") == []
        assert of_type(events, "circle_marked") == [{"type": "circle_marked", "column": "red", "seat": 0}]

    def test_a_zero_in_an_empty_column_may_be_written_as_ten(self):
        state = solo(["red", "red", "red"], [0, 0, 0])
        state, _ = act(state, 0, take("red", 0))
        assert column(state, 0, "red") == [10]

    def test_a_zero_on_a_started_column_is_ten_and_tops_anything(self):
        state = solo(["red", "red", "red"], [0, 0, 0], red=[9])
        assert GAME.legal_actions(state, 0) == [take("red", 0), REFUSE]
        state, _ = act(state, 0, take("red", 0))
        assert column(state, 0, "red") == [9, 10]

    def test_the_circle_cannot_be_marked_on_a_started_column(self):
        state = solo(["red", "red", "red"], [0, 0, 0], red=[2])
        with pytest.raises(IllegalAction, match="started"):
            act(state, 0, take("red", 0, "double"))

    def test_the_circle_is_marked_once_then_a_zero_is_ten(self):
        state = solo(["red", "red", "red"], [0, 0, 0])
        state["sheets"][0]["circles"]["red"] = True
        assert GAME.legal_actions(state, 0) == [take("red", 0), REFUSE]
        with pytest.raises(IllegalAction, match="already marked"):
            act(state, 0, take("red", 0, "double"))

    def test_only_a_zero_marks_the_circle(self):
        state = solo(["red", "red", "red"], [3, 3, 3])
        with pytest.raises(IllegalAction, match="Only a 0"):
            act(state, 0, take("red", 3, "double"))


class TestArrows:
    """Writing on an arrow lets the player accelerate any started column: its top number goes into its next space."""

    def test_an_arrow_offers_every_started_column_or_stop(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2], blue=[7])
        state, events = act(state, 0, take("red", 4))
        written = of_type(events, "number_written")[0]
        assert (written["space"], written["arrow"]) == (3, True)
        assert GAME.to_act(state) == {0} and state["turn"] == 1
        assert GAME.legal_actions(state, 0) == [accelerate("red"), accelerate("blue"), STOP]

    def test_an_acceleration_repeats_the_top_number(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2], blue=[7])
        state, _ = act(state, 0, take("red", 4))
        state, events = act(state, 0, accelerate("blue"))
        assert column(state, 0, "blue") == [7, 7]
        assert events[0] == {"type": "accelerated", "column": "blue", "seat": 0}
        assert state["turn"] == 2

    def test_stop_gives_the_acceleration_up(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2], blue=[7])
        state, _ = act(state, 0, take("red", 4))
        state, _ = act(state, 0, STOP)
        assert column(state, 0, "blue") == [7] and state["turn"] == 2

    def test_a_chain_of_two_accelerations(self):
        # red lands on arrow 3; accelerating blue lands on its arrow 6; that buys a second acceleration.
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2], blue=[2, 3, 3, 5, 6], green=[8])
        state, _ = act(state, 0, take("red", 4))
        state, events = act(state, 0, accelerate("blue"))
        assert column(state, 0, "blue") == [2, 3, 3, 5, 6, 6]
        assert of_type(events, "number_written")[0]["arrow"] is True
        assert state["accelerations"] == {"0": 1} and state["turn"] == 1
        state, _ = act(state, 0, accelerate("green"))
        assert column(state, 0, "green") == [8, 8]
        assert state["turn"] == 2

    def test_an_acceleration_onto_an_urn_marks_an_artefact(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2], blue=[5, 5, 5])
        state, _ = act(state, 0, take("red", 4))
        state, events = act(state, 0, accelerate("blue"))
        assert of_type(events, "artefact_marked") == [{"type": "artefact_marked", "space": 1, "why": "urn", "seat": 0}]
        assert state["sheets"][0]["artefacts"] == 1

    def test_unstarted_and_full_columns_cannot_be_accelerated(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2], blue=[1] * 9)
        state, _ = act(state, 0, take("red", 4))
        assert GAME.legal_actions(state, 0) == [accelerate("red"), STOP]
        with pytest.raises(IllegalAction):
            act(state, 0, accelerate("blue"))
        with pytest.raises(IllegalAction):
            act(state, 0, accelerate("green"))

    def test_an_arrow_with_nothing_to_accelerate_ends_the_step(self):
        raw = pinned_raw()
        for spec in raw["columns"][:6]:
            spec["arrows"]["spaces"] = [9]
        game = LostCities(parse_layout(raw))
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 1, 1, 2, 2, 2, 3, 3], blue=[1] * 9)
        state, events = act(state, 0, take("red", 4), game)
        assert of_type(events, "number_written")[0]["arrow"] is True
        assert state["turn"] == 2 and state["accelerations"] == {}

    def test_accelerations_come_before_anything_else(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2])
        state, _ = act(state, 0, take("red", 4))
        with pytest.raises(IllegalAction, match="accelerations first"):
            act(state, 0, REFUSE)

    def test_no_acceleration_without_an_arrow(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1])
        with pytest.raises(IllegalAction, match="no acceleration"):
            act(state, 0, accelerate("red"))
        with pytest.raises(IllegalAction, match="no acceleration"):
            act(state, 0, STOP)


class TestArtefacts:
    """An urn space marks the next artefact space; a full column that could take the number gives an artefact."""

    def test_writing_on_an_urn_marks_the_next_artefact(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2, 3])
        state["sheets"][0]["artefacts"] = 2
        state, events = act(state, 0, take("red", 4))
        assert state["sheets"][0]["artefacts"] == 3
        assert of_type(events, "artefact_marked")[0]["space"] == 3

    def test_overflow_gives_an_artefact_instead(self):
        state = solo(["red", "red", "red"], [5, 5, 5], red=[1, 1, 2, 2, 3, 3, 4, 4, 5])
        state, events = act(state, 0, take("red", 5))
        assert column(state, 0, "red") == [1, 1, 2, 2, 3, 3, 4, 4, 5]
        assert of_type(events, "artefact_marked") == [
            {"type": "artefact_marked", "space": 1, "why": "overflow", "seat": 0}
        ]

    def test_a_full_column_refuses_a_lower_number(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 1, 2, 2, 3, 3, 4, 4, 5])
        assert GAME.legal_actions(state, 0) == [REFUSE]

    def test_nothing_to_mark_is_no_take(self):
        state = solo(["red", "red", "red"], [5, 5, 5], red=[1, 1, 2, 2, 3, 3, 4, 4, 5])
        state["sheets"][0]["artefacts"] = 9
        assert GAME.legal_actions(state, 0) == [REFUSE]
        with pytest.raises(IllegalAction, match="every artefact"):
            act(state, 0, take("red", 5))

    def test_an_urn_with_the_artefact_column_full_marks_nothing_more(self):
        state = solo(["red", "red", "red"], [4, 4, 4], red=[1, 2, 3])
        state["sheets"][0]["artefacts"] = 9
        state, events = act(state, 0, take("red", 4))
        assert column(state, 0, "red") == [1, 2, 3, 4] and not of_type(events, "artefact_marked")
        assert state["sheets"][0]["artefacts"] == 9


class TestRefusal:
    """Refusing marks the next dice space; the 9th makes the player exhausted, who plays on and then marks nothing."""

    def test_a_refusal_marks_the_dice_column(self):
        state = solo(["red", "red", "red"], [4, 4, 4])
        state, events = act(state, 0, REFUSE)
        assert state["sheets"][0]["dice"] == 1
        assert events[:2] == [
            {"type": "refused", "seat": 0},
            {"type": "die_marked", "space": 1, "exhausted": False, "seat": 0},
        ]

    def test_the_ninth_mark_exhausts(self):
        state = start(2, colours=["red", "red", "red"], numbers=[4, 4, 4])
        state["sheets"][0]["dice"] = 8
        state, events = act(state, 0, REFUSE)
        assert of_type(events, "die_marked")[0] == {"type": "die_marked", "space": 9, "exhausted": True, "seat": 0}
        assert GAME.view(state, None)["sheets"][0]["exhausted"] is True

    def test_an_exhausted_player_plays_on(self):
        state = start(2, colours=["red", "red", "red"], numbers=[4, 4, 4])
        state["sheets"][0]["dice"] = 9
        assert take("red", 4) in GAME.legal_actions(state, 0)
        state, _ = act(state, 0, take("red", 4))
        assert column(state, 0, "red") == [4]

    def test_an_exhausted_refusal_marks_nothing(self):
        state = start(2, colours=["red", "red", "red"], numbers=[4, 4, 4])
        state["sheets"][0]["dice"] = 9
        state, events = act(state, 0, REFUSE)
        assert state["sheets"][0]["dice"] == 9
        assert [e["type"] for e in events if e.get("seat") == 0] == ["refused"]
