"""The protocol every game implements and the bookkeeping around it (turn checks, log, version)."""

from engine.core.errors import (
    EngineError,
    GameOver,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourTurn,
)
from engine.core.match import Match, play
from engine.core.protocol import Bot, Game
from engine.core.rng import Rng

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
    "play",
]
