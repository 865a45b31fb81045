"""The app's services and the request's bearer token, for views and hooks (the table service is handed them)."""

import redis
from flask import current_app, request

from api.storage.deck_store import DeckStore
from api.storage.followers import Followers
from api.storage.lobby import Lobby
from api.storage.printing_queue import PrintQueue
from api.storage.store import GameStore
from api.tables import tokens
from api.tables.bootstrap import Services
from api.tables.tokens import bearer_from

# Set in a request's WSGI environ when its token authenticated a seat (`seat_of`; a move's, on the move path): the
# budget of requests then counts that token's requests as the seat's own (`api.http.limits.request_budget`).
SEAT_SHOWN = "deskovka.seat_shown"


def services() -> Services:
    services: Services = current_app.extensions["deskovka"]
    return services


def connection() -> redis.Redis:
    return services().connection


def store() -> GameStore:
    return services().store


def lobby() -> Lobby:
    return services().lobby


def decks() -> DeckStore:
    return services().decks


def followers() -> Followers:
    return services().followers


def print_queue() -> PrintQueue:
    return services().print_queue


def bearer() -> str | None:
    """Return the request's bearer token, or None when it has none.

    :raises Problem: 401 when the Authorization header is not a bearer token.
    """
    return bearer_from(request.headers.get("Authorization"))


def seat_of(game_id: str, seats: list[dict]) -> int | None:
    """Return the seat the request's token belongs to (None without a token), noting that it authenticated.

    :raises Problem: 401 or 403 as `api.tables.tokens.seat_of`.
    """
    seat = tokens.seat_of(game_id, seats, bearer())
    if seat is not None:
        request.environ[SEAT_SHOWN] = True
    return seat
