"""The turn: the server's roll, the active player first, then everybody else at once from the dice left."""

import pytest

from engine.core.errors import IllegalAction, MalformedAction
from engine.lost_cities.turn import FACES
from tests.engine.lost_cities.support import GAME, REFUSE, act, column, of_type, start, take

COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]


class TestRoll:
    """The server rolls three colour dice (six colours) and three number dice (0-9) from the seed."""

    def test_three_colour_and_three_number_dice(self):
        for seed in range(30):
            roll = start(seed=seed)["roll"]
            assert len(roll["colours"]) == 3 and set(roll["colours"]) <= set(COLOURS)
            assert len(roll["numbers"]) == 3 and all(0 <= n < FACES for n in roll["numbers"])

    def test_the_seed_decides_the_dice(self):
        assert start(seed=4)["roll"] == start(seed=4)["roll"]
        assert len({str(start(seed=s)["roll"]) for s in range(10)}) > 1

    def test_every_turn_rolls_again_for_the_next_seat(self):
        state = start(3, colours=["red", "blue", "green"], numbers=[1, 2, 3])
        state, _ = act(state, 0, REFUSE)
        state, _ = act(state, 1, REFUSE)
        state, events = act(state, 2, REFUSE)
        rolled = of_type(events, "dice_rolled")[0]
        assert rolled["turn"] == 2 and rolled["active"] == 1 == state["active"]
        assert state["roll"] == {"colours": rolled["colours"], "numbers": rolled["numbers"]}
        assert GAME.to_act(state) == {1}


class TestActivePlayer:
    """The active player takes one colour and one number die, or refuses, before anybody else."""

    def test_only_the_active_player_acts_first(self):
        state = start(3, colours=["red", "blue", "green"], numbers=[1, 2, 3])
        assert GAME.to_act(state) == {0}
        assert GAME.legal_actions(state, 1) == []

    def test_every_pairing_is_offered_once_plus_refuse(self):
        state = start(colours=["red", "red", "blue"], numbers=[4, 4, 7])
        actions = GAME.legal_actions(state, 0)
        assert actions == [take("red", 4), take("red", 7), take("blue", 4), take("blue", 7), REFUSE]

    def test_a_take_writes_the_number_at_the_bottom(self):
        state = start(colours=["red", "red", "blue"], numbers=[4, 4, 7])
        state, events = act(state, 0, take("blue", 4))
        assert column(state, 0, "blue") == [4]
        assert events[0] == {"type": "dice_taken", "colour": "blue", "number": 4, "as": "number", "seat": 0}
        assert of_type(events, "number_written")[0]["space"] == 1

    def test_the_dice_must_be_on_the_table(self):
        state = start(colours=["red", "red", "blue"], numbers=[4, 4, 7])
        with pytest.raises(IllegalAction):
            act(state, 0, take("green", 4))
        with pytest.raises(IllegalAction):
            act(state, 0, take("red", 5))

    @pytest.mark.parametrize(
        "action",
        [
            {"type": "take", "colour": "pink", "number": 4},
            {"type": "take", "colour": "red", "number": "4"},
            {"type": "take", "colour": "red", "number": True},
            {"type": "take", "colour": "red", "number": 10},
            {"type": "take", "colour": "red", "number": 4, "as": "triple"},
            {"type": "accelerate", "column": "pink"},
            {"type": "dance"},
        ],
    )
    def test_malformed_actions_are_refused(self, action):
        state = start(colours=["red", "red", "blue"], numbers=[4, 4, 7])
        state["accelerations"] = {"0": 1} if action["type"] == "accelerate" else {}
        if action["type"] == "accelerate":
            state["sheets"][0]["columns"]["red"] = [1]
        with pytest.raises(MalformedAction):
            act(state, 0, action)

    def test_as_defaults_to_number(self):
        state = start(colours=["red", "red", "blue"], numbers=[0, 4, 7])
        state, _ = act(state, 0, {"type": "take", "colour": "red", "number": 0})
        assert column(state, 0, "red") == [10]


class TestOthers:
    """Then all other players at once take one colour and one number die from the four left, or refuse."""

    def test_the_others_act_together_from_the_four_dice_left(self):
        state = start(3, colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state, events = act(state, 0, take("blue", 5))
        assert GAME.to_act(state) == {1, 2}
        assert state["offer"] == {"colours": ["red", "green"], "numbers": [1, 8]}
        assert of_type(events, "others_choose")[0]["offer"] == state["offer"]
        assert GAME.legal_actions(state, 1) == [
            take("red", 1),
            take("red", 8),
            take("green", 1),
            take("green", 8),
            REFUSE,
        ]
        assert GAME.legal_actions(state, 0) == []

    def test_the_taken_dice_are_no_longer_open(self):
        state = start(colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state, _ = act(state, 0, take("blue", 5))
        with pytest.raises(IllegalAction):
            act(state, 1, take("blue", 8))
        with pytest.raises(IllegalAction):
            act(state, 1, take("red", 5))

    def test_several_players_may_take_the_same_pair(self):
        state = start(3, colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state, _ = act(state, 0, take("blue", 5))
        state, _ = act(state, 1, take("red", 1))
        state, _ = act(state, 2, take("red", 1))
        assert column(state, 1, "red") == column(state, 2, "red") == [1]

    def test_all_six_dice_are_open_when_the_active_player_refuses(self):
        state = start(colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state, _ = act(state, 0, REFUSE)
        assert state["offer"] == {"colours": ["red", "blue", "green"], "numbers": [1, 5, 8]}
        assert len(GAME.legal_actions(state, 1)) == 3 * 3 + 1

    def test_the_turn_ends_when_the_last_player_has_chosen(self):
        state = start(3, colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state, _ = act(state, 0, take("blue", 5))
        state, events = act(state, 2, REFUSE)
        assert GAME.to_act(state) == {1} and state["turn"] == 1
        assert not of_type(events, "dice_rolled")
        state, events = act(state, 1, REFUSE)
        assert state["turn"] == 2 and of_type(events, "dice_rolled")

    def test_a_finished_seat_cannot_act_again_in_the_step(self):
        state = start(3, colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state, _ = act(state, 0, take("blue", 5))
        state, _ = act(state, 1, REFUSE)
        with pytest.raises(IllegalAction):
            GAME.apply(state, 1, REFUSE)


class TestSolo:
    """With one player (deskovka's solo mode) every turn is the active player's alone."""

    def test_solo_turns_have_no_second_step(self):
        state = start(1, colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state, events = act(state, 0, take("red", 1))
        assert state["turn"] == 2 and GAME.to_act(state) == {0}
        assert not of_type(events, "others_choose")

    def test_a_solo_player_wins_every_bridge_they_reach(self):
        state = start(1, colours=["red", "blue", "green"], numbers=[1, 5, 8])
        state["sheets"][0]["columns"]["red"] = [1] * 6
        state, events = act(state, 0, take("red", 1))
        assert of_type(events, "bridge_crossed") == [
            {"type": "bridge_crossed", "column": "red", "seats": [0], "bonus": 20}
        ]
