"""The Redis connections an app uses, made once in `init_app` and kept in `app.extensions`."""

import redis
from flask import Flask, current_app

from api.deck_store import DeckStore
from api.lobby import Lobby
from api.printing_queue import PrintQueue
from api.store import GameStore


def init_app(app: Flask) -> None:
    url = app.config["REDIS_URL"]
    if not url:
        raise RuntimeError("Set DESKOVKA_REDIS_URL, or run `deskovka serve`, which starts an embedded Redis.")
    connection = redis.Redis.from_url(url, health_check_interval=30)
    queue_url = app.config.get("QUEUE_URL") or url
    queue_connection = connection if queue_url == url else redis.Redis.from_url(queue_url, health_check_interval=30)
    app.extensions["deskovka"] = {
        "redis": connection,
        "store": GameStore(connection),
        "lobby": Lobby(connection),
        "print_queue": PrintQueue(queue_connection),
        "decks": DeckStore(connection),
    }


def connection() -> redis.Redis:
    return current_app.extensions["deskovka"]["redis"]


def store() -> GameStore:
    return current_app.extensions["deskovka"]["store"]


def lobby() -> Lobby:
    return current_app.extensions["deskovka"]["lobby"]


def decks() -> DeckStore:
    return current_app.extensions["deskovka"]["decks"]
