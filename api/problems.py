"""RFC 9457 problem responses: one exception, one place that maps every error to one."""

from typing import Any

import redis
from flask import Flask, Response, json, request
from werkzeug.exceptions import HTTPException

from engine.core.errors import ALL_ERRORS, EngineError

# Every engine error code and the HTTP status it answers with; a meta-test checks none is missing.
ENGINE_STATUS = {
    "action/malformed": 422,
    "action/illegal": 422,
    "action/not_your_turn": 409,
    "game/over": 409,
    "options/invalid": 422,
    "players/invalid": 422,
    "game/unknown_type": 422,
    "bot/unknown": 422,
    "deck/unknown": 422,
    "deck/gone": 410,
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


class Problem(Exception):
    """An error the API answers with `application/problem+json`."""

    def __init__(self, status: int, code: str, detail: str, headers: dict[str, str] | None = None,
                 **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def response(self) -> Response:
        body = {
            "type": f"/problems/{self.code}",
            "title": TITLES.get(self.status, "Error"),
            "status": self.status,
            "detail": self.detail,
            "code": self.code,
            "instance": request.path,
            **self.extra,
        }
        return Response(json.dumps(body), status=self.status, mimetype="application/problem+json",
                        headers=self.headers)


def from_engine(error: EngineError) -> Problem:
    return Problem(ENGINE_STATUS[error.code], error.code, error.reason, **error.details)


def _from_http(error: HTTPException) -> Problem:
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    if messages is not None:
        # webargs puts messages by location ("json", "query"); 400 is a body that is not JSON at all.
        if status == 400:
            return Problem(400, "request/malformed", "The body is not valid JSON.", errors=messages)
        return Problem(422, "request/invalid", "The request does not match the API contract.", errors=messages)
    # Keep what the exception says in headers (405's Allow), but not its HTML content type.
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    return Problem(status, f"http/{status}", error.description or TITLES.get(status, "Error"), headers=headers)


# What redis-py raises when the store is down, restarting (LOADING), hung (timeouts) or a replica after a failover.
STORE_ERRORS = (redis.ConnectionError, redis.TimeoutError, redis.exceptions.ReadOnlyError,
                redis.exceptions.ClusterDownError, redis.exceptions.TryAgainError)
RETRY_AFTER = "2"


def store_unavailable() -> Problem:
    return Problem(503, "store/unavailable", "The game store does not answer right now. Try again shortly; repeat a "
                   "move with the same Idempotency-Key, so that it is applied once whether or not it got through.",
                   headers={"Retry-After": RETRY_AFTER})


def init_app(app: Flask) -> None:
    assert {error.code for error in ALL_ERRORS} <= set(ENGINE_STATUS)
    app.register_error_handler(Problem, lambda error: error.response())
    app.register_error_handler(EngineError, lambda error: from_engine(error).response())
    app.register_error_handler(HTTPException, lambda error: _from_http(error).response())

    def unavailable(error: Exception) -> Response:
        app.logger.warning("store unavailable: %s", error)
        return store_unavailable().response()

    for store_error in STORE_ERRORS:
        app.register_error_handler(store_error, unavailable)

    def internal(error: Exception) -> Response:
        app.logger.exception("unhandled error", exc_info=error)
        return Problem(500, "server/error", "The server failed; the request changed nothing.").response()

    app.register_error_handler(Exception, internal)
