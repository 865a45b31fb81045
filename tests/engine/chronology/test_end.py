"""The end: once a player has no card in any stack the round is played out; then the longest chronology wins."""

from tests.engine.chronology.helpers import GAME, act, arrange

START = {0: ["battle-of-hastings"], 1: ["eiffel-tower"], 2: ["apollo-11"]}  # 1066, 1889, 1969
RIGHT_AT_THE_END = {"type": "place", "colour": "blue", "gap": 1}  # x-rays (1895) after any of them but apollo


def three(turn, stacks, **kwargs):
    return arrange(3, bare=True, chronologies=START, stacks=stacks, turn=turn, options={"powers": False}, **kwargs)


def types(events):
    return [e["type"] for e in events]


class TestRoundPlayedOut:
    """Everybody gets as many turns as the first player: the game ends after the last seat's turn."""

    def test_a_middle_seat_empties_so_only_the_seats_after_it_play(self):
        match = three(
            1, {(0, "red"): ["battle-of-waterloo"], (1, "blue"): ["x-rays"], (2, "red"): ["fall-of-constantinople"]}
        )
        match, events = act(match, 1, RIGHT_AT_THE_END)
        assert types(events) == ["card_placed", "final_round"] and events[1]["emptied"] == [1]
        assert match.to_act() == {2} and match.state["final_round"]
        match, events = act(match, 2, {"type": "place", "colour": "red", "gap": 0})
        assert types(events) == ["card_placed", "game_over"]
        assert match.is_over() and match.to_act() == set() and GAME.legal_actions(match.state, 0) == []

    def test_the_first_seat_empties_so_everybody_else_plays_once(self):
        match = three(
            0, {(0, "blue"): ["x-rays"], (1, "red"): ["battle-of-waterloo"], (2, "red"): ["battle-of-marathon"]}
        )
        match, _ = act(match, 0, RIGHT_AT_THE_END)
        match, _ = act(match, 1, {"type": "place", "colour": "red", "gap": 0})
        assert not match.is_over() and match.to_act() == {2}
        match, events = act(match, 2, {"type": "place", "colour": "red", "gap": 1})  # wrong: Marathon is -490
        assert types(events) == ["card_discarded", "game_over"]
        outcome = GAME.outcome(match.state)
        assert outcome["winners"] == [0, 1] and outcome["decided_by"] == "shared"

    def test_the_last_seat_empties_so_the_game_ends_at_once(self):
        match = three(2, {(0, "red"): ["battle-of-waterloo"], (2, "red"): ["battle-of-marathon"]})
        match, events = act(match, 2, {"type": "place", "colour": "red", "gap": 0})
        assert types(events) == ["card_placed", "final_round", "game_over"]
        assert GAME.outcome(match.state)["winners"] == [2]

    def test_a_new_round_starts_while_nobody_has_emptied(self):
        match = three(
            2,
            {
                (0, "red"): ["battle-of-waterloo"],
                (1, "blue"): ["x-rays"],
                (2, "red"): ["battle-of-marathon", "normandy-landings"],
            },
        )
        match, events = act(match, 2, {"type": "place", "colour": "red", "gap": 0})
        assert types(events) == ["card_placed", "round_started"]
        assert match.state["round"] == 2 and match.to_act() == {0} and not match.state["final_round"]

    def test_any_player_found_without_cards_after_a_turn_starts_the_final_round(self):
        match = three(2, {(0, "red"): ["battle-of-waterloo"], (2, "red"): ["battle-of-marathon", "normandy-landings"]})
        match, events = act(match, 2, {"type": "place", "colour": "red", "gap": 0})
        assert types(events) == ["card_placed", "final_round", "game_over"]

    def test_a_player_without_cards_is_skipped_in_the_final_round(self):
        match = arrange(
            3,
            bare=True,
            chronologies=START,
            turn=0,
            stacks={
                (0, "red"): ["battle-of-waterloo"],
                (1, "red"): ["battle-of-grunwald"],
                (2, "red"): ["battle-of-marathon"],
            },
        )
        match, events = act(match, 0, {"type": "place", "colour": "red", "gap": 1})
        assert {"v": 1, "type": "final_round", "round": 1, "emptied": [0]} in events
        match, _ = act(match, 0, {"type": "discard_top", "seat": 1, "colour": "red"})  # seat 1's last card
        assert match.to_act() == {2}

    def test_placing_ones_last_card_starts_the_final_round_before_any_power(self):
        match = arrange(
            3,
            bare=True,
            chronologies=START,
            turn=0,
            stacks={
                (0, "beige"): ["harry-potter"],
                (1, "red"): ["battle-of-grunwald"],
                (2, "red"): ["battle-of-marathon"],
            },
        )
        match, events = act(match, 0, {"type": "place", "colour": "beige", "gap": 1})  # 1997 after 1066: right
        assert match.state["final_round"] and events[1]["type"] == "final_round"
        assert match.state["phase"] == "power" and match.state["common"]["beige"]
        match, _ = act(match, 0, {"type": "move_top", "colour": "beige", "seat": 0})  # refills seat 0's stack
        assert len(match.state["stacks"][0]["beige"]) == 1
        assert match.state["final_round"] and match.to_act() == {1}

    def test_the_end_stays_triggered_when_a_power_refills_an_empty_player(self):
        match = arrange(
            3,
            bare=True,
            chronologies=START,
            turn=0,
            stacks={
                (0, "red"): ["battle-of-waterloo"],
                (1, "beige"): ["harry-potter"],
                (2, "red"): ["battle-of-marathon"],
            },
        )
        match, _ = act(match, 0, {"type": "place", "colour": "red", "gap": 1})
        match, _ = act(match, 0, {"type": "skip"})
        match, _ = act(match, 1, {"type": "place", "colour": "beige", "gap": 1})
        match, _ = act(match, 1, {"type": "move_top", "colour": "red", "seat": 0})
        assert match.state["final_round"] and match.to_act() == {2}
        match, _ = act(match, 2, {"type": "place", "colour": "red", "gap": 0})
        match, _ = act(match, 2, {"type": "skip"})
        assert match.is_over()
        assert GAME.outcome(match.state)["standings"][0] == {
            "seat": 0,
            "place": 1,
            "chronology": 2,
            "cards_left": 1,
            "age": None,
        }


