"""The Flask app factory."""

from inspect import iscoroutinefunction
from types import FunctionType
from typing import Any

from flask import Flask
from flask_smorest import Api
from werkzeug.middleware.proxy_fix import ProxyFix

from api.config import VERSION, Settings
from api.http import problem_answers
from api.http.contract.schemas import ProblemSchema
from api.http.limits import rebuild_budget
from api.http.middleware import input_bounds, move_path, observe, preconditions, refused, request_budget, shared_headers
from api.http.resources import (
    actions,
    contract,
    decks,
    desk,
    events,
    game_status,
    game_types,
    games,
    health,
    leaving,
    play,
    print_jobs,
    replay,
    seats,
)
from api.tables import bootstrap


class DeskovkaFlask(Flask):
    """Flask that asks once per function, not on every call, whether a hook or view is a coroutine.

    Its requests read bodies within their limit however they are sent (`input_bounds.BoundedRequest`).
    """

    request_class = input_bounds.BoundedRequest

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plain: set[FunctionType] = set()

    def ensure_sync(self, func: Any) -> Any:
        # Plain functions only: bound methods are new objects on every request.
        if type(func) is FunctionType:
            if func in self._plain:
                return func
            if not iscoroutinefunction(func):
                self._plain.add(func)
                return func
        return super().ensure_sync(func)


class DeskovkaApi(Api):
    """flask-smorest's Api with RFC 9457 problems documented as the error payload."""

    ERROR_SCHEMA = ProblemSchema

    def _register_error_handlers(self) -> None:
        problem_answers.init_app(self._app)


def create_app(overrides: dict[str, Any] | None = None) -> Flask:
    app = DeskovkaFlask("deskovka")
    app.config.update(bootstrap.settings_from())
    app.config.update(
        API_TITLE="deskovka",
        API_VERSION=VERSION,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX=None,
        MAX_CONTENT_LENGTH=1 << 20,
    )
    # One JSON for every answer: members in the order written, UTF-8 as is (as orjson writes moves and events).
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.config.update(overrides or {})
    app.url_map.merge_slashes = False  # `/v1/games//events` is a 404 problem naming the empty segment, not a redirect
    app.extensions["deskovka"] = bootstrap.start(Settings.from_config(app.config))
    shared_headers.init_app(app)
    if app.config["PROXY_HOPS"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["PROXY_HOPS"])  # type: ignore[method-assign]
    preconditions.init_app(app)  # the head's checks, the rate limits, the body's checks
    input_bounds.init_app(app)
    rebuild_budget.init_app(app)
    api = DeskovkaApi(app, spec_kwargs=contract.SPEC_KWARGS)
    contract.init_spec(api)
    for module in (game_types, games, game_status, seats, actions, leaving, events, replay, decks, print_jobs):
        api.register_blueprint(module.blp)
    app.register_blueprint(health.blp)
    app.register_blueprint(contract.blp)
    app.register_blueprint(desk.blp)
    app.register_blueprint(play.blp)
    if app.config.get("MOVE_PATH", True):
        move_path.init_app(app)  # it answers plain moves before the other middleware
    request_budget.init_app(app)  # every request counts against its client's budget, before the move path
    refused.init_app(app)  # a client refused lately is refused again before anything else runs
    observe.init_app(app)  # last: around everything, the plain moves included
    app.extensions["deskovka.api"] = api
    return app
