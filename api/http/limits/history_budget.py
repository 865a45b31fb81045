"""A budget of event history each reader may read a second, counted in bytes (`DESKOVKA_LIMIT_HISTORY_BYTES`).

Every page is bounded, but a client that reads page after page without pause keeps a worker busy all the same: a
few of them and nobody else is served in time. Past its budget a reader's JSON page is refused (429, Retry-After),
and a stream's catch-up waits for the next window, costing no CPU meanwhile.

A reader is a person where one is known: a read whose seat token authenticated draws on that seat's own budget, so
two players behind one address (a family, an office, a carrier's NAT) each read at full speed; an anonymous reader
draws on its address's. A token that does not authenticate never reaches the budget (the read is 401 or 403 first).
So that tokens are not a way to multiply one client's share, the seats read from one address also share a ceiling of
`SEATS_PER_ADDRESS` budgets.
"""

import hashlib
import time
from dataclasses import dataclass
from typing import Any

from flask import request
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from api import clock
from api.http import current
from api.http.limits import rate_limits

BUCKET = "history_bytes"
SEATS_PER_ADDRESS = 16  # budgets the seats read from one address may draw on together


@dataclass(frozen=True)
class Reader:
    address: str  # the client's address, as the other limits count it
    seat: str | None  # "<game id>:<seat>" when the read showed that seat's token and it authenticated


def reader(game_id: str, seat: int | None) -> Reader:
    return Reader(rate_limits.client(), None if seat is None else f"{game_id}:{seat}")


def book_key(address: str, authorization: str | None) -> str:
    """Who the book of refusals (`middleware.refused`) holds a history refusal against: the address and the token
    shown (only a token that authenticated is ever refused for its budget, so a forged one is never held)."""
    shown = hashlib.sha256(authorization.encode(errors="replace")).hexdigest()[:16] if authorization else "-"
    return f"{address}|{shown}"


def is_stream(environ: dict[str, Any]) -> bool:
    """Whether the read asks for the event stream, which waits for its budget, rather than a page, refused past it."""
    return parse_accept_header(environ.get("HTTP_ACCEPT"), MIMEAccept).best == "text/event-stream"


def _windows(who: Reader) -> list[tuple[int, int, str]]:
    """(bytes allowed, window seconds, this window's key) of each budget the reader draws on (none: no budget)."""
    windows = rate_limits.windows(BUCKET)
    if not windows:
        return []
    allowed, seconds = windows[0]
    now = clock.now().timestamp()
    if who.seat is None:
        return [(allowed, seconds, rate_limits.window_keys(BUCKET, [(allowed, seconds)], now, who.address)[0])]
    seat = rate_limits.window_keys(BUCKET, [(allowed, seconds)], now, f"seat:{who.seat}")[0]
    seats = rate_limits.window_keys(BUCKET, [(allowed, seconds)], now, f"{who.address}:seats")[0]
    return [(allowed, seconds, seat), (allowed * SEATS_PER_ADDRESS, seconds, seats)]


def _left(windows: list[tuple[int, int, str]]) -> float:
    """Seconds until the reader's window ends when one of its budgets is spent, else 0."""
    spent = current.connection().mget([key for _, _, key in windows])
    for (allowed, seconds, _), used in zip(windows, spent, strict=True):
        if int(used or 0) >= allowed:
            return seconds - clock.now().timestamp() % seconds
    return 0.0


def refuse_when_spent(who: Reader) -> None:
    """:raises Problem: 429 with Retry-After while the reader's budget for this window is spent."""
    windows = _windows(who)
    left = _left(windows) if windows else 0.0
    if left:
        allowed, seconds, _ = windows[0]
        per = rate_limits.unit(seconds)
        whose = "one seat" if who.seat is not None else "one client"
        rate_limits.refuse(
            BUCKET,
            f"At most {allowed} bytes of event history may be read per {per} from {whose}; read on in {{retry}} s.",
            max(1, int(left) + 1),
            book_key(who.address, request.headers.get("Authorization")),
        )


def wait_while_spent(who: Reader) -> None:
    """Sleep (under gevent: yield the worker) until the reader's budget has room again."""
    windows = _windows(who)
    while windows and (left := _left(windows)):
        time.sleep(left)
        windows = _windows(who)


def charge(who: Reader, size: int) -> None:
    """Count `size` bytes of history read against each of the reader's budgets."""
    windows = _windows(who)
    if not windows or size <= 0:
        return
    with current.connection().pipeline(transaction=False) as pipe:
        for _, seconds, key in windows:
            pipe.incrby(key, size)
            pipe.expire(key, seconds + 1)
        pipe.execute()