def finished(chronologies, stacks, ages=None):
    match = arrange(3, bare=True, chronologies=chronologies, stacks=stacks, options={"ages": ages})
    match.state["phase"] = "over"
    return GAME.outcome(match.state)


TWO = ["battle-of-hastings", "eiffel-tower"]


class TestWinner:
    """Longest chronology; tie: more cards left in stacks; tie: the youngest, if every tied age is known."""

    def test_the_longest_chronology(self):
        outcome = finished({0: ["apollo-11"], 1: TWO, 2: []}, {(0, "red"): ["battle-of-marathon"]})
        assert outcome["winners"] == [1] and outcome["decided_by"] == "chronology"
        assert [(s["seat"], s["place"]) for s in outcome["standings"]] == [(1, 1), (0, 2), (2, 3)]

    def test_a_tie_goes_to_more_cards_left(self):
        outcome = finished(
            {0: TWO, 1: ["apollo-11", "x-rays"], 2: []},
            {(0, "red"): ["battle-of-marathon"], (1, "red"): ["normandy-landings", "battle-of-grunwald"]},
        )
        assert outcome["winners"] == [1] and outcome["decided_by"] == "cards_left"
        assert outcome["standings"][1] == {"seat": 0, "place": 2, "chronology": 2, "cards_left": 1, "age": None}

    def test_then_the_youngest(self):
        outcome = finished({0: TWO, 1: ["apollo-11", "x-rays"], 2: ["telephone", "penicillin"]}, {}, ages=[30, 11, 12])
        assert outcome["winners"] == [1] and outcome["decided_by"] == "age"
        assert [(s["seat"], s["place"], s["age"]) for s in outcome["standings"]] == [(1, 1, 11), (2, 2, 12), (0, 3, 30)]

    def test_without_ages_the_tied_share_the_win(self):
        outcome = finished({0: TWO, 1: ["apollo-11", "x-rays"], 2: ["telephone"]}, {})
        assert outcome["winners"] == [0, 1] and outcome["decided_by"] == "shared"
        assert [s["place"] for s in outcome["standings"]] == [1, 1, 3]

    def test_one_unknown_age_among_the_tied_means_sharing(self):
        outcome = finished({0: TWO, 1: ["apollo-11", "x-rays"], 2: ["telephone"]}, {}, ages=[40, None, 5])
        assert outcome["winners"] == [0, 1] and outcome["decided_by"] == "shared"

    def test_twins_share(self):
        outcome = finished({0: TWO, 1: ["apollo-11", "x-rays"], 2: ["telephone", "penicillin"]}, {}, ages=[9, 9, 10])
        assert outcome["winners"] == [0, 1] and outcome["decided_by"] == "shared"
        assert [s["place"] for s in outcome["standings"]] == [1, 1, 3]

    def test_no_outcome_while_the_game_runs(self):
        assert GAME.outcome(arrange(3).state) is None
