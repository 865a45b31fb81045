"""Answers that depend on whose token was sent: never shared by caches between seats."""

from flask import Flask, Response, request

# Endpoints whose answer shows what the caller's seat may see.
SEAT_DEPENDENT = {"games.get_game", "games.create_game", "events.list_events", "actions.post_action",
                  "seats.join_seat"}


def mark_private(response: Response) -> Response:
    if request.endpoint in SEAT_DEPENDENT:
        response.vary.add("Authorization")
        existing = response.headers.get("Cache-Control")
        response.headers["Cache-Control"] = f"{existing}, private" if existing else "private"
    return response


def init_app(app: Flask) -> None:
    app.after_request(mark_private)
