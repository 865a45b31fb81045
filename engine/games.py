"""The games deskovka plays, listed here and nowhere else; find, start and replay them by name.

Nothing below `engine.games` imports it back: each game knows only `engine.core` and its own package.
"""

from typing import Any

from engine.around_the_world.rules import AroundTheWorld
from engine.chronology.rules import Chronology
from engine.core import match
from engine.core.errors import UnknownGame
from engine.core.match import Match
from engine.core.protocol import Game
from engine.decks.model import Deck
from engine.lost_cities.rules import LostCities
from engine.ticket_to_ride.rules import TicketToRide
from engine.timeline.rules import Timeline

_GAMES: dict[str, Game] = {
    game.name: game for game in (AroundTheWorld(), Chronology(), LostCities(), TicketToRide(), Timeline())
}


def get_game(name: str) -> Game:
    """:raises UnknownGame: when deskovka plays no game of that name."""
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(
            f"There is no game type {name!r}; deskovka plays {', '.join(sorted(_GAMES))}.",
            game_type=name,
            choices=sorted(_GAMES),
        ) from None


def all_games() -> list[Game]:
    return [_GAMES[name] for name in sorted(_GAMES)]


def new_match(
    game_name: str, players: int, options: dict[str, Any] | None, seed: int, deck: Deck | None = None
) -> Match:
    """Set up the game of that name (with `deck`, where the options name a deck that is not built in); options are
    validated by the game's own schema.

    :raises UnknownGame, InvalidPlayers, InvalidOptions, UnknownDeck:
    """
    return match.new_match(get_game(game_name).playing(deck), players, options, seed)


def replay(
    game_name: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    log: list[dict[str, Any]],
    deck: Deck | None = None,
) -> Match:
    """Re-run the game of that name (played with `deck`) from its seed and action log."""
    return match.replay(get_game(game_name).playing(deck), players, options, seed, log)
