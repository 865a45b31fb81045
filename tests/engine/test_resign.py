"""Resigning in every game: seeded random games where seats resign at random moments keep the contract and end."""

import pytest

from engine.core.errors import GameOver, SeatResigned
from engine.core.match import play, public_event
from engine.core.protocol import RandomBot
from engine.core.rng import Rng
from engine.core.schema import type_of
from engine.games import all_games, new_match, replay
from tests.contract.test_contract import card_multiset, shape_errors

GAMES = all_games()
RESIGN = {"type": "resign"}


def playout_with_resignations(game, players: int, seed: int, leave: int):
    """Play a random game in which `leave` seats resign, each at a random moment; check every step."""
    events_by_type = {type_of(schema): schema for schema in game.event_schemas}
    match = new_match(game.name, players, {}, seed)
    cards = card_multiset(game, match.state)
    rng, bot = Rng(seed + 7), RandomBot()
    leavers = [rng.randbelow(players) for _ in range(leave)]
    for _ in range(20_000):
        to_act = match.to_act()
        over = game.outcome(match.state) is not None
        assert bool(to_act) != over
        assert not to_act & set(match.state.get("resigned", ())), "a seat that resigned is never asked to act"
        assert card_multiset(game, match.state) == cards
        if over:
            outcome = game.outcome(match.state)
            assert not shape_errors(game.outcome_schema, outcome), shape_errors(game.outcome_schema, outcome)
            gone = match.state.get("resigned", [])
            assert not set(outcome["winners"]) & set(gone)
            assert [row["seat"] for row in outcome["standings"]][len(outcome["standings"]) - len(gone) :] == [
                row["seat"] for row in outcome["standings"] if row["seat"] in gone
            ]
            return match
        leaver = leavers[0] if leavers and rng.randbelow(12) == 0 else None
        if leaver is not None and leaver not in match.state.get("resigned", ()):
            leavers.pop(0)
            match, events = play(match, leaver, RESIGN)
        else:
            if leaver is not None:
                leavers.pop(0)
            seat = rng.choice(sorted(to_act))
            match, events = play(match, seat, bot.choose(game, match.state, seat, rng))
        for event in events:
            schema = events_by_type.get(event["type"])
            assert schema is not None, event["type"]
            assert not shape_errors(schema, public_event(event)), (event, shape_errors(schema, public_event(event)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
@pytest.mark.parametrize("seed", range(6))
def test_games_with_resignations_keep_the_contract_end_and_replay(game, seed):
    players = [max(game.min_players, 2), min(game.max_players, 4)][seed % 2]
    match = playout_with_resignations(game, players, seed, leave=1 + seed % 3)
    again = replay(game.name, match.players, match.options, match.seed, list(match.log))
    assert again.state == match.state


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_in_a_two_player_game_the_other_seat_wins(game):
    match = new_match(game.name, 2, {}, 3)
    match, events = play(match, 1, RESIGN)
    outcome = game.outcome(match.state)
    assert outcome["winners"] == [0] and [row["seat"] for row in outcome["standings"]] == [0, 1]
    assert events[0] == {"v": 1, "type": "seat_resigned", "seat": 1, "by": "player"}
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [0]
    assert match.log == ({"v": 1, "seat": 1, "action": RESIGN},)
    with pytest.raises(GameOver):
        play(match, 0, RESIGN)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_with_more_players_the_game_goes_on_without_the_seat_and_a_second_resignation_is_refused(game):
    players = min(game.max_players, 3)
    match = new_match(game.name, players, {}, 4)
    actor = min(match.to_act())
    match, _ = play(match, actor, RESIGN)
    assert game.outcome(match.state) is None and actor not in match.to_act() and match.to_act()
    with pytest.raises(SeatResigned):
        play(match, actor, RESIGN)
    clocked, _ = play(new_match(game.name, players, {}, 4), actor, RESIGN, by="clock")
    assert clocked.log[0]["by"] == "clock"
