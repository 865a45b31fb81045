"""RFC 9457 problems: one exception, the table of codes and statuses, and how any error becomes one.

How a problem is answered (in the client's language, as `application/problem+json`) is the HTTP layer's
(`api.http.problem_answers`).
"""

import re
from json import JSONDecodeError
from typing import Any

import redis

from engine.core.errors import EngineError

# Every engine error code and the HTTP status it answers with; a meta-test checks none is missing.
ENGINE_STATUS = {
    "action/malformed": 422,
    "action/illegal": 422,
    "action/not_your_turn": 409,
    "game/over": 409,
    "seat/resigned": 409,
    "options/invalid": 422,
    "players/invalid": 422,
    "game/unknown_type": 422,
    "bot/unknown": 422,
    "deck/unknown": 422,
    "deck/gone": 410,
}

# Every stable problem code the API answers with and its HTTP status (engine codes included). The contract's
# `code` enum is generated from this table, and a meta-test checks every code the sources raise is in it.
CODE_STATUS = {
    **ENGINE_STATUS,
    "request/malformed": 400,
    "request/bad_header": 400,
    "request/invalid": 422,
    "request/too_deep": 422,
    "request/unsupported_type": 415,
    "auth/malformed": 401,
    "auth/required": 401,
    "auth/invalid_token": 401,
    "auth/foreign_token": 403,
    "game/not_found": 404,
    "game-type/not_found": 404,
    "seat/not_found": 404,
    "deck/not_found": 404,
    "print-job/not_found": 404,
    "game/busy": 409,
    "game/not_over": 409,
    "game/not_started": 409,
    "game/started": 409,
    "game/cancelled": 409,
    "game/abandoned": 409,
    "auth/not_creator": 403,
    "clock/invalid": 422,
    "seat/taken": 409,
    "print-job/not_ready": 409,
    "game/version_mismatch": 412,
    "deck/unsupported_type": 415,
    "deck/invalid": 422,
    "idempotency/key_reused": 422,
    "print/invalid_spec": 422,
    "print/over_budget": 422,
    "players/person_required": 422,
    "game/outdated": 410,
    "request/timeout": 408,
    "rate/limited": 429,
    "server/busy": 503,
    "server/draining": 503,
    "server/error": 500,
    "store/unavailable": 503,
    "store/full": 507,
    "store/client_full": 507,
}

TITLES = {
    400: "Bad request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    406: "Not acceptable",
    408: "Request timeout",
    409: "Conflict",
    410: "Gone",
    412: "Precondition failed",
    413: "Content too large",
    415: "Unsupported media type",
    422: "Unprocessable content",
    428: "Precondition required",
    429: "Too many requests",
    500: "Internal server error",
    503: "Service unavailable",
    507: "Insufficient storage",
}
# Answers the framework gives before any of our code runs (an unknown path, a method not allowed, ...).
CODE_STATUS.update({f"http/{status}": status for status in TITLES})


# The members RFC 9457 defines: an extension member never takes one of these names.
RFC9457_MEMBERS = frozenset({"type", "title", "status", "detail", "instance"})


class Problem(Exception):
    """An error the API answers with `application/problem+json`."""

    def __init__(
        self,
        code: str,
        detail: str,
        headers: dict[str, str] | None = None,
        *,
        status: int | None = None,
        **extra: Any,
    ) -> None:
        """A problem of a code in `CODE_STATUS`, answered with its status (`status` only for a framework's answer
        of a status the table does not name)."""
        super().__init__(detail)
        named = RFC9457_MEMBERS & set(extra)
        assert not named, f"a problem's extension members may not be named like RFC 9457's own: {named}"
        self.status = CODE_STATUS[code] if status is None else status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra
        self.game: str | None = None  # a refused move's game type: its ids are said as its words


# webargs names where in the request a message points; the contract names these locations.
PLACED = re.compile(r"^([a-z_]+(?:\[\d+\])*(?:\.[a-z_]+(?:\[\d+\])*)*): ")
ENTRY_KEYS = {"detail", "location", "pointer"}
LOCATIONS = {
    "json": "body",
    "query": "query",
    "querystring": "query",
    "headers": "header",
    "view_args": "path",
    "path": "path",
}
# Where in the request body an engine error's messages point.
ENGINE_POINTER = {"options/invalid": "/options"}


