"""Per-client rate limits on the costly writes: a fixed-window counter per client and window in Redis."""

from collections.abc import Callable
from typing import NoReturn

from flask import Flask, current_app, g, request

from api import clock
from api.http import current
from api.http.limits import clients, store_room
from api.limits import RUNNING, UNITS
from api.limits import window_keys as counter_keys
from api.problems import Problem

WHAT = {
    "games": "games created",
    "bot_games": "games of bots only created",
    "decks": "decks uploaded",
    "print_jobs": "print jobs posted",
    "previews": "previews rendered",
    "preview_reads": "previews asked for",
    "rebuilds": "finished games rebuilt for reading",
    "joins": "open seats taken at one table",
    "address_joins": "open seats taken",
    "history_bytes": "bytes of event history read",
    "moves": "moves made (bot moves set off included)",
    "seat_moves": "moves made by one seat (bot moves set off included)",
    "requests": "requests to one server process",
    "address_requests": "requests to one server process (all its seats together)",
    "asset_requests": "files of the pages asked of one server process",
}


def client() -> str:
    """The client a request counts against: its address (forwarded, behind proxies), an IPv6 /64 as one."""
    return clients.key(request.remote_addr)


def check(bucket: str, of: str | None = None) -> None:
    """Count one request of this client against the bucket's limits (`of`: of this one thing only, e.g. a table).

    :raises Problem: 429 with Retry-After once a limit is reached; the refused request is not counted. A refusal
        `of` one thing is not held in the book of refusals (`middleware.refused`), which holds a whole address.
    """
    over = take(bucket, None if of is None else f"{client()}|{of}")
    if over is not None and of is not None:
        raise refusal(*over)
    if over is not None:
        refuse(bucket, *over)


def take(bucket: str, who: str | None = None) -> tuple[str, int] | None:
    """Count one of `who`'s (by default the request's client's) against the bucket's limits; once a limit is reached,
    count nothing and return what to say (`{retry}` in it) and the seconds to wait."""
    limits = windows(bucket)
    if not limits:
        return None
    now = clock.now().timestamp()
    connection = current.connection()
    keys = window_keys(bucket, limits, now, who)
    with connection.pipeline(transaction=False) as pipe:
        for key, (_, seconds) in zip(keys, limits, strict=True):
            pipe.incr(key)
            pipe.expire(key, seconds)
        counts = pipe.execute()[::2]
    over = [(allowed, seconds) for (allowed, seconds), count in zip(limits, counts, strict=True) if count > allowed]
    if over:
        # A refused request does not count, so a client that waits as told gets through.
        with connection.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.decr(key)
            pipe.execute()
        allowed, seconds = max(over, key=lambda limit: limit[1])
        detail = f"At most {allowed} {WHAT[bucket]} per {unit(seconds)} from one client; try again in {{retry}} s."
        return detail, max(1, int(seconds - now % seconds) + 1)
    setattr(g, f"rate_{bucket}", [(key, seconds) for key, (_, seconds) in zip(keys, limits, strict=True)])
    return None


def refuse(bucket: str, detail: str, retry: int, held_as: str | None = None) -> NoReturn:
    """Refuse the request for going past a limit of the bucket: 429 with Retry-After, `{retry}` in `detail` said.

    The refusal is noted for `middleware.refused`, which answers this client's next such requests itself meanwhile
    (`held_as`: the client as the book knows it, when not by its address alone).
    """
    g.rate_refusal = (bucket, detail, retry, held_as or client())
    raise refusal(detail, retry)


def refusal(detail: str, retry: int) -> Problem:
    return Problem("rate/limited", detail.format(retry=retry), headers={"Retry-After": str(retry)}, retry_after=retry)


def windows(bucket: str) -> list[tuple[int, int]]:
    return [limit for limit in current_app.config["RATE_LIMITS"].get(bucket) or [] if limit[1] != RUNNING]


def window_keys(bucket: str, limits: list[tuple[int, int]], now: float, who: str | None = None) -> list[str]:
    """The counters of this window of each limit, for `who` (by default the request's client, its address)."""
    return counter_keys(bucket, client() if who is None else who, limits, now)


def refund(bucket: str) -> None:
    """Take back this request's count in the bucket (it was refused after it was counted)."""
    counted = g.pop(f"rate_{bucket}", None)
    if counted:
        with current.connection().pipeline(transaction=False) as pipe:
            for key, seconds in counted:
                pipe.decr(key)
                pipe.expire(key, seconds)
            pipe.execute()


def unit(seconds: int) -> str:
    return (
        next(name for name, value in UNITS.items() if value == seconds) if seconds in UNITS.values() else f"{seconds} s"
    )


def limited(bucket: str, needs_room: bool = True, each: tuple[str, str] | None = None) -> Callable:
    """Mark a view (put it right under the route) whose calls count against the client's limits in `bucket`.

    A view that `needs_room` makes something new and is refused (507) when the store is near its memory cap. With
    `each` (a bucket, a view argument) each call also counts in that bucket for the one thing the argument names
    (a table's id: its invitation), first.
    """

    def decorate(view: Callable) -> Callable:
        view.rate_bucket = bucket  # type: ignore[attr-defined]
        view.needs_room = needs_room  # type: ignore[attr-defined]
        view.rate_each = each  # type: ignore[attr-defined]
        return view

    return decorate


def check_endpoint() -> None:
    """Before anything reads the body: count a request to a limited view, and see that Redis has room for it."""
    view = current_app.view_functions.get(request.endpoint or "")
    bucket = getattr(view, "rate_bucket", None)
    if bucket is None:
        return
    each = getattr(view, "rate_each", None)
    if each is not None:
        check(each[0], str((request.view_args or {}).get(each[1], ""))[:64])
    try:
        check(bucket)
    except Problem:
        if each is not None:
            refund(each[0])
        raise
    if view.needs_room:  # type: ignore[union-attr]
        store_room.require_room()


def init_app(app: Flask) -> None:
    app.before_request(check_endpoint)
