"""bench/bench_bots.py: a short case by default; the long run (the issue's counts) is marked slow."""

import pytest

from bench.bench_bots import duel, row


def test_a_short_duel_alternates_seats_and_reports_share_and_cpu():
    tally = duel("timeline", 2, 4)
    assert tally.games == 4 and 0 <= tally.wins <= 4 and tally.cpu
    low, high = tally.interval()
    assert 0 <= low <= tally.share() <= high <= 1
    assert row("timeline", 2, tally).startswith("| timeline | 2 | 4 | ")


def test_a_four_player_duel_counts_shared_wins_as_shares():
    tally = duel("chronology", 4, 2)
    assert tally.games == 2 and tally.wins * 2 == int(tally.wins * 2)


def test_a_run_in_parts_plays_the_same_games_as_one_run():
    whole = duel("chronology", 2, 4)
    parts = [duel("chronology", 2, 2), duel("chronology", 2, 2, first=2)]
    assert sum(part.wins for part in parts) == whole.wins and sum(part.games for part in parts) == 4


@pytest.mark.slow
@pytest.mark.parametrize("name", ["timeline", "chronology"])
def test_the_dated_games_strong_bots_win_55_percent_at_equal_knowledge(name):
    assert duel(name, 2, 400).interval()[0] >= 0.55


@pytest.mark.slow
@pytest.mark.parametrize("name", ["lost-cities", "around-the-world", "ticket-to-ride-europe"])
def test_the_search_bots_beat_the_medium_bots(name):
    assert duel(name, 2, 100).share() > 0.5
