"""Every entry point's start: the settings, read once, and the connections, made once (serve, keeper, CLI).

The Flask app keeps its `Services` in `app.extensions["deskovka"]`; the keeper holds its own, with no app.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import redis

from api import config
from api.config import Settings
from api.storage.connections import connect
from api.storage.deck_cache import configure_cache
from api.storage.deck_store import DeckStore
from api.storage.followers import Followers
from api.storage.lobby import Lobby
from api.storage.printing_queue import PrintQueue
from api.storage.store import GameStore


@dataclass
class Services:
    """What the table service works over: the settings and the store's connections."""

    settings: Settings
    connection: redis.Redis
    store: GameStore
    lobby: Lobby
    decks: DeckStore
    print_queue: PrintQueue
    followers: Followers

    def ttl_for(self, status: str) -> int:
        return self.settings.ttl_for(status)


def settings_from(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The environment's settings (`api.config.from_env`) with the overrides applied, by upper-case name."""
    values: dict[str, Any] = config.from_env()
    values.update(overrides or {})
    return values


def start(settings: Settings) -> Services:
    """Connect to the store the settings name and size this process's deck cache.

    :raises RuntimeError: without a store URL, or with a Cluster URL and no separate queue URL.
    """
    url = settings.redis_url
    if not url:
        raise RuntimeError("Set DESKOVKA_REDIS_URL, or run `deskovka serve`, which starts an embedded Redis.")
    configure_cache(settings.deck_cache_bytes)
    connection = connect(url)
    queue_url = settings.queue_url or url
    if queue_url == url and not isinstance(connection, redis.Redis):
        raise RuntimeError("RQ needs a plain Redis for its queue: set DESKOVKA_QUEUE_URL beside a Cluster state URL.")
    queue_connection = connection if queue_url == url else connect(queue_url)
    store = GameStore(connection, settings.replica_acks, settings.replica_timeout)
    return Services(
        settings=settings,
        connection=connection,
        store=store,
        lobby=Lobby(connection),
        decks=DeckStore(connection, settings.deck_ttl, max(settings.game_ttl, settings.finished_ttl)),
        print_queue=PrintQueue(queue_connection),
        followers=Followers(connection, GameStore.moves_channel, store.sharded_channel),
    )
