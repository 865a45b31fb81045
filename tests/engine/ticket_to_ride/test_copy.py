"""A move never changes the state it was given (the game copies only what its rules change), and the legal actions
handed out are the caller's own to change."""

import random
from collections import Counter

import orjson
import pytest

from engine.core.match import play
from engine.games import new_match

GAMES = [(players, seed, failure) for players in (2, 3, 4, 5) for seed in (1, 2) for failure in ("return", "discard")]


def random_game(players: int, seed: int, failure: str):
    """Yield (match before, seat, action) for every move of a seeded random game."""
    match = new_match("ticket-to-ride-europe", players, {"tunnel_failure": failure}, seed)
    pick = random.Random(seed)
    while to_act := sorted(match.to_act()):
        seat = pick.choice(to_act)
        action = pick.choice(match.rules.legal_actions(match.state, seat))
        yield match, seat, action
        match, _ = play(match, seat, action)


@pytest.fixture(scope="module")
def kinds_played() -> Counter:
    """Play the games, checking every move; count the actions played and the events they caused."""
    kinds: Counter = Counter()
    for players, seed, failure in GAMES:
        for match, seat, action in random_game(players, seed, failure):
            before = orjson.dumps(match.state)
            _, events = play(match, seat, action)
            assert orjson.dumps(match.state) == before, f"{action} changed the state it was given"
            kinds.update([action["type"], *(event["type"] for event in events)])
    return kinds


def test_no_move_changes_the_state_it_was_given(kinds_played):
    # The games above play every kind of move, so every in-place change the rules make was held to the test.
    assert set(kinds_played) >= {
        "keep_tickets",
        "draw_deck",
        "draw_faceup",
        "claim",
        "build_station",
        "draw_tickets",
        "pay_tunnel",
        "give_up_tunnel",
        "discard_reshuffled",
        "faceup_discarded",
        "final_round",
        "game_over",
    }


def test_legal_actions_are_the_callers_own():
    match, seat, _ = next(
        move for move in random_game(3, 4, "return") if move[0].state["turn"] >= 20 and move[0].state["step"] == "turn"
    )
    listed = match.rules.legal_actions(match.state, seat)
    assert any(action["type"] == "claim" for action in listed)
    expected = orjson.dumps(listed)
    for action in listed:
        action["colour"] = action["locomotives"] = action["type"] = None
    assert orjson.dumps(match.rules.legal_actions(match.state, seat)) == expected
