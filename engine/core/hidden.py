"""What a seat cannot see, as bots handle it: dealt in a fixed order (the seat's state) or dealt at random
(a determinization a search plays on), always within the zones and sizes the seat sees."""

from typing import Any

import orjson

from engine.core.protocol import Game, State
from engine.core.rng import Rng

# The seat's state's randomness: a constant, so nothing of the real pile's future order reaches a bot.
FIXED_RNG = {"seed": 0, "counter": 0}


def _places(game: Game, state: State, seat: int) -> dict[frozenset[str], list[tuple[list[Any], int]]]:
    """Every place in a zone that holds a card the seat cannot see, grouped by the fields hidden (its kind)."""
    hidden = game.hidden_cards(state, seat)
    places: dict[frozenset[str], list[tuple[list[Any], int]]] = {}
    for _, cards in sorted(game.zones(state).items()):
        for i, card in enumerate(cards):
            fields = hidden.get(card)
            if fields is not None:
                places.setdefault(frozenset(fields), []).append((cards, i))
    return places


def _deal(places: dict[frozenset[str], list[tuple[list[Any], int]]], rng: Rng | None) -> None:
    for spots in places.values():
        pool = sorted(cards[i] for cards, i in spots)
        if rng is not None:
            rng.shuffle(pool)
        for (cards, i), card in zip(spots, pool, strict=True):
            cards[i] = card


def deep_copy(state: State) -> State:
    # A game's own copy_state may share lists that its rules only replace whole (a seat's offer): these are dealt
    # in place, so nothing may be shared.
    copied: State = orjson.loads(orjson.dumps(state))
    return copied


def dealt_in_order(game: Game, state: State, seat: int) -> State:
    """A copy of the state with the cards `seat` cannot see dealt back sorted, and the randomness fixed.

    `game.zones` must hand out the copy's own lists (where hidden cards lie), so they are dealt in place."""
    copied = deep_copy(state)
    _deal(_places(game, copied, seat), None)
    copied["rng"] = dict(FIXED_RNG)
    return copied


def dealt_at_random(game: Game, seen: State, seat: int, rng: Rng) -> State:
    """A copy of a seat's state with what it cannot see dealt at random: one world the seat thinks possible."""
    world = deep_copy(seen)
    _deal(_places(game, world, seat), rng)
    world["rng"] = {"seed": rng.randbelow(2**53), "counter": 0}
    return world
