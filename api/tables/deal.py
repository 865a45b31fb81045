"""A table's deal: its seed, its players' own choices (ages) and its starting seat.

A table with open seats is dealt only when its last seat is taken, so nobody sees a hand, and the creator can
neither choose nor see the seed nor set what belongs to the other players' seats.
"""

import secrets
from typing import Any

from engine.core.errors import InvalidOptions
from engine.core.match import Match
from engine.core.rng import SEED_BITS, Rng, mixed_seed
from engine.decks.model import Deck
from engine.games import get_game, new_match

# Options that belong to the seats (each player's age) or to the deal (who starts): a table with open seats fixes
# them when it fills, and refuses them from its creator.
PER_TABLE = ("ages", "first")


def deal_seed(chosen: int | None, seats: list[dict[str, Any]]) -> tuple[int, int | None, str | None]:
    """Return (seed, chosen seed, nonce): a creator's seed is used as is only when every seat is theirs.

    With an open seat the creator could otherwise compute the joiner's cards and the draw order, so a secret
    nonce is mixed in and kept until the game is over.
    """
    if chosen is None:
        return secrets.randbits(SEED_BITS), None, None
    if not any(seat.get("open") for seat in seats):
        return chosen, None, None
    nonce = secrets.token_hex(16)
    return mixed_seed(chosen, nonce), chosen, nonce


def with_ages(game_type: str, seats: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
    """Hand the seats' ages to a game whose options ask for them (a youngest-player tie-break)."""
    if "ages" in get_game(game_type).options_schema().fields and "ages" not in options:
        if any(seat.get("age") is not None for seat in seats):
            return {**options, "ages": [seat.get("age") for seat in seats]}
    return options


def table_options(game_type: str, players: int, options: dict[str, Any], deck: Deck | None = None) -> dict[str, Any]:
    """Check the options of a table with open seats and return them without the per-table ones.

    :raises InvalidOptions: when the creator sets an option that belongs to the seats or the deal, or any the game
        refuses (the whole set-up is tried, so a deck too small for the table is refused now, not at the last join).
    """
    given = [name for name in PER_TABLE if name in options]
    if given:
        raise InvalidOptions(
            f"A table with open seats fixes {' and '.join(f'`{name}`' for name in given)} when its last seat is "
            "taken: each player gives their own age when taking a seat, and the starting seat is drawn.",
            errors={name: ["Not for a table with open seats."] for name in given},
        )
    valid = new_match(game_type, players, options, 0, deck).options
    return {name: value for name, value in valid.items() if name not in PER_TABLE}


def first_seat(game_type: str, seed: int, ages: list[int | None]) -> int:
    """Draw the starting seat from the dealing seed, by the game's own rule where it has one (the youngest)."""
    seats = list(range(len(ages)))
    if get_game(game_type).youngest_starts and all(age is not None for age in ages):
        seats = [seat for seat in seats if ages[seat] == min(ages)]  # type: ignore[type-var]
    return seats[Rng(mixed_seed(seed, "first")).randbelow(len(seats))]


def deal(
    game_type: str, options: dict[str, Any], seed: int, seats: list[dict[str, Any]], deck: Deck | None = None
) -> Match:
    """Set up a table whose seats are all taken, from its seed and its players' own choices (and `deck`, a user
    deck its options name)."""
    chosen = with_ages(game_type, seats, options)
    first = first_seat(game_type, seed, [seat.get("age") for seat in seats])
    if "first" in get_game(game_type).options_schema().fields:
        chosen = {**chosen, "first": first}
    return new_match(game_type, len(seats), chosen, seed, deck)
