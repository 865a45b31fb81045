"""Arriving in London, the time pressure that follows, the end for 2, 3-5 and 6 players, and the winner."""

import pytest

from tests.engine.around_the_world.support import (
    BOARD,
    GAME,
    act,
    finish_turn,
    of_type,
    seat_of,
    set_hand,
    start,
    travel,
    travel_phase,
    types,
)

# New York -> London needs 2 ships + 1 train: (ship 8, ship 8, train 2) costs 10 days.
HOME_CARDS = [("ship", 8), ("ship", 8), ("train", 2)]


def bring_home(match):
    """Let the seat to act take a card and travel New York -> London."""
    seat = seat_of(match)
    match = travel_phase(match)
    match.state["positions"][seat] = 9
    set_hand(match.state, seat, HOME_CARDS)
    return act(match, travel(HOME_CARDS))


def play_round(match, home=(), days=None):
    """Play one round: seats in `home` arrive in London, the others pass. Return the match and the events."""
    events = []
    current = match.state["round"]
    while match.state["round"] == current and match.state["phase"] != "over":
        seat = seat_of(match)
        if days is not None:
            match.state["days"][seat] = days[seat]
        if seat in home:
            match, more = bring_home(match)
        else:
            match, more = finish_turn(travel_phase(match))
        events += more
    return match, events


class TestArriving:
    def test_a_player_home_leaves_the_round_and_the_table(self):
        match = start(4)
        match.state["event_hands"][0] = [match.state["event_deck"].pop()]
        bottom = match.state["travel_discard"][:]
        match, events = bring_home(match)
        state = match.state
        (home,) = of_type(events, "arrived_in_london")
        assert (home["seat"], home["days"], home["arrival"]) == (0, 10, 1)
        assert state["arrivals"] == [0] and state["hands"][0] == [] and state["event_hands"][0] == []
        # Its cards lie under the discard piles: the top card of each pile is unchanged.
        assert state["travel_discard"][-2:] != bottom and len(state["event_discard"]) == 1
        assert seat_of(match) == 1  # its turn ended with the arrival
        match, events = play_round(match)
        assert match.state["order"] == [1, 2, 3]
        assert [slot["space"] for slot in match.state["display"]] == BOARD.supply["spaces"][:4]

    def test_every_later_round_costs_a_day_to_those_still_travelling(self):
        match = start(4)
        match, events = play_round(match, home={0})
        # The arrival round costs nothing; the next round starts with the loss (its first event of the round).
        (lost,) = [e for e in events if e.get("reason") == "london"]
        assert types(events).index("days_lost") > types(events).index("round_started")
        assert lost["seats"] == [1, 2, 3] and match.state["days"] == [10, 1, 1, 1]
        match, events = play_round(match)
        assert match.state["days"] == [10, 2, 2, 2]


