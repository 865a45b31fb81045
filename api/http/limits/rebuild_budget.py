"""A budget of finished games rebuilt for each client (`DESKOVKA_LIMIT_REBUILDS`).

A finished game is kept compact and rebuilt from its log when read (`api.storage.rebuild`); the process keeps the
games it rebuilt last, by bytes. A spectator cycling through long finished games would otherwise replay one on every
read (40-200 ms of a worker each) and push everybody else's out of the cache. Each rebuild (not a read of a game
still kept) counts against the reader's budget: past it a read is 429 `rate/limited` with Retry-After, and a stream,
whose answer has begun, waits for the next window instead. A move posted to a finished game counts as a read of it.

A reader is a person where one is known: a read that shows a seat token of the game draws on that seat's budget, so
the players of many tables behind one address (a classroom at the end of its games) are not one client; otherwise
the reader is its address. The replay itself runs off the worker's event loop (`offload.off_the_loop`).
"""

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from flask import Flask, g, has_request_context

from api.http import current
from api.http.limits import rate_limits
from api.http.offload import off_the_loop
from api.problems import Problem
from api.storage import rebuild
from api.storage.store import GameRecord
from api.tables import tokens

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
    if has_request_context():
        who = _seat(record)
    elif (who := _mover.get()) is None:
        return  # no reader: the keeper, a command
    while (over := rate_limits.take(BUCKET, who)) is not None:
        detail, retry = over
        if not g.get("rebuilds_wait"):
            # Not held in the book of refusals: it would hold the client's every read of running games too.
            raise rate_limits.refusal(detail, retry)
        time.sleep(retry)


def _seat(record: GameRecord) -> str | None:
    """The seat whose token the read shows, as the budget names it; None (the address) without a valid one."""
    try:
        seat = tokens.seat_of(record.id, record.seats, current.bearer())
    except Problem:
        return None  # the read is refused for its token once the game is loaded; the address pays meanwhile
    return None if seat is None else f"seat:{record.id}:{seat}"


def init_app(app: Flask) -> None:
    rebuild.before_rebuild = spend
    rebuild.run_replay = off_the_loop
