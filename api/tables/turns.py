"""Whose turn it is, as a reader of a game is told it beside the events (or in the status of many games): the
seats to act, their deadlines and, for a reader with a seat, whether it is theirs."""

from typing import Any

from api.problems import Problem
from api.storage.store import Head
from api.tables import tokens
from api.tables.bootstrap import Services
from api.tables.clocks import deadline_list
from api.tables.loading import GAME_ID, load_head, not_found


def turn(status: str, to_act: list[int], deadlines: dict[str, int], seat: int | None) -> dict[str, Any]:
    return {
        "status": status,
        "to_act": to_act,
        "deadlines": deadline_list(deadlines),
        "your_turn": None if seat is None else seat in to_act,
    }


def statuses(services: Services, asked: list[tuple[str, list[str]]]) -> list[dict[str, Any]]:
    """Each asked game's status and turn, and for each of its tokens (in order) the seat and whether it is its turn;
    a game that does not exist, or a token that is not one of its seats', is said so in its place."""
    ids = [game_id for game_id, _ in asked]
    valid = [game_id for game_id in ids if GAME_ID.match(game_id)]
    heads = dict(zip(valid, services.store.heads(valid), strict=True))
    answers = []
    for game_id, tokens_sent in asked:
        head = heads.get(game_id)
        if head is not None and head.to_act is None:  # stored before heads named the turn
            head = load_head(services, game_id)
        answers.append(_status(game_id, head, tokens_sent))
    return answers


def _status(game_id: str, head: Head | None, tokens_sent: list[str]) -> dict[str, Any]:
    if head is None:
        missing = not_found(game_id)
        problem = {"code": missing.code, "detail": missing.detail}
        return {
            "id": game_id,
            "problem": problem,
            "type": None,
            "version": None,
            "status": None,
            "to_act": [],
            "deadlines": [],
            "tokens": [{"seat": None, "your_turn": None, "problem": problem} for _ in tokens_sent],
        }
    return {
        "id": game_id,
        "problem": None,
        "type": head.type,
        "version": head.version,
        "status": head.status,
        "to_act": head.to_act or [],
        "deadlines": deadline_list(head.deadlines or {}),
        "tokens": [_token_of(head, game_id, token) for token in tokens_sent],
    }


def _token_of(head: Head, game_id: str, token: str) -> dict[str, Any]:
    try:
        seat = tokens.seat_of(game_id, head.seats, token)
    except Problem as refused:
        return {"seat": None, "your_turn": None, "problem": {"code": refused.code, "detail": refused.detail}}
    return {"seat": seat, "your_turn": seat in (head.to_act or []), "problem": None}