class TestEnd:
    def test_three_players_end_after_the_round_of_the_second_arrival(self):
        match = start(3)
        match, _ = play_round(match, home={1})
        assert match.state["phase"] != "over"
        match, events = play_round(match, home={0})
        assert match.state["phase"] == "over" and of_type(events, "game_over")
        outcome = GAME.outcome(match.state)
        assert [s["seat"] for s in outcome["standings"] if not s["home"]] == [2]

    def test_the_last_player_arriving_in_the_same_round_counts(self):
        match = start(3)
        match, _ = play_round(match, home={1}, days=[0, 70, 0])
        match, _ = play_round(match, home={0, 2}, days=[40, 99, 30])
        outcome = GAME.outcome(match.state)
        assert match.state["order"] == [2, 0]  # the start passed left of seat 0, past seat 1 at home
        assert match.state["arrivals"] == [1, 2, 0]
        assert outcome["winners"] == [2] and outcome["decided_by"] == "days"
        assert [(s["seat"], s["place"], s["days"]) for s in outcome["standings"]] == [
            (2, 1, 40),
            (0, 2, 50),
            (1, 3, 80),
        ]

    @pytest.mark.parametrize("players", [4, 5])
    def test_four_and_five_players_wait_for_the_next_to_last(self, players):
        match = start(players)
        for arriving in range(players - 2):
            match, _ = play_round(match, home={arriving})
            assert match.state["phase"] != "over"
        match, _ = play_round(match, home={players - 2})
        assert match.state["phase"] == "over"
        assert len(match.state["arrivals"]) == players - 1

    def test_six_players_wait_for_the_fourth(self):
        match = start(6)
        for arriving in range(3):
            match, _ = play_round(match, home={arriving})
            assert match.state["phase"] != "over"
        match, _ = play_round(match, home={3})
        assert match.state["phase"] == "over" and match.state["arrivals"] == [0, 1, 2, 3]
        outcome = GAME.outcome(match.state)
        assert {s["seat"]: s["place"] for s in outcome["standings"] if not s["home"]} == {4: 5, 5: 5}

    def test_two_players_end_after_the_round_of_the_first_arrival(self):
        match = start(2)
        match, _ = play_round(match, home={1}, days=[0, 90])
        assert match.state["phase"] == "over"
        outcome = GAME.outcome(match.state)
        # As the Czech text has it: the first home wins, whatever the days.
        assert outcome["winners"] == [1] and outcome["decided_by"] == "first_home"


def _finished(players, arrivals, days, gold=None):
    state = GAME.setup(players, {}, 1)
    state["arrivals"] = list(arrivals)
    state["days"] = list(days)
    state["gold"] = list(gold or [1] * players)
    for seat in arrivals:
        state["positions"][seat] = BOARD.home
    state["phase"] = "over"
    return GAME.outcome(state)


class TestWinner:
    """Of those home in under 80 days the fewest days win, ties to the earlier arrival; else the first home."""

    def test_fewest_days_not_first_home(self):
        outcome = _finished(4, [0, 1, 2], [79, 70, 75, 60])
        assert outcome["winners"] == [1] and outcome["decided_by"] == "days"
        assert [(s["seat"], s["place"]) for s in outcome["standings"]] == [(1, 1), (2, 2), (0, 3), (3, 4)]

    def test_a_tie_goes_to_the_earlier_arrival(self):
        outcome = _finished(3, [2, 0], [70, 50, 70])
        assert outcome["winners"] == [2] and outcome["decided_by"] == "arrival"

    def test_eighty_days_is_not_under_eighty(self):
        outcome = _finished(3, [0, 1], [80, 85, 10])
        assert outcome["winners"] == [0] and outcome["decided_by"] == "first_home"
        assert not any(s["under_80"] for s in outcome["standings"])

    def test_nobody_under_eighty_the_first_home_wins(self):
        outcome = _finished(4, [2, 0, 3], [81, 99, 95, 82])
        assert outcome["winners"] == [2] and outcome["decided_by"] == "first_home"
        assert [(s["seat"], s["place"]) for s in outcome["standings"]] == [(2, 1), (0, 2), (3, 3), (1, 4)]

    def test_under_eighty_beats_an_earlier_arrival_over_eighty(self):
        outcome = _finished(3, [0, 1], [85, 79, 10])
        assert outcome["winners"] == [1]

    def test_two_players_both_home_fewest_days(self):
        outcome = _finished(2, [0, 1], [75, 72])
        assert outcome["winners"] == [1] and outcome["decided_by"] == "days"

    def test_two_players_equal_days_more_gold(self):
        outcome = _finished(2, [0, 1], [75, 75], gold=[2, 4])
        assert outcome["winners"] == [1] and outcome["decided_by"] == "gold"

    def test_two_players_equal_days_and_gold_share(self):
        outcome = _finished(2, [0, 1], [75, 75], gold=[3, 3])
        assert outcome["winners"] == [0, 1] and outcome["decided_by"] == "shared"
