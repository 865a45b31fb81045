"""A client refused for going past one of its limits is refused again before Flask while it should be waiting.

Without this a client that asks again the moment it is refused (as a hostile one does) costs a worker a whole
request through Flask for every refusal: the route, the hooks, the view's reads of Redis, the problem. Hundreds a
second of them took the p99 of everybody else's moves past 100 ms (docs/benchmarks.md, "Hostile load").

So each process keeps a book of its recent refusals (`rate_limits.refuse`), by client (its address; for event
history, the address and the token shown: `history_budget.book_key`), endpoint and bucket. Until the
Retry-After the client was told, but at most `HOLD` seconds, the same client's next request to that endpoint which
the bucket counts is answered from the book: the same 429 problem, its Retry-After what is left of the one first
told, with no work of the view's and no word to Redis. And it is answered when the hold ends, not at once: a cheap
answer alone only makes a client that never waits ask faster (measured: three to six times the refusals, and the
other clients' moves slower), while a request waiting costs its worker no CPU (a sleeping greenlet). After `HOLD` the
limit is asked again, so a wait that ends sooner than it was told (a game of bots that ended) is seen within `HOLD`
seconds. A bucket that counts only some of an endpoint's requests is asked which (`APPLIES`): games of bots only by
their body, history by page not stream. The book holds at most `MOST_CLIENTS` clients, the oldest dropped first.
An app made with `REFUSED_WAIT` false answers from the book at once (tests that are not about the wait).

A held request ends its wait a random moment of up to `SPREAD` seconds after the hold. Otherwise a client's connections
held together are all answered at the hold's end and all ask again at once, past the book: a burst on the worker's one
thread, which took another client's kept preview from 5 to 15 ms (docs/benchmarks.md, "Previews, the refusals' spread").
"""

import random
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import orjson
from flask import Flask, Response, g, request
from werkzeug.exceptions import HTTPException

from api.http import problem_answers
from api.http.limits import bot_games, clients, history_budget, rate_limits
from api.http.middleware import cors, input_bounds, observe, preconditions, shared_headers

HOLD = 1.0  # seconds the book answers for a limit before the limit is asked again
SPREAD = 0.25  # seconds: the most a held request waits past the hold
MOST_CLIENTS = 10_000


@dataclass(frozen=True)
class Refused:
    detail: str  # with `{retry}` where the seconds to wait are said
    retry: int  # the seconds to wait the client was told
    told: float  # when (time.monotonic(): the book's times do not move when the clock is set)
    until: float  # when the book stops answering for the limit


def _bots_only(environ: dict[str, Any], app: Flask, endpoint: str) -> bool:
    """Whether the body is a game of bots only (read within its bound and kept for Flask); False when unsure."""
    length = preconditions.declared_json_length(environ)
    body = None if length is None else input_bounds.read_ahead(environ, preconditions.body_limit(app, endpoint), length)
    if body is None:  # chunked, not JSON, or too large or cut off: Flask reads it and answers that
        return False
    try:
        seats = orjson.loads(body).get("seats")
        return (
            isinstance(seats, list)
            and bool(seats)
            and all(isinstance(seat, dict) for seat in seats)
            and bot_games.bots_only(seats)
        )
    except Exception:  # noqa: BLE001 - not the shape of a game: the view's checks answer it
        return False


# Buckets that count only some of their endpoint's requests, and which: the others count every one.
APPLIES: dict[str, Callable[[dict[str, Any], Flask, str], bool]] = {
    "bot_games": _bots_only,
    "history_bytes": lambda environ, app, endpoint: not history_budget.is_stream(environ),
}


class Book:
    """The refusals this process made lately: client -> (endpoint, bucket) -> Refused."""

    def __init__(self, most_clients: int = MOST_CLIENTS) -> None:
        self.most_clients = most_clients
        self.clients: OrderedDict[str, dict[tuple[str, str], Refused]] = OrderedDict()

    def note(self, client: str, endpoint: str, bucket: str, detail: str, retry: int) -> Refused:
        now = time.monotonic()
        held = self.clients.pop(client, {})
        refused = held[(endpoint, bucket)] = Refused(detail, retry, now, now + min(float(retry), HOLD))
        self.clients[client] = held
        while len(self.clients) > self.most_clients:
            self.clients.popitem(last=False)
        return refused

    def held(self, client: str, endpoint: str) -> list[tuple[str, Refused]]:
        """The client's refusals at the endpoint still answered from the book, by bucket (dropping ended ones)."""
        entries = self.clients.get(client)
        if not entries:
            return []
        now = time.monotonic()
        for key in [key for key, refused in entries.items() if refused.until <= now]:
            del entries[key]
        if not entries:
            del self.clients[client]
            return []
        return [(bucket, refused) for (at, bucket), refused in entries.items() if at == endpoint]


class RefusedAgain:
    """WSGI middleware answering a held client's requests from the book, before everything but the observer."""

    def __init__(self, app: Flask, wsgi_app: Callable, book: Book) -> None:
        self.app, self.wsgi_app, self.book = app, wsgi_app, book
        self.origins = cors.allowed_origins(app.config["CORS_ORIGINS"])
        self.hops = int(app.config["PROXY_HOPS"])

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        if not self.book.clients:
            return self.wsgi_app(environ, start_response)
        address = clients.key(clients.forwarded(environ, self.hops))
        reader = history_budget.book_key(address, environ.get("HTTP_AUTHORIZATION"))
        held = [client for client in (address, reader) if client in self.book.clients]
        if not held:
            return self.wsgi_app(environ, start_response)
        try:
            rule, _ = self.app.url_map.bind_to_environ(environ).match(return_rule=True)
        except HTTPException:
            return self.wsgi_app(environ, start_response)
        for bucket, refused in [entry for client in held for entry in self.book.held(client, rule.endpoint)]:
            if bucket not in APPLIES or APPLIES[bucket](environ, self.app, rule.endpoint):
                environ[observe.ROUTE] = rule.rule
                if self.app.config.get("REFUSED_WAIT", True):
                    hold = min(HOLD, max(0.0, refused.until - time.monotonic()))
                    time.sleep(hold + random.uniform(0.0, SPREAD))
                return answer(self.app, self.origins, environ, start_response, rule.endpoint, refused)
        return self.wsgi_app(environ, start_response)


def answer(
    app: Flask,
    origins: frozenset[str],
    environ: dict[str, Any],
    start_response: Callable,
    endpoint: str,
    refused: Refused,
) -> Iterable[bytes]:
    """Answer a refusal the book holds (or has just noted): 429 with what is left of its Retry-After."""
    # Whole seconds gone are taken off: never a moment sooner than the client was told first.
    retry = max(1, refused.retry - int(time.monotonic() - refused.told))
    with app.request_context(environ):
        response = problem_answers.response(rate_limits.refusal(refused.detail, retry))
        shared_headers.add_to(response, shared_headers.shared(origins, environ, endpoint))
        return response(environ, start_response)


def init_app(app: Flask) -> None:
    """Note each limit's refusal, and answer from the book before the move path (call after its `init_app`)."""
    book = app.extensions["deskovka.refused"] = Book()

    @app.after_request
    def note(response: Response) -> Response:
        refused = g.pop("rate_refusal", None)
        if refused is not None and response.status_code == 429 and request.endpoint:
            bucket, detail, retry, client = refused
            book.note(client, request.endpoint, bucket, detail, retry)
        return response

    app.wsgi_app = RefusedAgain(app, app.wsgi_app, book)  # type: ignore[method-assign]
