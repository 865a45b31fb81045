"""A budget of event history each client may read a second, counted in bytes (`DESKOVKA_LIMIT_HISTORY_BYTES`).

Every page is bounded, but a client that reads page after page without pause keeps a worker busy all the same: a
few of them and nobody else is served in time. Past its budget a client's JSON page is refused (429, Retry-After),
and a stream's catch-up waits for the next window, costing no CPU meanwhile.
"""

import time
from typing import Any

from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from api import clock
from api.http import current
from api.http.limits import rate_limits

BUCKET = "history_bytes"


def is_stream(environ: dict[str, Any]) -> bool:
    """Whether the read asks for the event stream, which waits for its budget, rather than a page, refused past it."""
    return parse_accept_header(environ.get("HTTP_ACCEPT"), MIMEAccept).best == "text/event-stream"


def _window() -> tuple[int, int, str] | None:
    """(bytes allowed, window seconds, this window's key) for the caller, or None without a budget."""
    windows = rate_limits.windows(BUCKET)
    if not windows:
        return None
    allowed, seconds = windows[0]
    return allowed, seconds, rate_limits.window_keys(BUCKET, [(allowed, seconds)], clock.now().timestamp())[0]


def _left(window: tuple[int, int, str]) -> float:
    """Seconds until the caller's window ends when its budget is spent, else 0."""
    allowed, seconds, key = window
    if int(current.connection().get(key) or 0) < allowed:
        return 0.0
    return seconds - clock.now().timestamp() % seconds


def refuse_when_spent() -> None:
    """:raises Problem: 429 with Retry-After while this client's budget for this window is spent."""
    window = _window()
    left = _left(window) if window else 0.0
    if left and window:
        rate_limits.refuse(
            BUCKET,
            f"At most {window[0]} bytes of event history a {window[1]} s from one client; read on in {{retry}} s.",
            max(1, int(left) + 1),
        )


def wait_while_spent() -> None:
    """Sleep (under gevent: yield the worker) until this client's budget has room again."""
    window = _window()
    while window and (left := _left(window)):
        time.sleep(left)
        window = _window()


def charge(size: int) -> None:
    """Count `size` bytes of history read against this client's budget."""
    window = _window()
    if window is None or size <= 0:
        return
    _, seconds, key = window
    with current.connection().pipeline(transaction=False) as pipe:
        pipe.incrby(key, size)
        pipe.expire(key, seconds + 1)
        pipe.execute()
