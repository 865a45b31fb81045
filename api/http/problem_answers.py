"""How any error is answered: as an RFC 9457 problem (`application/problem+json`) in the client's language.

`problem_for` maps every error to its problem, once, for Flask's error handlers and the move path alike; `encoded`
writes a problem's answer from the WSGI environ, so either path answers a refusal with the same bytes.
"""

import json
import logging
from typing import Any

import redis
from flask import Flask, Response, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import HTTPException, NotFound
from werkzeug.http import parse_accept_header

from api import meters, problem_language
from api.http.limits.store_room import FULL
from api.problems import (
    ENGINE_STATUS,
    STORE_ERRORS,
    TITLES,
    Problem,
    by_location,
    error_list,
    from_engine,
    not_json,
    store_unavailable,
)
from engine.core.errors import ALL_ERRORS, EngineError

log = logging.getLogger("deskovka")
# Where a refused request's problem code is left for its log line (`api.http.middleware.observe`).
CODE = "deskovka.problem_code"


def client_language(environ: dict[str, Any]) -> str:
    """The most preferred language of `Accept-Language` problems are said in, else English."""
    accepted = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
    for tag, _quality in accepted:
        primary = tag.split("-")[0].lower()
        if primary in problem_language.LANGUAGES:
            return primary
    return "en"


def encoded(problem: Problem, environ: dict[str, Any]) -> tuple[bytes, list[tuple[str, str]]]:
    """The problem's body, said in the client's language, and its own headers (the shared ones are added later)."""
    lang = client_language(environ)
    environ[CODE] = problem.code
    body = {
        "type": f"/problems/{problem.code}",
        "title": problem_language.title(problem.status, TITLES.get(problem.status, "Error"), lang),
        "status": problem.status,
        "detail": problem_language.say(problem.detail, lang, problem_language.words(problem.game, lang)),
        "code": problem.code,
        "instance": "/" + environ.get("PATH_INFO", "").lstrip("/"),
        **problem.extra,
    }
    if "errors" in body:
        body["errors"] = [
            {**entry, "detail": problem_language.say(entry["detail"], lang, problem_language.words(problem.game, lang))}
            for entry in error_list(body["errors"])
        ]
    data = json.dumps(body, ensure_ascii=False, default=str).encode()
    headers = [
        ("Content-Type", "application/problem+json"),
        ("Content-Length", str(len(data))),
        *problem.headers.items(),
        ("Content-Language", lang),
        ("Vary", "Accept-Language"),
    ]
    return data, headers


def response(problem: Problem) -> Response:
    """The problem as a Flask response to the current request."""
    data, headers = encoded(problem, request.environ)
    answer = Response(data, status=problem.status)
    for name, value in headers:
        if name == "Vary":
            answer.vary.add(value)
        else:
            answer.headers[name] = value
    return answer


def problem_for(error: BaseException) -> Problem:
    """The problem any error is answered with (a failure of the server's own is logged, and changed nothing)."""
    if isinstance(error, Problem):
        return error
    if isinstance(error, EngineError):
        return from_engine(error)
    if isinstance(error, HTTPException):
        return from_http(error)
    if isinstance(error, STORE_ERRORS):
        log.warning("store unavailable: %s", error)
        meters.store_errors.labels(type(error).__name__).inc()
        return store_unavailable()
    if isinstance(error, redis.ResponseError) and (
        isinstance(error, redis.exceptions.OutOfMemoryError) or "OOM command not allowed" in str(error)
    ):
        return Problem("store/full", FULL)  # a write Redis refused for memory (noeviction at maxmemory)
    log.exception("unhandled error", exc_info=error)
    return Problem("server/error", "The server failed; the request changed nothing.")


def from_http(error: HTTPException) -> Problem:
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    if messages is not None:
        # webargs puts messages by location ("json", "query"); 400 is a body that is not JSON at all.
        if status == 400:
            return not_json()
        errors = by_location(messages)
        if errors and all(error.get("pointer", "").startswith("/clock") for error in errors):
            return Problem(
                "clock/invalid",
                "The turn clock is not valid: `per_turn` is 2 to 1,209,600 seconds "
                "(14 days), `on_timeout` is `bot` or `resign`.",
                errors=errors,
            )
        return Problem("request/invalid", "The request does not match the API contract.", errors=errors)
    # Keep what the exception says in headers (405's Allow), but not its HTML content type.
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    return Problem(f"http/{status}", error.description or TITLES.get(status, "Error"), headers=headers, status=status)


def not_found(error: NotFound) -> Response:
    """404, naming an empty segment of the path (two slashes in a row) when there is one."""
    if "//" in request.path:
        detail = (
            "The path has an empty segment (two slashes in a row): every part of it must be named, such as a game's id."
        )
        return response(Problem("http/404", detail))
    return response(problem_for(error))


def init_app(app: Flask) -> None:
    assert {error.code for error in ALL_ERRORS} <= set(ENGINE_STATUS)
    app.register_error_handler(Exception, lambda error: response(problem_for(error)))
    app.register_error_handler(NotFound, not_found)
