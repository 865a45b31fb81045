"""The strong bot's rules of thumb: tickets it can complete, contested routes first, long routes once its tickets
are done, more tickets only while it is ahead of the trains; its searches near the end and over tickets, fair and
within budget at the largest table."""

from collections import Counter

import pytest

from engine.core.match import play
from engine.core.rng import Rng
from engine.games import new_match
from engine.ticket_to_ride import endgame, strong
from engine.ticket_to_ride.bots import GreedyBot, Planner
from engine.ticket_to_ride.steps import TICKETS
from engine.ticket_to_ride.tactics import StrongPolicy
from tests.contract.test_fair_bots import shuffled_hidden
from tests.engine.ticket_to_ride.support import BOARD, GAME, playing, rig
from tests.engine.ticket_to_ride.test_bots import keep


def without_tickets(state, seat):
    """The seat's tickets back in the box (as if done and scored): it has nothing left to connect."""
    state["ticket_box"] += state["kept"][seat]
    state["kept"][seat] = []
    return state


def test_it_keeps_two_tickets_at_the_start_each_one_it_can_connect():
    for seed in range(6):
        state = GAME.setup(5, {"tunnel_failure": "return"}, seed)
        action = strong.StrongBot().choose(GAME, state, 0, Rng(seed))
        assert action["type"] == "keep_tickets" and len(action["tickets"]) == 2
        planner = Planner(GAME, state, 0)
        assert all(planner.path(BOARD.tickets[t].a, BOARD.tickets[t].b, set()) for t in action["tickets"])


def test_late_in_the_game_it_keeps_the_one_ticket_it_can_still_complete():
    state = without_tickets(playing(2), 0)
    state["trains"] = [30, 9]  # the rival's nine trains end the game soon: it may lay about eleven more
    state["step"], state["offers"][0] = TICKETS, [state["ticket_deck"].pop() for _ in range(3)]
    action = StrongPolicy().choose(GAME, state, 0, Rng(1))
    assert len(action["tickets"]) == 1
    planner = Planner(GAME, state, 0)
    cost = {t: planner.path(BOARD.tickets[t].a, BOARD.tickets[t].b, set())[0] for t in state["offers"][0]}
    assert cost[action["tickets"][0]] == min(cost.values())


def test_it_takes_more_tickets_only_while_ahead_of_the_trains():
    state = without_tickets(playing(2), 0)
    state["trains"] = [40, 38]
    assert StrongPolicy().choose(GAME, state, 0, Rng(1)) == {"type": "draw_tickets"}
    state["trains"] = [40, 20]  # the rival will end the game before it could finish another
    assert StrongPolicy().choose(GAME, state, 0, Rng(1))["type"] != "draw_tickets"
    state["trains"] = [25, 40]
    assert StrongPolicy().choose(GAME, state, 0, Rng(1))["type"] != "draw_tickets"


def test_it_claims_first_the_route_it_would_miss_most():
    # Edinburgh-Paris: Edinburgh-London has a second track, Dieppe-Paris a long way round.
    state = rig(playing(2), hands={0: ["black"] * 4 + ["pink"]})
    keep(state, 0, "k13")
    medium = GreedyBot().choose(GAME, state, 0, Rng(1))
    assert medium["route"] == "Edinburgh-London-1"
    assert StrongPolicy().choose(GAME, state, 0, Rng(1))["route"] == "Dieppe-Paris"


def test_its_tickets_done_it_works_towards_the_long_routes():
    state = rig(without_tickets(playing(2), 0), hands={0: []}, faceup=["white", "white", "green", "black", "red"])
    state["trains"] = [25, 25]
    aims = StrongPolicy()._aims(GAME, state, 0, set(), Counter())
    assert sorted(BOARD.routes[r].length for r in aims) == [6, 8]


@pytest.mark.parametrize("tunnel_failure", ["return", "discard"])
def test_its_search_stays_within_budget_at_the_largest_table_with_hostile_tickets(tunnel_failure):
    """Five seats, either tunnel rule, the longest ticket choices (three drawn late with every seat's tickets still
    open): each decision's work, counted in moves simulated, stays within the budget."""
    match = new_match(GAME.name, 5, {"tunnel_failure": tunnel_failure}, 11)
    medium, searched = GreedyBot(), 0
    while not match.is_over():
        seat = min(match.to_act())
        if seat == 0 and match.state["step"] == "turn" and match.state["ticket_deck"]:
            state, _ = GAME.apply(GAME.copy_state(match.state), 0, {"type": "draw_tickets"})
            bot = strong.StrongBot()
            action = bot.choose(GAME, state, 0, Rng(searched))
            assert action in GAME.legal_actions(state, 0)
            assert bot.work.moves <= strong.TICKET_BUDGET.moves
            assert bot.work.rollouts <= strong.TICKET_BUDGET.worlds * strong.TICKET_CHOICES
            searched += bot.work.rollouts > 0
            if searched >= 6:
                break
        match, _ = play(match, seat, medium.choose(GAME, match.state, seat, Rng(match.version)))
    assert searched >= 6


def near_the_end(players, seed, options=None):
    """States of a game of medium bots from the point the strong bot would search to the end, seat 0 to act."""
    match = new_match(GAME.name, players, options or {}, seed)
    medium = GreedyBot()
    while not match.is_over():
        seat = min(match.to_act())
        if seat == 0 and endgame.near_end(match.state):
            yield match.state
        match, _ = play(match, seat, medium.choose(GAME, match.state, seat, Rng(match.version)))


def test_on_its_last_turn_it_claims_what_it_can_rather_than_draw_for_a_long_route():
    state = rig(without_tickets(playing(2), 0), hands={0: ["red"] * 3, 1: ["blue"] * 4})
    state["trains"] = [12, 2]
    state["final_turns"], state["final_trigger"] = 1, 1  # the rival ended the game: this is its last turn
    assert StrongPolicy().choose(GAME, state, 0, Rng(1)) == {"type": "draw_deck"}
    bot = strong.StrongBot()
    action = bot.choose(GAME, state, 0, Rng(1))
    assert action["type"] == "claim" and BOARD.routes[action["route"]].length == 3
    assert bot.work.rollouts > 0


def test_near_the_end_it_decides_the_same_whatever_it_cannot_see():
    checked = 0
    for state in near_the_end(2, 4):
        twin = shuffled_hidden(GAME, state, 0, Rng(checked))
        assert twin != state and GAME.seat_state(twin, 0) == GAME.seat_state(state, 0)
        bot = strong.StrongBot()
        first = bot.choose(GAME, state, 0, Rng(7, counter=checked))
        assert (
            bot.work.rollouts > 0 or len(endgame.candidates(bot.own, GAME, state, 0, GAME.legal_actions(state, 0))) == 1
        )
        assert strong.StrongBot().choose(GAME, twin, 0, Rng(7, counter=checked)) == first
        checked += 1
        if checked >= 3:
            break
    assert checked == 3


@pytest.mark.parametrize("tunnel_failure", ["return", "discard"])
def test_near_the_end_its_search_stays_within_budget_at_the_largest_table(tunnel_failure):
    """Five seats, either tunnel rule, every decision from the point it searches to the end of the game."""
    searched = 0
    for state in near_the_end(5, 12, {"tunnel_failure": tunnel_failure}):
        bot = strong.StrongBot()
        assert bot.choose(GAME, state, 0, Rng(searched)) in GAME.legal_actions(state, 0)
        assert bot.work.moves <= strong.END_MOVES
        assert bot.work.rollouts <= strong.END_WORLDS * strong.CANDIDATES
        searched += bot.work.rollouts > 0
    assert searched >= 2
