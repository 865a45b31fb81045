"""A game's hot path: a move with a JSON body of declared length is answered from WSGI, without Flask's dispatch.

Flask's routing, hooks and response objects cost about as much CPU as the move itself. This middleware answers
`POST /v1/games/<id>/actions` itself when its JSON body is sent whole with a `Content-Length`: it runs the checks
Flask's hooks run (`preconditions`), reads the action (`actions.action_in`), plays it with the view's own code
(`actions.move`) and answers with the view's headers and the shared ones (`actions.answer_headers`,
`shared_headers.shared`). A refusal or error met on the way is answered here too, by the one mapping of errors to
problems Flask's handlers use (`problem_answers`). Every other request (another path, a body sent chunked or of
another type, one that could not be read whole) goes on to Flask, whose view calls the same functions.
"""

import re
from collections.abc import Callable, Iterable
from http import HTTPStatus
from typing import Any

from flask import Flask

from api.http import current, problem_answers
from api.http.limits import clients, rebuild_budget
from api.http.middleware import cors, input_bounds, observe, preconditions, shared_headers
from api.http.resources import actions
from api.problems import Problem
from api.tables import loading

ENDPOINT = actions.ENDPOINT
PATH = re.compile(r"/v1/games/([^/]+)/actions")


class MovePath:
    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.origins = cors.allowed_origins(app.config["CORS_ORIGINS"])
        self.route = next(rule.rule for rule in app.url_map.iter_rules() if rule.endpoint == ENDPOINT)
        self.limit = preconditions.body_limit(app, ENDPOINT)
        self.hops = int(app.config["PROXY_HOPS"])

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        game_id, length = self._move_of(environ)
        if game_id is None:
            return self.wsgi_app(environ, start_response)
        environ[observe.ROUTE] = self.route
        observe.about_game(environ, game_id)
        try:
            problem = preconditions.head_refusal(environ, ENDPOINT)
            if problem is not None:
                raise problem
            data = input_bounds.read_ahead(environ, self.limit, length)
            if data is None:  # too large, too slow or cut off: Flask's reading of the body meets it and answers it
                return self.wsgi_app(environ, start_response)
            with self.app.app_context(), rebuild_budget.moving(self.client_of(environ)):
                try:
                    action = actions.action_in(data)
                except Problem:
                    loading.must_exist(current.services(), game_id)  # no such game: 404 whatever its body
                    raise
                status, body, version = actions.move(
                    game_id,
                    action,
                    environ.get("HTTP_AUTHORIZATION"),
                    environ.get("HTTP_IF_MATCH"),
                    environ.get("HTTP_IDEMPOTENCY_KEY"),
                    self.client_of(environ),
                    actions.PLAIN_QUERIES[environ.get("QUERY_STRING", "")],
                )
            environ[current.SEAT_SHOWN] = True  # a move played: its token authenticated
            headers = actions.answer_headers(body, version)
        except Exception as error:  # noqa: BLE001 - every error is answered as a problem, as Flask's handlers do
            problem = problem_answers.problem_for(error)
            status = problem.status
            body, headers = problem_answers.encoded(problem, environ)
        start_response(f"{status} {HTTPStatus(status).phrase}", self._with_shared(headers, environ))
        return [body]

    def client_of(self, environ: dict[str, Any]) -> str:
        """The client the move counts against, as the rate limits name it (this path is outside ProxyFix)."""
        return clients.key(clients.forwarded(environ, self.hops))

    def _with_shared(self, headers: list[tuple[str, str]], environ: dict[str, Any]) -> list[tuple[str, str]]:
        """The answer's headers and the shared ones, Vary's tokens joined in one header as Flask joins them."""
        shared = shared_headers.shared(self.origins, environ, ENDPOINT)
        varies = [value for name, value in (*headers, *shared) if name == "Vary"]
        joined = [(name, value) for name, value in (*headers, *shared) if name != "Vary"]
        return [*joined, ("Vary", ", ".join(varies))] if varies else joined

    @staticmethod
    def _move_of(environ: dict[str, Any]) -> tuple[str | None, int]:
        """The game id and body length of a move with a JSON body of declared length, else None: Flask's path
        answers the rest."""
        if environ.get("REQUEST_METHOD") != "POST":
            return None, 0
        found = PATH.fullmatch(environ.get("PATH_INFO", ""))
        length = preconditions.declared_json_length(environ) if found is not None else None
        if found is None or length is None or environ.get("QUERY_STRING", "") not in actions.PLAIN_QUERIES:
            return None, 0
        return found.group(1), length


def init_app(app: Flask) -> None:
    """Answer plain moves before the app's other middleware (call after every other `init_app` but the book of
    refusals' and the observer's, which go around it)."""
    view = app.view_functions[ENDPOINT]
    if getattr(view, "rate_bucket", None) is not None:
        raise RuntimeError("the move path answers without the rate limits' hook; a limited view needs Flask's path")
    app.wsgi_app = MovePath(app, app.wsgi_app)  # type: ignore[method-assign]
