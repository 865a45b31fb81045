"""At most a few large request bodies read and parsed at once by a server process, so its memory stays bounded.

A deck upload may carry 4 MiB (`engine.decks.upload.MAX_DECK_BYTES`); reading, parsing and checking one holds
up to `COPIES` times that for a moment (the bytes and the text, then the text and the parsed document). Eight clients
uploading such decks without pause held four bodies at once in each worker and took its RSS from 68 to 249 MiB; with
the slots a worker grows at most `memory_bound()` above its resting RSS (docs/operations.md, "Memory of large
bodies"; tests/api/test_deck_flood_live.py).

So a body of more than `LARGE` bytes (or one of unknown length, chunked, to an endpoint that takes more) takes one
of the process's `MOST_AT_ONCE` slots before it is read, and gives it back when its request ends. A request that
finds no slot free within `WAIT` seconds is answered 503 `server/busy` with `Retry-After`, its body unread (the
server reads it past before the connection's next request). The slots are counted after the rate limits, so a client
past its uploads' limit never waits for one. Small bodies (every game's and move's) never wait.
"""

import os
from typing import Any

from flask import g, request
from gevent import monkey

from api.problems import Problem
from engine.decks.upload import MAX_DECK_BYTES

LARGE = 1 << 20
MOST_AT_ONCE = 2
MAX_BODY = MAX_DECK_BYTES  # the largest body any endpoint takes
# What one large body's request holds at its peak, in copies of the body: its bytes and its text, then its text and
# its parsed document (the bytes let go: `input_bounds.parsed_body`).
COPIES = 2
# Beyond the bodies: the allocator's rounding and spare pages, the native threads checking them, their answers.
SPARE = 8 << 20
WAIT = 0.25  # seconds: a refused upload is still answered within half a second
RETRY_AFTER = "1"

_slots: dict[int, Any] = {}  # by process id: a forked worker makes its own


def slots() -> Any:
    """This process's semaphore of large bodies (a gevent one under gevent workers, which patch threading)."""
    pid = os.getpid()
    if pid not in _slots:
        if monkey.is_module_patched("threading"):
            from gevent.lock import BoundedSemaphore
        else:
            from threading import BoundedSemaphore
        _slots[pid] = BoundedSemaphore(MOST_AT_ONCE)
    return _slots[pid]


def memory_bound() -> int:
    """The most a server process's RSS grows above its resting RSS while reading large bodies (docs/operations.md)."""
    return MOST_AT_ONCE * COPIES * MAX_BODY + SPARE


def is_large(environ: dict[str, Any], limit: int) -> bool:
    """Whether the request's body may be larger than LARGE: declared so, or chunked to an endpoint that takes more."""
    if limit <= LARGE:
        return False
    if "HTTP_TRANSFER_ENCODING" in environ:
        return True
    length = environ.get("CONTENT_LENGTH", "")
    return length.isascii() and length.isdigit() and int(length) > LARGE


def admit(limit: int) -> None:
    """Take a slot for a large body before it is read (a small one passes).

    :raises Problem: 503 `server/busy` with Retry-After when none is free within WAIT seconds.
    """
    if not is_large(request.environ, limit):
        return
    if not slots().acquire(timeout=WAIT):
        raise Problem(
            "server/busy",
            f"This server process is reading as many large bodies (over {LARGE >> 20} MiB) as it may at once "
            f"({MOST_AT_ONCE}). Try again after Retry-After seconds.",
            headers={"Retry-After": RETRY_AFTER},
        )
    g.large_body_slot = True


def release(_error: BaseException | None = None) -> None:
    """Give back the request's slot, if it took one (Flask's teardown: after its answer, whatever happened)."""
    if g.pop("large_body_slot", False):
        slots().release()
