"""A game's hot path: a plain, successful move is answered from WSGI, without Flask's dispatch around it.

Flask's routing, hooks and response objects cost about as much CPU as the move itself. This middleware answers
`POST /v1/games/<id>/actions` itself when the request is a JSON body of a declared length: it runs the same
preconditions as Flask's hooks (`api.http.preconditions`: the head's checks, the body's limit, the body's checks),
the same code as the view (`actions.move`) and answers the view's headers and the app's shared ones from the same
functions (`actions.answer_headers`, `answer_headers.shared`). Every other request, every request a precondition
refuses, and any error met on the way, goes on to Flask: a refused request is refused again by the app's hooks, an
error is handed over in the environ and raised by the view after them, so every refusal is answered exactly as if
Flask had met it. A test holds both paths to the same answers.
"""

import re
from collections.abc import Callable, Iterable
from http import HTTPStatus
from typing import Any

import orjson
from flask import Flask

from api.http import answer_headers, cors, input_bounds, observe, preconditions
from api.http.resources import actions

ENDPOINT = "actions.post_action"
PATH = re.compile(r"/v1/games/([^/]+)/actions")


class MovePath:
    def __init__(self, app: Flask, wsgi_app: Callable) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.origins = cors.allowed_origins(app.config["CORS_ORIGINS"])
        self.route = next(rule.rule for rule in app.url_map.iter_rules() if rule.endpoint == ENDPOINT)

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        game_id = self._move_of(environ)
        if game_id is None or preconditions.head_refusal(environ, ENDPOINT) is not None:
            return self.wsgi_app(environ, start_response)
        body = input_bounds.read_ahead(
            environ, preconditions.body_limit(self.app, ENDPOINT), int(environ["CONTENT_LENGTH"])
        )
        if body is None:  # too large, too slow or cut off: Flask meets it again and answers it
            return self.wsgi_app(environ, start_response)
        try:
            value = orjson.loads(body)
        except Exception:  # noqa: BLE001 - not JSON, or too deep: the app's own checks answer it
            return self.wsgi_app(environ, start_response)
        if preconditions.body_refusal(value, ENDPOINT) is not None:
            return self.wsgi_app(environ, start_response)
        try:
            with self.app.app_context():
                status, answer, version = actions.move(
                    game_id,
                    actions.action_from(value),
                    environ.get("HTTP_AUTHORIZATION"),
                    environ.get("HTTP_IF_MATCH"),
                    environ.get("HTTP_IDEMPOTENCY_KEY"),
                )
        except Exception as error:  # noqa: BLE001 - raised again by the view, answered by the app's handlers
            environ[actions.MET_ON_THE_MOVE_PATH] = error
            return self.wsgi_app(environ, start_response)
        environ[observe.ROUTE] = self.route
        start_response(
            f"{status} {HTTPStatus(status).phrase}",
            [*actions.answer_headers(answer, version), *answer_headers.shared(self.origins, environ, ENDPOINT)],
        )
        return [answer]

    @staticmethod
    def _move_of(environ: dict[str, Any]) -> str | None:
        """The game id of a move with a JSON body of declared length, else None: Flask's path answers the rest."""
        if environ.get("REQUEST_METHOD") != "POST":
            return None
        found = PATH.fullmatch(environ.get("PATH_INFO", ""))
        if found is None or preconditions.declared_json_length(environ) is None:
            return None
        return found.group(1)


def init_app(app: Flask) -> None:
    """Answer plain moves before the app's other middleware (call after every other `init_app` but the book of
    refusals' and the observer's, which go around it)."""
    view = app.view_functions[ENDPOINT]
    if getattr(view, "rate_bucket", None) is not None:
        raise RuntimeError("the move path answers without the rate limits' hook; a limited view needs Flask's path")
    app.wsgi_app = MovePath(app, app.wsgi_app)  # type: ignore[method-assign]
