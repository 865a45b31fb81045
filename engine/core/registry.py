"""Games register themselves by name; the API and the tests find them here."""

from engine.core.errors import UnknownGame
from engine.core.protocol import Game

_GAMES: dict[str, Game] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Register a game class (used as a decorator)."""
    _GAMES[game_class.name] = game_class()
    return game_class


def get_game(name: str) -> Game:
    """:raises UnknownGame: when no game of that name is registered."""
    found = _GAMES.get(name)
    if found is not None:
        return found
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(f"There is no game type {name!r}.", type=name) from None


def all_games() -> list[Game]:
    _load_builtin()
    return [_GAMES[name] for name in sorted(_GAMES)]


def _load_builtin() -> None:
    # Imported lazily so that `engine.core` has no import cycle with the games that use it.
    import engine.games  # noqa: F401
