"""What the games' Hypothesis state machines share."""

from typing import Any

import orjson
from hypothesis import strategies as st

from engine.core.errors import EngineError
from engine.core.match import Match, play


def play_a_legal_move(match: Match, data: st.DataObject) -> Match:
    """Let a seat to act (drawn by Hypothesis) play one of its legal actions; the version grows by exactly one, and
    the state played from is left as it was."""
    to_act = sorted(match.to_act())
    if not to_act:
        return match
    seat = data.draw(st.sampled_from(to_act))
    action = data.draw(st.sampled_from(match.rules.legal_actions(match.state, seat)))
    before = orjson.dumps(match.state)
    moved = play(match, seat, action)[0]
    assert moved.version == match.version + 1
    assert orjson.dumps(match.state) == before, "a move changed the state it was played from"
    return moved


def play_or_refuse(match: Match, seat: int, action: Any) -> Match:
    """Apply any action; if the engine refuses it, check it said why with a stable code and changed nothing."""
    before = orjson.dumps(match.state)
    try:
        return play(match, seat, action)[0]
    except EngineError as error:
        assert error.code.startswith(("action/", "game/")) and error.reason
        assert orjson.dumps(match.state) == before, "a refused action changed the state"
        return match