def error_list(errors: Any, location: str = "body", pointer: str = "") -> list[dict[str, str]]:
    """Flatten validation messages (nested by place, or a list of strings) into the one `errors` form.

    Each entry has `detail`; `location` (body, query, header or path) and `pointer` (an RFC 6901 JSON Pointer
    into that part) say where, when known.
    """
    if isinstance(errors, dict) and isinstance(errors.get("detail"), str) and set(errors) <= ENTRY_KEYS:
        return [errors]
    if isinstance(errors, dict):
        found = []
        for key, value in errors.items():
            if key == "_schema":  # marshmallow's name for the value as a whole: the place is the one we are at
                found += error_list(value, location, pointer)
                continue
            escaped = str(key).replace("~", "~0").replace("/", "~1")
            found += error_list(value, location, f"{pointer}/{escaped}")
        return found
    if isinstance(errors, list | tuple):
        return [entry for item in errors for entry in error_list(item, location, pointer)]
    named = PLACED.match(str(errors)) if not pointer else None
    if named:
        # "cards[2].image: must be ..." names its place: point at it, and keep the whole message as the detail.
        pointer = "/" + "/".join(part for part in re.split(r"[.\[\]]+", named.group(1)) if part)
    entry = {"detail": str(errors), "location": location}
    if pointer:
        entry["pointer"] = pointer
    return [entry]


def by_location(messages: dict[str, Any]) -> list[dict[str, str]]:
    """Flatten webargs' messages, which come keyed by where they were read (json, query, headers, ...)."""
    return [entry for key, value in messages.items() for entry in error_list(value, LOCATIONS.get(key, "body"))]


def from_engine(error: EngineError) -> Problem:
    details: dict[str, Any] = dict(error.details)
    if "errors" in details:
        details["errors"] = error_list(details["errors"], "body", ENGINE_POINTER.get(error.code, ""))
    problem = Problem(error.code, error.reason, **details)
    problem.game = error.game
    return problem


# What redis-py raises when the store is down, restarting (LOADING), hung (timeouts) or a replica after a failover.
STORE_ERRORS = (
    redis.ConnectionError,
    redis.TimeoutError,
    redis.exceptions.ReadOnlyError,
    redis.exceptions.ClusterDownError,
    redis.exceptions.TryAgainError,
)
RETRY_AFTER = "2"


def not_json(error: JSONDecodeError | None = None) -> Problem:
    """400 for a request body that is not JSON (`error`: the parser's, which says where it goes wrong)."""
    if error is None:
        detail = "The request body is empty or not valid JSON."
    elif not error.doc:
        detail = "The request body is empty; it must be JSON."
    else:
        detail = f"The request body is not valid JSON: it goes wrong at line {error.lineno}, column {error.colno}."
    return Problem("request/malformed", detail, errors=[{"detail": detail, "location": "body"}])


def unsupported_type(content_type: str) -> Problem:
    """415 for a request body sent without a JSON media type (what it was sent as is named, cut short)."""
    sent = content_type.partition(";")[0].strip()[:60]
    detail = (
        f"The request body is sent as {sent}; send it as JSON, with the header `Content-Type: application/json`."
        if sent
        else "The request body has no Content-Type; send it as JSON, with the header `Content-Type: application/json`."
    )
    return Problem("request/unsupported_type", detail)


def draining() -> Problem:
    return Problem(
        "server/draining",
        "This server is shutting down and takes no new followers: ask again (another server answers).",
        headers={"Retry-After": "1"},
    )


def store_unavailable() -> Problem:
    return Problem(
        "store/unavailable",
        "The game store does not answer right now. Try again shortly; repeat a "
        "move with the same Idempotency-Key, so that it is applied once whether or not it got through.",
        headers={"Retry-After": RETRY_AFTER},
    )
