"""Bots play fair: two states that differ only in what the seat cannot see get the same decision from the same seed.

Each game's twin changes every hidden thing it can while keeping the seat's view: other hands and the piles'
order (the cards hidden from the seat dealt again at random), the randomness of the draws to come, the choices
others made in secret. The bots that model a player's knowledge of dates read the keys of the cards face up, and
the twins keep those (they are the seat's own cards, or the tops everyone sees).
"""

import copy
from typing import Any

import pytest

from engine.core.match import play
from engine.core.protocol import Game, RandomBot, State
from engine.core.rng import Rng
from engine.games import all_games, new_match
from engine.timeline.rules import new_pile, pile_cards

GAMES = all_games()
# Decision points checked per game (each asks every bot of the game twice); the strong bots search, so few.
POINTS = 8


def _redeal(places: list[tuple[list[Any], int]], rng: Rng) -> None:
    pool = [cards[i] for cards, i in places]
    rng.shuffle(pool)
    for (cards, i), card in zip(places, pool, strict=True):
        cards[i] = card


def shuffled_hidden(game: Game, state: State, seat: int, rng: Rng) -> State:
    """Deal every card the seat cannot see again at random, among the places such cards lie (kind by kind)."""
    twin = copy.deepcopy(state)
    hidden = game.hidden_cards(twin, seat)
    places: dict[frozenset[str], list[tuple[list[Any], int]]] = {}
    for cards in game.zones(twin).values():
        for i, card in enumerate(cards):
            if card in hidden:
                places.setdefault(frozenset(hidden[card]), []).append((cards, i))
    for spots in places.values():
        _redeal(spots, rng)
    return twin


def timeline_twin(game: Game, state: State, seat: int, rng: Rng) -> State:
    twin = copy.deepcopy(state)
    cards = pile_cards(twin["pile"])
    rng.shuffle(cards)
    twin["pile"] = new_pile(cards, len(cards))
    return twin


def chronology_twin(game: Game, state: State, seat: int, rng: Rng) -> State:
    """Every card under a top (in the stacks and the common decks) dealt again within its colour."""
    twin = copy.deepcopy(state)
    for colour in twin["colours"]:
        piles = [twin["common"][colour], *(stacks[colour] for stacks in twin["stacks"])]
        _redeal([(cards, i) for cards in piles for i in range(len(cards) - 1)], rng)
    return twin


def lost_cities_twin(game: Game, state: State, seat: int, rng: Rng) -> State:
    """The others who already chose in secret chose something else: each takes another of its legal choices."""
    twin = copy.deepcopy(state)
    if twin["step"] != "others":
        return twin
    for other in range(twin["players"]):
        if other == seat or other == twin["active"] or other in twin["waiting"]:
            continue
        twin["sheets"][other] = copy.deepcopy(twin["public_sheets"][other])
        twin["hidden"].pop(str(other), None)
        twin["waiting"].append(other)
        twin, _ = game.apply(twin, other, rng.choice(game.legal_actions(twin, other)))
        while other in twin["waiting"]:
            twin, _ = game.apply(twin, other, rng.choice(game.legal_actions(twin, other)))
    return twin


TWINS = {
    "timeline": timeline_twin,
    "chronology": chronology_twin,
    "lost-cities": lost_cities_twin,
    "ticket-to-ride-europe": shuffled_hidden,
    "around-the-world": shuffled_hidden,
}


def decision_points(game: Game, players: int, seed: int):
    """States of a seeded random game at which one seat is to act, spread over the game."""
    match = new_match(game.name, players, {}, seed)
    rng, bot, steps = Rng(seed + 7), RandomBot(), 0
    while not match.is_over() and steps < 4000:
        seat = rng.choice(sorted(match.to_act()))
        if steps % 17 == 5:
            yield match.state, seat
        match, _ = play(match, seat, bot.choose(game, match.state, seat, rng))
        steps += 1


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_bot_decides_the_same_whatever_its_seat_cannot_see(game):
    twin_of = TWINS[game.name]
    checked = 0
    for players, seed in ((2, 1), (4, 2)):
        points = list(decision_points(game, min(players, game.max_players), seed))
        for state, seat in points[:: max(1, len(points) // (POINTS // 2))][: POINTS // 2]:
            twin = twin_of(game, state, seat, Rng(seed))
            assert game.view(twin, seat) == game.view(state, seat)
            assert game.legal_actions(twin, seat) == game.legal_actions(state, seat)
            assert game.seat_state(twin, seat) == game.seat_state(state, seat)
            for name, bot_class in game.bots.items():
                bot = bot_class()
                first = bot.choose(game, state, seat, Rng(seed, counter=11))
                again = bot.choose(game, twin, seat, Rng(seed, counter=11))
                assert first == again, f"{name} decided by what seat {seat} cannot see"
            checked += 1
    assert checked >= POINTS // 2


@pytest.mark.parametrize("game", [g for g in GAMES if g.name in ("ticket-to-ride-europe", "around-the-world")])
def test_the_twins_hide_something(game):
    """The twins of the card games do change the state (else the test above proves nothing)."""
    state, seat = next(decision_points(game, 3, 4))
    assert shuffled_hidden(game, state, seat, Rng(1)) != state
