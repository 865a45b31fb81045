"""What the games' Hypothesis state machines share."""

from typing import Any

import orjson

from engine.core import EngineError, Match, play


def play_or_refuse(match: Match, seat: int, action: Any) -> Match:
    """Apply any action; if the engine refuses it, check it said why with a stable code and changed nothing."""
    before = orjson.dumps(match.state)
    try:
        return play(match, seat, action)[0]
    except EngineError as error:
        assert error.code.startswith(("action/", "game/")) and error.reason
        assert orjson.dumps(match.state) == before, "a refused action changed the state"
        return match
