"""The protocol every game implements and the bookkeeping around it (turn checks, log, version)."""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from engine.core.errors import (
    EngineError,
    GameOver,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourTurn,
)

if TYPE_CHECKING:
    from engine.core.match import Match, new_match, play, replay
    from engine.core.protocol import Bot, Game
    from engine.core.registry import all_games, get_game, register
    from engine.core.rng import Rng

# Loaded when first asked for: the errors alone (all a deck needs) must not import marshmallow with the match.
_LAZY = {
    **dict.fromkeys(("Match", "new_match", "play", "replay"), "engine.core.match"),
    **dict.fromkeys(("Bot", "Game"), "engine.core.protocol"),
    **dict.fromkeys(("all_games", "get_game", "register"), "engine.core.registry"),
    "Rng": "engine.core.rng",
}

__all__ = [
    "Bot",
    "EngineError",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidOptions",
    "MalformedAction",
    "Match",
    "NotYourTurn",
    "Rng",
    "all_games",
    "get_game",
    "new_match",
    "play",
    "register",
    "replay",
]


def __getattr__(name: str) -> Any:
    """Import the part of the core that defines `name` when it is first used."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_LAZY[name]), name)
    globals()[name] = value
    return value
