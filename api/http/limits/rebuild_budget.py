"""A budget of finished games rebuilt for each client (`DESKOVKA_LIMIT_REBUILDS`).

A finished game is kept compact and rebuilt from its log when read (`api.storage.rebuild`); the process keeps the
games it rebuilt last, by bytes. A spectator cycling through long finished games would otherwise replay one on every
read (about 40 ms of a worker each) and push everybody else's out of the cache. Each rebuild (not a read of a game
still kept) counts against the client's budget: past it a read is 429 `rate/limited` with Retry-After, and a stream,
whose answer has begun, waits for the next window instead. A move posted to a finished game counts as a read of it.
"""

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from flask import Flask, g, has_request_context

from api.http.limits import rate_limits
from api.storage import rebuild
from api.storage.store import GameRecord

BUCKET = "rebuilds"
# The client of a move answered outside Flask (`middleware.move_path`), which a move on a finished game rebuilds for.
_mover: ContextVar[str | None] = ContextVar("mover", default=None)


@contextmanager
def moving(client: str) -> Iterator[None]:
    """Count the rebuilds of a move answered outside Flask against `client`."""
    token = _mover.set(client)
    try:
        yield
    finally:
        _mover.reset(token)


def waits() -> None:
    """Past the budget, make this request wait for the next window rather than refuse it (a stream under way)."""
    g.rebuilds_wait = True


def spend(record: GameRecord) -> None:
    """Count a rebuild against the reader's budget.

    :raises Problem: 429 `rate/limited` with Retry-After past it (unless the request waits).
    """
    who = None if has_request_context() else _mover.get()
    if who is None and not has_request_context():
        return  # no reader: the keeper, a command
    while (over := rate_limits.take(BUCKET, who)) is not None:
        detail, retry = over
        if not g.get("rebuilds_wait"):
            # Not held in the book of refusals: it would hold the client's every read of running games too.
            raise rate_limits.refusal(detail, retry)
        time.sleep(retry)


def init_app(app: Flask) -> None:
    rebuild.before_rebuild = spend
