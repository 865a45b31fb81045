"""The three powers with all their variants; none touches a chronology or takes from the discard pile."""

from collections import Counter

import pytest

from engine.core.errors import IllegalAction, MalformedAction
from tests.engine.chronology.helpers import GAME, act, arrange, tops

CHRONOLOGIES = {0: ["battle-of-hastings"], 1: ["eiffel-tower"], 2: ["apollo-11"]}


def powered(power, **kwargs):
    """Seat 0 of 3 has just placed a right card of colour `power`; only the named stacks hold cards."""
    match = arrange(3, bare=True, chronologies=CHRONOLOGIES, phase="power", **kwargs)
    match.state["power"] = power
    return match


def untouched(before, after):
    assert after.state["chronologies"] == before.state["chronologies"]
    assert after.state["discard"][: len(before.state["discard"])] == before.state["discard"]


class TestRed:
    """War destroys: discard the top card of any stack, a common deck or any player's (your own too)."""

    def table(self):
        return powered(
            "red", stacks={(1, "red"): ["battle-of-grunwald", "battle-of-waterloo"], (0, "blue"): ["penicillin"]}
        )

    def test_every_non_empty_stack_is_a_target(self):
        assert GAME.legal_actions(self.table().state, 0) == [
            {"type": "discard_top", "seat": None, "colour": "red"},
            {"type": "discard_top", "seat": 1, "colour": "red"},
            {"type": "discard_top", "seat": None, "colour": "beige"},
            {"type": "discard_top", "seat": None, "colour": "blue"},
            {"type": "discard_top", "seat": 0, "colour": "blue"},
            {"type": "skip"},
        ]

    def test_a_rivals_top_card(self):
        before = self.table()
        after, events = act(before, 0, {"type": "discard_top", "seat": 1, "colour": "red"})
        assert after.state["stacks"][1]["red"] == ["battle-of-grunwald"]
        assert after.state["discard"][-1] == "battle-of-waterloo"
        assert events[0]["type"] == "power_used" and events[0]["from"] == 1
        assert events[0]["card"] == {
            "id": "battle-of-waterloo",
            "colour": "red",
            "title": "Napoleon's final defeat at Waterloo",
        }
        untouched(before, after)
        assert after.to_act() == {1}

    def test_a_common_decks_top_card(self):
        before = self.table()
        top, size = tops(before, None, "beige"), len(before.state["common"]["beige"])
        after, _ = act(before, 0, {"type": "discard_top", "seat": None, "colour": "beige"})
        assert len(after.state["common"]["beige"]) == size - 1 and after.state["discard"][-1] == top

    def test_your_own_top_card(self):
        after, _ = act(self.table(), 0, {"type": "discard_top", "seat": 0, "colour": "blue"})
        assert after.state["stacks"][0]["blue"] == [] and after.state["discard"][-1] == "penicillin"

    def test_an_empty_stack_is_refused(self):
        with pytest.raises(IllegalAction, match="Seat 2's red stack is empty: there is no top card to discard"):
            act(self.table(), 0, {"type": "discard_top", "seat": 2, "colour": "red"})

    def test_another_powers_move_is_refused(self):
        with pytest.raises(IllegalAction, match=r"red \(war destroys\): discard_top, or skip"):
            act(self.table(), 0, {"type": "move_top", "colour": "red", "seat": 1})


class TestBeige:
    """Culture creates: the top card of any common deck onto the same-colour stack of any player."""

    def table(self):
        match = powered("beige", stacks={(1, "beige"): ["harry-potter"]})
        match.state["discard"] += match.state["common"]["blue"]
        match.state["common"]["blue"] = []
        return match

    def test_every_common_deck_with_cards_onto_every_player(self):
        assert GAME.legal_actions(self.table().state, 0) == [
            *({"type": "move_top", "colour": "red", "seat": s} for s in range(3)),
            *({"type": "move_top", "colour": "beige", "seat": s} for s in range(3)),
            {"type": "skip"},
        ]

    def test_onto_a_rivals_stack(self):
        before = self.table()
        top = tops(before, None, "beige")
        after, events = act(before, 0, {"type": "move_top", "colour": "beige", "seat": 1})
        assert after.state["stacks"][1]["beige"] == ["harry-potter", top]
        assert top not in after.state["common"]["beige"] and events[0]["onto"] == 1
        untouched(before, after)

    def test_onto_your_own_empty_stack(self):
        before = self.table()
        top = tops(before, None, "red")
        after, _ = act(before, 0, {"type": "move_top", "colour": "red", "seat": 0})
        assert after.state["stacks"][0]["red"] == [top]

    def test_an_empty_common_deck_is_refused(self):
        with pytest.raises(IllegalAction, match="The common blue deck is empty: there is no top card to move"):
            act(self.table(), 0, {"type": "move_top", "colour": "blue", "seat": 1})

    def test_the_target_is_a_player(self):
        with pytest.raises(MalformedAction, match="seat: Field may not be null"):
            act(self.table(), 0, {"type": "move_top", "colour": "red", "seat": None})


