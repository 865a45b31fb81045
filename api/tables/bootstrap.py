"""Every entry point's start: the settings, read once, and the connections, made once (serve, keeper, CLI).

The Flask app keeps its `Services` in `app.extensions["deskovka"]`; the keeper holds its own, with no app.
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import redis

from api import clock, config
from api.config import Settings
from api.storage.connections import BadURL, check_url, connect
from api.storage.deck_cache import configure_cache
from api.storage.deck_store import DeckStore
from api.storage.followers import Followers
from api.storage.lobby import Lobby
from api.storage.printing_queue import PrintQueue
from api.storage.store import ENDED, GameRecord, GameStore


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

    def lifetime(self, record: GameRecord) -> int:
        """Seconds a write of `record` keeps the game's keys: its status's time from now, and while the game is not
        over never past `game_max_age` after its creation, so replaying moves (a person's, or bots' by the
        thousand) cannot keep a game for ever. A write that ends the game gives it its ended status's whole time."""
        ttl = self.ttl_for(record.status)
        if record.status in ENDED or not self.settings.game_max_age:
            return ttl
        born = datetime.fromisoformat(record.created_at.replace("Z", "+00:00")).timestamp()
        return max(1, min(ttl, math.ceil(born + self.settings.game_max_age - clock.now().timestamp())))


def settings_from(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The environment's settings (`api.config.from_env`) with the overrides applied, by upper-case name."""
    values: dict[str, Any] = config.from_env()
    values.update(overrides or {})
    return values


def check(settings: Settings) -> None:
    """Refuse store URLs that cannot work, in one sentence, before anything connects.

    :raises BadURL: a URL that is not a Redis URL; a Cluster for the print queue, or a Cluster state URL without a
        queue URL.
    """
    state, queue = settings.redis_url, settings.queue_url or settings.redis_url
    if state:
        check_url(state, "DESKOVKA_REDIS_URL")
    if queue and queue == state and "+cluster://" in queue:
        raise BadURL(
            "DESKOVKA_REDIS_URL names a Redis Cluster, and the print queue (RQ) cannot live on one: set "
            "DESKOVKA_QUEUE_URL to a plain Redis or a Sentinel URL (redis+sentinel://host:port/service) beside it."
        )
    if queue and queue != state:
        check_url(queue, "DESKOVKA_QUEUE_URL", queue=True)


def start(settings: Settings) -> Services:
    """Connect to the store the settings name and size this process's deck cache.

    :raises RuntimeError: without a store URL.
    :raises BadURL: as `check` says.
    """
    url = settings.redis_url
    if not url:
        raise RuntimeError("Set DESKOVKA_REDIS_URL, or run `deskovka serve`, which starts an embedded Redis.")
    check(settings)
    configure_cache(settings.deck_cache_bytes)
    waits = settings.replica_timeout if settings.replica_acks or settings.queue_replica_acks else 0.0
    connection = connect(url, waits)
    queue_url = settings.queue_url or url
    queue_connection = connection if queue_url == url else connect(queue_url, waits)
    store = GameStore(connection, settings.replica_acks, settings.replica_timeout)
    return Services(
        settings=settings,
        connection=connection,
        store=store,
        lobby=Lobby(connection),
        decks=DeckStore(connection, settings.deck_ttl, max(settings.game_ttl, settings.finished_ttl)),
        print_queue=PrintQueue(queue_connection, settings.queue_replica_acks, settings.replica_timeout),
        followers=Followers(connection, GameStore.moves_channel, store.sharded_channel),
    )
