"""Around every request: its request id (taken from `X-Request-ID` or made, and returned), its latency histogram
by route, and its log line (4xx and 5xx always, every request with `--access-log`), which names the game the
request is about (`game_id`) and, for a refusal, the problem's `code`."""

import logging
import re
import time
import urllib.parse
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, request
from werkzeug.wsgi import ClosingIterator

from api import logs, meters
from api.http.problem_answers import CODE

log = logging.getLogger("deskovka.request")
ROUTE = "deskovka.route"
GAME = "deskovka.game_id"
# A client's own id is kept when it is short and plain (it is written into logs and a response header).
CLIENT_ID = re.compile(r"[A-Za-z0-9._:@+=/-]{1,128}")
UNMATCHED = "unmatched"  # a path no route serves: one label, whatever was asked
# The label sets are closed, so no client adds series: gunicorn takes any upper-case word as a method.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
STATUSES = frozenset({"1xx", "2xx", "3xx", "4xx", "5xx"})
OTHER = "other"


class Observed:
    """WSGI middleware outside everything else, the plain-move path included."""

    def __init__(self, wsgi_app: Callable, access_log: bool) -> None:
        self.wsgi_app, self.access_log = wsgi_app, access_log

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        started = time.perf_counter()
        sent = environ.get("HTTP_X_REQUEST_ID", "")
        request_id = sent if CLIENT_ID.fullmatch(sent) else uuid.uuid4().hex
        token = logs.request_id.set(request_id)
        answer = _Answer(start_response, request_id)
        status = answer.status

        def done() -> None:
            seconds = time.perf_counter() - started
            route = environ.get(ROUTE, UNMATCHED)
            method = environ.get("REQUEST_METHOD", "")
            meters.requests.labels(*labels(route, method, status[0])).observe(seconds)
            level = logging.WARNING if status[0] >= 500 else logging.INFO
            if status[0] >= 400 or self.access_log:
                game = environ.get(GAME)
                log.log(
                    level,
                    "%s %s %d",
                    method,
                    logged_path(environ.get("PATH_INFO", "")),
                    status[0],
                    extra={
                        "request_id": request_id,
                        "game_id": game if isinstance(game, str) else None,
                        "method": method,
                        "route": route,
                        "status": status[0],
                        "code": environ.get(CODE) if status[0] >= 400 else None,
                        "duration_ms": round(seconds * 1000, 2),
                    },
                )
            logs.request_id.set(None)
            logs.game_id.set(None)

        try:
            body = self.wsgi_app(environ, answer.start_response)
        except BaseException:
            done()
            logs.request_id.reset(token)
            raise
        return ClosingIterator(body, done)


def logged_path(path: str) -> str:
    """The path as the request line sent it, percent-encoded again: no space, `=` or control character of a
    client's makes a log line look like two, or adds a field to it."""
    return urllib.parse.quote(path.encode("latin-1", "replace"), safe="/-._~!$&'()*+,;:@")


def labels(route: str, method: str, status: int) -> tuple[str, str, str]:
    """The metric's labels of a request, each from a closed set: anything else is `other`."""
    status_class = f"{status // 100}xx"
    return (
        route if route == UNMATCHED or route.startswith("/") else OTHER,
        method if method in METHODS else OTHER,
        status_class if status_class in STATUSES else OTHER,
    )


def about_game(environ: dict[str, Any], game_id: str) -> None:
    """Name the game a request is about, for its log line and every line logged while it runs."""
    environ[GAME] = game_id
    logs.game_id.set(game_id)


class _Answer:
    """The server's start_response with the request id added; the server's own `force_close` still reachable
    (`start_response.__self__`, as input_bounds and the gunicorn worker use it)."""

    def __init__(self, start_response: Callable, request_id: str) -> None:
        self._start_response, self._request_id = start_response, request_id
        self.status = [500]

    def force_close(self) -> None:
        server_response: Any = getattr(self._start_response, "__self__", None)
        if hasattr(server_response, "force_close"):
            server_response.force_close()

    def start_response(self, line: str, headers: list, exc_info: Any = None) -> Any:
        self.status[0] = int(line[:3])
        return self._start_response(line, [*headers, ("X-Request-ID", self._request_id)], exc_info)


def init_app(app: Flask) -> None:
    """Name each request's route for the metrics (its rule, never its path), and wrap the app; call it last."""

    @app.url_value_preprocessor  # before every before_request hook, which may refuse the request
    def name_route(endpoint: str | None, values: dict | None) -> None:
        if request.url_rule is not None:
            request.environ[ROUTE] = request.url_rule.rule
        if values and isinstance(values.get("game_id"), str):
            about_game(request.environ, values["game_id"])

    app.wsgi_app = Observed(app.wsgi_app, bool(app.config.get("ACCESS_LOG")))  # type: ignore[method-assign]
