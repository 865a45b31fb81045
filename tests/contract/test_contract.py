"""One contract, run over every registered game: seeded random playouts checked at every step."""

from collections import Counter
from typing import Any

import orjson
import pytest

from engine.core.bots import LEVELS
from engine.core.errors import InvalidOptions
from engine.core.match import check_action, play, public_event, visible_to
from engine.core.protocol import RandomBot
from engine.core.rng import Rng
from engine.core.schema import type_of
from engine.games import all_games, new_match, replay

GAMES = all_games()
MAX_STEPS = 20_000


def leaks(document: Any, hidden: dict[str, set[str]]) -> list[str]:
    """Return every place where a card's hidden field shows in a JSON document."""
    found = []
    if isinstance(document, dict):
        card = document.get("id")
        if isinstance(card, str) and card in hidden:
            found += [f"{card}.{name}" for name in hidden[card] if name in document]
        for value in document.values():
            found += leaks(value, hidden)
    elif isinstance(document, list):
        for value in document:
            found += leaks(value, hidden)
    return found


def card_multiset(game, state) -> Counter:
    return Counter(card for zone in game.zones(state).values() for card in zone)


def shape_errors(schema, document) -> dict:
    """What in a document its schema does not declare (unknown members too), as marshmallow reports it."""
    return schema().validate(document)


def playout(game, players: int, seed: int, shapes: bool = False, options: dict | None = None):
    """Play a seeded random game to the end, checking the contract at every step.

    Every view, event, legal action and outcome must have exactly the shape the game's schemas declare: those
    schemas are the per-game part of openapi.yaml, so this is what keeps the contract from drifting. With
    `shapes`, views and legal actions are checked for the seat about to act and a spectator (the others' views
    share their shape).
    """
    events_by_type = {type_of(schema): schema for schema in game.event_schemas}
    match = new_match(game.name, players, options or {}, seed)
    cards = card_multiset(game, match.state)
    rng = Rng(seed + 1)
    bot = RandomBot()
    seats: list[int | None] = [*range(players), None]
    for _ in range(MAX_STEPS):
        assert orjson.loads(orjson.dumps(match.state)) == match.state, "state is not JSON-safe"
        assert card_multiset(game, match.state) == cards, "a card appeared or vanished"
        to_act = match.to_act()
        over = game.outcome(match.state) is not None
        assert bool(to_act) != over, "someone must act exactly while the game runs"
        for seat in seats:
            view = game.view(match.state, seat)
            orjson.dumps(view)
            assert not leaks(view, game.hidden_cards(match.state, seat))
            checked = shapes and (seat is None or seat == min(to_act, default=None))
            if checked:
                assert not shape_errors(game.view_schema, view), shape_errors(game.view_schema, view)
            if seat is not None:
                legal = game.legal_actions(match.state, seat)
                assert bool(legal) == (seat in to_act)
                for action in legal if checked else ():
                    check_action(game, action)
        if over:
            outcome = game.outcome(match.state)
            assert not shape_errors(game.outcome_schema, outcome), shape_errors(game.outcome_schema, outcome)
            return match
        seat = rng.choice(sorted(to_act))
        match, events = play(match, seat, bot.choose(game, match.state, seat, rng))
        for event in events:
            schema = events_by_type.get(event["type"])
            assert schema is not None, f"declare the {event['type']!r} event in {game.name}'s schemas"
            assert not shape_errors(schema, public_event(event)), (event, shape_errors(schema, public_event(event)))
        for viewer in seats:
            seen = [e for e in events if visible_to(e, viewer)]
            assert not leaks(seen, game.hidden_cards(match.state, viewer))
    raise AssertionError(f"{game.name} did not end within {MAX_STEPS} steps")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
@pytest.mark.parametrize("seed", range(4))
def test_random_playouts_keep_the_contract(game, seed):
    players = [game.min_players, game.max_players][seed % 2]
    match = playout(game, players, seed, shapes=seed < 2)
    outcome = game.outcome(match.state)
    assert outcome["winners"], "a finished game names its winners"
    assert sorted(s["seat"] for s in outcome["standings"]) == list(range(players))


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_replay_reproduces_the_game_exactly(game):
    match = playout(game, game.min_players, 11)
    again = replay(game.name, match.players, match.options, match.seed, list(match.log))
    assert again.state == match.state
    assert again.version == match.version == len(match.log)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_same_seed_same_game(game):
    first = new_match(game.name, game.min_players, {}, 5)
    assert new_match(game.name, game.min_players, {}, 5).state == first.state
    assert new_match(game.name, game.min_players, {}, 6).state != first.state


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_game_has_its_bots_under_the_levels_names(game):
    assert tuple(game.bots) == LEVELS
    # The older names stay: `random` is `easy`, the game's first simple level `medium`.
    assert game.bot_level("random") == "easy" and game.bots["easy"] is RandomBot
    old = {"timeline": "hit-rate", "chronology": "sensible", "lost-cities": "good"}.get(game.name, "greedy")
    assert game.bot_level(old) == "medium" and game.bot_level("nobody") is None


def first_single_actor(game, match) -> int:
    """Return the first seat to act alone (past simultaneous set-up steps such as choosing tickets)."""
    rng, bot, before = Rng(3), RandomBot(), set()
    while len(to_act := match.to_act()) != 1 or to_act < before:  # a simultaneous step's last chooser is not it
        seat, before = min(to_act), to_act
        match, _ = play(match, seat, bot.choose(game, match.state, seat, rng))
    return to_act.pop()


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_first_option_names_the_seat_that_starts(game):
    players = min(3, game.max_players)
    assert new_match(game.name, players, {}, 4).options["first"] == 0
    for first in range(players):
        assert first_single_actor(game, new_match(game.name, players, {"first": first}, 4)) == first
    for wrong in (players, -1, "1", True):
        with pytest.raises(InvalidOptions):
            new_match(game.name, players, {"first": wrong}, 4)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_game_started_by_another_seat_keeps_the_contract_and_replays(game):
    players = min(3, game.max_players)
    match = playout(game, players, 8, shapes=True, options={"first": players - 1})
    assert sorted(s["seat"] for s in game.outcome(match.state)["standings"]) == list(range(players))
    again = replay(game.name, match.players, match.options, match.seed, list(match.log))
    assert again.state == match.state and again.options["first"] == players - 1
