"""A game's hot path: a plain, successful move is answered from WSGI, without Flask's dispatch around it.

Flask's routing, hooks and response objects cost about as much CPU as the move itself. This middleware answers
`POST /v1/games/<id>/actions` itself when nothing about the request needs them: a server not over its connection
cap, a JSON body of a declared length within the limit and nesting bounds. It runs the same code as the view
(`actions.move`) and answers the same headers, CORS's from the same function (`cors.headers_for`). Every other
request, and any error met on the way, goes on to Flask: an error is handed over in the environ and raised by the
view, after the app's hooks, so every refusal is answered exactly as if Flask had met it. A test holds both paths
to the same answers.
"""

import io
import re
from collections.abc import Callable, Iterable
from http import HTTPStatus
from typing import Any

import orjson
from flask import Flask

from api.http import capacity, cors, input_bounds, observe
from api.http.resources import actions

ENDPOINT = "actions.post_action"
PATH = re.compile(r"/v1/games/([^/]+)/actions")
LENGTH = re.compile(r"[0-9]{1,9}")


class _Failing(io.RawIOBase):
    """A request body whose reading failed (too slow, cut off): Flask's reading fails the same way."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise self.error


class MovePath:
    def __init__(self, app: Flask, wsgi_app: Callable) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.origins = cors.allowed_origins(app.config["CORS_ORIGINS"])
        self.route = next(rule.rule for rule in app.url_map.iter_rules() if rule.endpoint == ENDPOINT)

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        game_id = self._plain_move(environ)
        if game_id is None:
            return self.wsgi_app(environ, start_response)
        length = int(environ["CONTENT_LENGTH"])
        try:
            body = input_bounds.read_body(environ["wsgi.input"], length, length)
        except Exception as error:  # noqa: BLE001 - Flask meets it again and answers it (too slow, cut off)
            environ["wsgi.input"] = _Failing(error)
            return self.wsgi_app(environ, start_response)
        environ["wsgi.input"] = io.BytesIO(body)
        try:
            value = orjson.loads(body)
            input_bounds.check_depth(value)
        except Exception:  # noqa: BLE001 - not JSON, or too deep: the app's own checks answer it
            return self.wsgi_app(environ, start_response)
        try:
            with self.app.app_context():
                status, answer, version = actions.move(
                    game_id, actions.action_from(value), environ.get("HTTP_AUTHORIZATION"),
                    environ.get("HTTP_IF_MATCH"), environ.get("HTTP_IDEMPOTENCY_KEY"))
        except Exception as error:  # noqa: BLE001 - raised again by the view, answered by the app's handlers
            environ[actions.MET_ON_THE_MOVE_PATH] = error
            return self.wsgi_app(environ, start_response)
        allowed, varies = cors.headers_for(self.origins, environ.get("HTTP_ORIGIN"), "POST")
        environ[observe.ROUTE] = self.route
        start_response(f"{status} {HTTPStatus(status).phrase}", [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(answer))),
            ("ETag", f'"{version}"'),
            ("Vary", "Authorization, Origin" if varies else "Authorization"),
            ("Cache-Control", "private"),
            *allowed.items(),
        ])
        return [answer]

    def _plain_move(self, environ: dict[str, Any]) -> str | None:
        """The game id of a move nothing but the view would act on, else None."""
        if environ.get("REQUEST_METHOD") != "POST" or environ.get(capacity.BUSY):
            return None
        found = PATH.fullmatch(environ.get("PATH_INFO", ""))
        if found is None or "HTTP_TRANSFER_ENCODING" in environ:
            return None
        if environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower() != "application/json":
            return None
        length = environ.get("CONTENT_LENGTH", "")
        limit = input_bounds.BODY_LIMITS.get(ENDPOINT) or self.app.config["MAX_CONTENT_LENGTH"]
        if not LENGTH.fullmatch(length) or not 0 < int(length) <= limit:
            return None
        return found.group(1)


def init_app(app: Flask) -> None:
    """Answer plain moves before the app's other middleware (call after every other `init_app`)."""
    view = app.view_functions[ENDPOINT]
    if getattr(view, "rate_bucket", None) is not None:
        raise RuntimeError("the move path answers without the rate limits' hook; a limited view needs Flask's path")
    app.wsgi_app = MovePath(app, app.wsgi_app)  # type: ignore[method-assign]
