"""What a request must meet before a view acts on it, written once: Flask's hooks and the move path run these lists.

A check is a function over the WSGI environ and the endpoint (`HEAD`, before anything costs) or over the parsed JSON
body and the endpoint (`BODY`, once the body is read), returning the Problem that refuses the request, or None.
Checks are pure: the move path (`move_path`) runs them and answers a refusal itself, Flask's hooks run them for every
other request. So a new check is one entry here, and both paths obey it. Between the two lists Flask
counts the rate limits (they write to Redis, so they are not a check here; a limited view is never on the move path).
"""

import re
from collections.abc import Callable
from typing import Any

import orjson
from flask import Flask, current_app, request

from api.http import current
from api.http.limits import capacity, large_bodies, rate_limits
from api.http.middleware import input_bounds
from api.problems import Problem, not_json, unsupported_type
from api.tables import loading

LENGTH = re.compile(r"[0-9]{1,9}")  # a Content-Length read ahead of Flask: longer is over every limit anyway
MOVE = "actions.post_action"  # a move: its game is looked up before its body
OWN_BODY_TYPES = frozenset({"decks.upload_deck"})  # views that read a body of another type (text/csv) themselves
HeadCheck = Callable[[dict[str, Any], str | None], Problem | None]
BodyCheck = Callable[[Any, str | None], Problem | None]


def server_has_room(environ: dict[str, Any], endpoint: str | None) -> Problem | None:
    """Refuse a request on a connection beyond the server's cap or its client's share (`/healthz`, `/readyz` pass)."""
    busy = environ.get(capacity.BUSY)
    # The path as werkzeug's `Request.path` spells it ("//healthz" is "/healthz").
    if not busy or "/" + environ.get("PATH_INFO", "").lstrip("/") in capacity.ALWAYS_ANSWERED:
        return None
    detail = (
        "Your address holds as many of this server's connections as one client may; close some, or try again shortly."
        if busy == capacity.CLIENT
        else "This server holds as many connections as it may. Try again shortly."
    )
    return Problem("server/busy", detail, headers={"Retry-After": capacity.RETRY_AFTER})


def nested_within_bound(body: Any, endpoint: str | None) -> Problem | None:
    """Refuse a body nested deeper than `input_bounds.MAX_DEPTH` (orjson writes at most 254 levels back)."""
    return None if input_bounds.within_depth(body) else input_bounds.too_deep()


HEAD: list[HeadCheck] = [server_has_room]
BODY: list[BodyCheck] = [nested_within_bound]


def head_refusal(environ: dict[str, Any], endpoint: str | None) -> Problem | None:
    """Return the first problem a `HEAD` check finds with the request, or None."""
    for check in HEAD:
        problem = check(environ, endpoint)
        if problem is not None:
            return problem
    return None


def body_refusal(body: Any, endpoint: str | None) -> Problem | None:
    """Return the first problem a `BODY` check finds with the parsed JSON body, or None."""
    for check in BODY:
        problem = check(body, endpoint)
        if problem is not None:
            return problem
    return None


def json_body(environ: dict[str, Any]) -> bool:
    """Tell whether the request's body is JSON by its media type, as werkzeug's `Request.is_json` does."""
    media_type = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
    return media_type == "application/json" or media_type.startswith("application/") and media_type.endswith("+json")


def declared_json_length(environ: dict[str, Any]) -> int | None:
    """The length of a JSON body sent whole with `Content-Length` (not chunked, not empty), else None."""
    if "HTTP_TRANSFER_ENCODING" in environ or not json_body(environ):
        return None
    length = environ.get("CONTENT_LENGTH", "")
    return int(length) if LENGTH.fullmatch(length) and int(length) else None


def has_body(environ: dict[str, Any]) -> bool:
    return "HTTP_TRANSFER_ENCODING" in environ or environ.get("CONTENT_LENGTH", "") not in ("", "0")


def body_limit(app: Flask, endpoint: str | None) -> int:
    """The most bytes a body sent to the endpoint may hold."""
    return input_bounds.BODY_LIMITS.get(endpoint or "") or app.config["MAX_CONTENT_LENGTH"]


def refuse_from_head() -> None:
    problem = head_refusal(request.environ, request.endpoint)
    if problem is not None:
        raise problem


def refuse_unknown_game() -> None:
    """A move for a game that does not exist is 404, whatever its body."""
    if request.endpoint == MOVE and request.method == "POST" and request.view_args is not None:
        loading.must_exist(current.services(), request.view_args["game_id"])


def take_large_body_slot() -> None:
    """A body of more than `large_bodies.LARGE` bytes waits for one of the process's few slots before it is read."""
    if request.method in ("GET", "HEAD", "OPTIONS") or request.routing_exception:
        return
    large_bodies.admit(body_limit(current_app, request.endpoint))


def check_json_body() -> None:
    """Bound the body, refuse one that is not JSON, and run the `BODY` checks on a JSON body, before any view reads it.

    Bodies are read with orjson, as the views' parser does: integers beyond 64 bits become floats, and lone
    surrogates, NaN and numbers beyond a double are not JSON, so whatever passes can be written back.
    """
    request.max_content_length = body_limit(current_app, request.endpoint)
    if request.method in ("GET", "HEAD", "OPTIONS") or request.routing_exception:
        return  # no body to check, or a request refused from its head (404, 405): its body is never read
    if not json_body(request.environ):
        if has_body(request.environ) and request.endpoint not in OWN_BODY_TYPES:
            raise unsupported_type(request.environ.get("CONTENT_TYPE", ""))
        return
    if not request.get_data(cache=True):
        return
    try:
        body = input_bounds.parsed_body()
    except orjson.JSONDecodeError as error:
        raise (input_bounds.too_deep() if "depth" in str(error) else not_json(error)) from None
    problem = body_refusal(body, request.endpoint)
    if problem is not None:
        raise problem


def init_app(app: Flask) -> None:
    """Run the checks before every view: the head's, then the rate limits, then the body's."""
    app.before_request(refuse_from_head)
    rate_limits.init_app(app)  # after the head: a full process refuses without asking Redis
    app.before_request(refuse_unknown_game)  # a move's game before its body
    app.before_request(take_large_body_slot)  # after the limits: a client past them never waits for a slot
    app.teardown_request(large_bodies.release)
    app.before_request(check_json_body)  # after the limits: a refused upload is never read
