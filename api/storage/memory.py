"""Redis memory: new games, decks and print jobs stop short of maxmemory, so running games keep room to move."""

import redis
from flask import Flask, current_app

from api.problems import Problem
from api.storage import connections

FULL = "The store is full; nothing was changed. Try again later."


def require_room() -> None:
    """:raises Problem: 507 once Redis holds more than its headroom share of maxmemory (none set: no check)."""
    info = connections.connection().info("memory")
    cap = int(info.get("maxmemory") or 0)
    if cap and int(info["used_memory"]) > current_app.config["MEMORY_HEADROOM"] * cap:
        raise Problem(507, "store/full", FULL)


def refused(error: redis.ResponseError) -> Problem | None:
    """The problem for a write Redis refused for memory (noeviction at maxmemory), else None."""
    if isinstance(error, redis.exceptions.OutOfMemoryError) or "OOM command not allowed" in str(error):
        return Problem(507, "store/full", FULL)
    return None


def init_app(app: Flask) -> None:
    def handle(error: redis.ResponseError):
        problem = refused(error)
        if problem is None:
            raise error
        return problem.response()

    app.register_error_handler(redis.ResponseError, handle)
