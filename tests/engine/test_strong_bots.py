"""The strong bots: legal, reproducible, and within their budget of work at the largest table, counted in moves
simulated (never timed); the dated-card games' strong bots beat the medium ones at the same hit rate."""

import pytest

from engine.around_the_world import strong as around_the_world
from engine.core.match import play
from engine.core.rng import Rng
from engine.games import get_game, new_match
from engine.lost_cities import strong as lost_cities
from engine.ticket_to_ride import strong as ticket_to_ride

SEARCHERS = {
    "lost-cities": lost_cities,
    "around-the-world": around_the_world,
    "ticket-to-ride-europe": ticket_to_ride,
}

# Ticket to Ride's strong bot decides most moves without search (cheaply): every decision is looked at.
EVERY = {"ticket-to-ride-europe": 1}


def decisions(name, seed, every):
    """The strong bot's decisions in one game at the largest table (medium bots in the other seats), with the
    work each took; the game is played on by the medium bots between the decisions looked at."""
    game = get_game(name)
    match = new_match(name, game.max_players, {}, seed)
    strong, medium, rng, mine = game.bots["strong"](), game.bots["medium"](), Rng(seed), 0
    while not match.is_over():
        seat = min(match.to_act())
        if seat == 0 and mine % every == 0:
            action = strong.choose(game, match.state, seat, Rng(seed, counter=mine))
            assert action in game.legal_actions(match.state, seat)
            yield match.state, action, strong.work, mine
        else:
            action = medium.choose(game, match.state, seat, rng)
        mine += seat == 0
        match, _ = play(match, seat, action)


@pytest.mark.parametrize("name", sorted(SEARCHERS))
def test_no_decision_goes_over_its_budget_at_the_largest_table(name):
    budget = SEARCHERS[name].BUDGET
    searched = 0
    for _, _, work, _ in decisions(name, 3, every=EVERY.get(name, 7)):
        assert work.moves <= budget.moves
        assert work.rollouts <= budget.worlds * SEARCHERS[name].CANDIDATES
        searched += work.rollouts > 0
    assert searched >= 3


@pytest.mark.parametrize("name", sorted(SEARCHERS))
def test_a_seeded_decision_replays_the_same(name):
    game = get_game(name)
    for state, action, work, mine in decisions(name, 5, every=9):
        if work.rollouts:
            assert game.bots["strong"]().choose(game, state, 0, Rng(5, counter=mine)) == action
            return
    raise AssertionError("no decision searched")


@pytest.mark.parametrize("name", ["timeline", "chronology"])
def test_the_strong_bot_beats_the_medium_bot_at_the_same_hit_rate(name):
    game, wins = get_game(name), 0.0
    for i in range(40):
        match, rng = new_match(name, 2, {"first": i % 2}, 500 + i), Rng(i)
        bots = [game.bots["strong"](hit_rate=0.6), game.bots["medium"](hit_rate=0.6)]
        if i % 4 >= 2:
            bots.reverse()
        while not match.is_over():
            seat = min(match.to_act())
            match, _ = play(match, seat, bots[seat].choose(game, match.state, seat, rng))
        strong_seat = 0 if i % 4 < 2 else 1
        winners = game.outcome(match.state)["winners"]
        wins += (strong_seat in winners) / len(winners)
    assert wins >= 24
