"""The headers every answer carries whatever its view said, from one function both paths call (`shared`).

CORS's for browser clients, and for an answer that shows what the caller's seat may see, `Vary: Authorization` and
`Cache-Control: private`, so caches never share it between seats.
"""

from typing import Any

from flask import Flask, Response, request

from api.http.middleware import cors

# Endpoints whose answer shows what the caller's seat may see.
SEAT_DEPENDENT = frozenset(
    {
        "games.get_game",
        "games.create_game",
        "events.list_events",
        "actions.post_action",
        "seats.join_seat",
        "leaving.resign",
        "leaving.cancel_game",
        "leaving.post_rematch",
    }
)


def shared(origins: frozenset[str], environ: dict[str, Any], endpoint: str | None) -> list[tuple[str, str]]:
    """Return the headers the answer to this request carries beside its view's (Vary's tokens joined in one)."""
    allowed, varies = cors.headers_for(origins, environ.get("HTTP_ORIGIN"), environ.get("REQUEST_METHOD", ""))
    if endpoint in SEAT_DEPENDENT:
        headers = [("Vary", "Authorization, Origin" if varies else "Authorization"), ("Cache-Control", "private")]
    else:
        headers = [("Vary", "Origin")] if varies else []
    if allowed:
        headers.extend(allowed.items())
    return headers


def add_to(response: Response, headers: list[tuple[str, str]]) -> Response:
    """Add `shared` headers to a view's answer: Vary and Cache-Control join what it says, the others are set."""
    for name, value in headers:
        if name == "Vary":
            for token in value.split(", "):
                response.vary.add(token)
        elif name == "Cache-Control":
            existing = response.headers.get("Cache-Control")
            response.headers["Cache-Control"] = f"{existing}, {value}" if existing else value
        else:
            response.headers[name] = value
    return response


def init_app(app: Flask) -> None:
    origins = cors.allowed_origins(app.config["CORS_ORIGINS"])

    @app.after_request
    def add_shared(response: Response) -> Response:
        return add_to(response, shared(origins, request.environ, request.endpoint))