class TestBlueSwap:
    """Science changes everything (a): swap the top cards of two stacks of one colour."""

    def table(self):
        return powered(
            "blue",
            stacks={
                (0, "red"): ["battle-of-marathon"],
                (1, "red"): ["normandy-landings", "battle-of-waterloo"],
                (2, "blue"): ["telephone"],
            },
        )

    def test_every_pair_of_non_empty_stacks_of_a_colour_once_and_your_own_reshuffles(self):
        swaps = [a for a in GAME.legal_actions(self.table().state, 0) if a["type"] == "swap_tops"]
        assert swaps == [
            {"type": "swap_tops", "colour": "red", "seats": [None, 0]},
            {"type": "swap_tops", "colour": "red", "seats": [None, 1]},
            {"type": "swap_tops", "colour": "red", "seats": [0, 1]},
            {"type": "swap_tops", "colour": "blue", "seats": [None, 2]},
        ]
        reshuffles = [a for a in GAME.legal_actions(self.table().state, 0) if a["type"] == "reshuffle"]
        assert reshuffles == [{"type": "reshuffle", "colour": "red"}]

    def test_two_players_stacks(self):
        before = self.table()
        after, events = act(before, 0, {"type": "swap_tops", "colour": "red", "seats": [1, 0]})
        assert after.state["stacks"][0]["red"] == ["battle-of-waterloo"]
        assert after.state["stacks"][1]["red"] == ["normandy-landings", "battle-of-marathon"]
        assert [c["id"] for c in events[0]["cards"]] == ["battle-of-waterloo", "battle-of-marathon"]
        untouched(before, after)

    def test_a_common_deck_and_a_rivals_stack(self):
        before = self.table()
        common_top, size = tops(before, None, "blue"), len(before.state["common"]["blue"])
        after, _ = act(before, 0, {"type": "swap_tops", "colour": "blue", "seats": [None, 2]})
        assert after.state["stacks"][2]["blue"] == [common_top]
        assert after.state["common"]["blue"][-1] == "telephone" and len(after.state["common"]["blue"]) == size

    def test_an_empty_stack_is_refused(self):
        with pytest.raises(IllegalAction, match="Seat 2's red stack is empty: there is no top card to swap"):
            act(self.table(), 0, {"type": "swap_tops", "colour": "red", "seats": [0, 2]})

    def test_one_stack_twice_is_refused(self):
        with pytest.raises(IllegalAction, match="named twice"):
            act(self.table(), 0, {"type": "swap_tops", "colour": "red", "seats": [1, 1]})

    @pytest.mark.parametrize("seats", [None, [1], [0, 1, 2], [0, 7], [0, "1"]])
    def test_malformed_pairs(self, seats):
        with pytest.raises(MalformedAction):
            act(self.table(), 0, {"type": "swap_tops", "colour": "red", "seats": seats})


class TestBlueReshuffle:
    """Science changes everything (b): shuffle one of your stacks into its common deck, take as many back."""

    def table(self):
        return powered("blue", stacks={(0, "red"): ["battle-of-marathon", "battle-of-grunwald", "battle-of-waterloo"]})

    def test_the_stack_keeps_its_size_and_colour(self):
        before = self.table()
        pool = Counter(before.state["stacks"][0]["red"] + before.state["common"]["red"])
        after, events = act(before, 0, {"type": "reshuffle", "colour": "red"})
        stack = after.state["stacks"][0]["red"]
        assert len(stack) == 3 and events[0]["count"] == 3
        assert Counter(stack + after.state["common"]["red"]) == pool
        assert after.state["rng"]["counter"] > before.state["rng"]["counter"]
        assert "cards" not in events[0]  # which cards came back stays unseen
        untouched(before, after)

    def test_it_is_your_own_stack_only_and_not_an_empty_one(self):
        with pytest.raises(IllegalAction, match="Your beige stack is empty: there is nothing to shuffle"):
            act(self.table(), 0, {"type": "reshuffle", "colour": "beige"})
