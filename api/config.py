"""Settings from the environment, with the defaults an operator would expect."""

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from importlib import metadata
from pathlib import Path
from typing import Any

import platformdirs

from api import limits

# The installed distribution's version (pyproject.toml): the contract, the pages and `deskovka --version` say it.
VERSION = metadata.version("deskovka")
DAY = 24 * 3600


def from_env(environ: dict[str, str] | None = None) -> dict[str, Any]:
    env = os.environ if environ is None else environ
    state_url = env.get("DESKOVKA_REDIS_URL") or None
    return {
        "REDIS_URL": state_url,
        "QUEUE_URL": env.get("DESKOVKA_QUEUE_URL") or state_url,
        "DATA_DIR": Path(env.get("DESKOVKA_DATA_DIR") or platformdirs.user_data_dir("deskovka")),
        # The embedded Redis's appendfsync: "always" (nothing answered is lost) or "everysec" (api/serving/embedded.py).
        "FSYNC": env.get("DESKOVKA_FSYNC", "always"),
        # Games expire this long after their last change; finished games are kept longer for replay.
        "GAME_TTL": int(env.get("DESKOVKA_GAME_TTL", 7 * DAY)),
        "FINISHED_TTL": int(env.get("DESKOVKA_FINISHED_TTL", 30 * DAY)),
        # However often it is written, a game still being played (or waiting for players) is kept at most this long
        # after its creation (0: no cap); one that ended keeps its status's time from its end (`Services.lifetime`).
        "GAME_MAX_AGE": int(env.get("DESKOVKA_GAME_MAX_AGE", 90 * DAY)),
        # A stored first answer to an Idempotency-Key is kept this long (never longer than its game): a client
        # retries within minutes, and a record per move kept for a finished game's 30 days would outweigh the game.
        "IDEMPOTENCY_TTL": int(env.get("DESKOVKA_IDEMPOTENCY_TTL", DAY)),
        # An uploaded deck expires this long after its upload or its last use by a new game or a print job.
        "DECK_TTL": int(env.get("DESKOVKA_DECK_TTL", 30 * DAY)),
        # Bytes of user decks one process keeps parsed in memory (least recently used out; built-in decks beside).
        "DECK_CACHE_BYTES": int(env.get("DESKOVKA_DECK_CACHE_BYTES", 64 << 20)),
        # The store bytes the games one client created may hold together (0: no bound); `api.tables.room`.
        "CLIENT_STORE_BYTES": int(env.get("DESKOVKA_CLIENT_STORE_BYTES", 16 << 20)),
        "MAX_WAIT": float(env.get("DESKOVKA_MAX_WAIT", 30)),
        "MAX_STREAM": float(env.get("DESKOVKA_MAX_STREAM", 300)),
        # Per API worker process: open connections (followers included) before it answers 503 server/busy.
        "MAX_CONNECTIONS": int(env.get("DESKOVKA_MAX_CONNECTIONS", 5000)),
        # Of them, what one client (an IPv4 address, an IPv6 /64) may hold; unset: a tenth, at least 8; 0: no share.
        "MAX_CONNECTIONS_PER_CLIENT": env.get("DESKOVKA_MAX_CONNECTIONS_PER_CLIENT") or None,
        # Seconds a client may take to send a request's head (also the idle time of a kept-alive connection),
        # and its body.
        "HEAD_TIMEOUT": int(env.get("DESKOVKA_HEAD_TIMEOUT", 10)),
        # After SIGTERM: seconds an API process still accepts while /readyz says it is draining, then seconds it
        # gives the requests in flight to finish (api.serving.server).
        "DRAIN_SECONDS": float(env.get("DESKOVKA_DRAIN_SECONDS", 5)),
        "FINISH_SECONDS": float(env.get("DESKOVKA_FINISH_SECONDS", 20)),
        "BODY_TIMEOUT": float(env.get("DESKOVKA_BODY_TIMEOUT", 30)),
        # Origins a browser client may call from, comma-separated; "*" (any) is safe with bearer tokens.
        "CORS_ORIGINS": env.get("DESKOVKA_CORS_ORIGINS", "*"),
        "RATE_LIMITS": limits.from_env(env),
        # Whether a game may be created with bots in every seat ("off": such a game needs a person or an open seat).
        "BOT_ONLY_GAMES": _on(env.get("DESKOVKA_BOT_ONLY_GAMES", "on")),
        # Bot moves per second the keeper plays at one table (after a request's own bounded batch).
        "BOT_PACE": float(env.get("DESKOVKA_BOT_PACE", 10)),
        # Behind this many reverse proxies, the client is the address they name in X-Forwarded-For.
        "PROXY_HOPS": int(env.get("DESKOVKA_PROXY_HOPS", 0)),
        # New games and uploads are refused (507) once Redis holds this share of its maxmemory, so moves of
        # running games keep the rest.
        "MEMORY_HEADROOM": float(env.get("DESKOVKA_MEMORY_HEADROOM", 0.8)),
        # An operator's token: unlocks every deck's full document (and /metrics). Unset: no such token.
        "ADMIN_TOKEN": env.get("DESKOVKA_ADMIN_TOKEN") or None,
        # Unset: /metrics is open, as Prometheus scrapers on a private network expect.
        "METRICS_TOKEN": env.get("DESKOVKA_METRICS_TOKEN") or None,
        # A log line for every request (4xx and 5xx answers are always logged); `deskovka serve --access-log` sets it.
        "ACCESS_LOG": _on(env.get("DESKOVKA_ACCESS_LOG", "off")),
        # Replicas that must hold a move before its 200 (Redis WAIT), and how long to wait for them before a 503.
        "REPLICA_ACKS": int(env.get("DESKOVKA_REPLICA_ACKS", 0)),
        "REPLICA_TIMEOUT": float(env.get("DESKOVKA_REPLICA_TIMEOUT", 1.0)),
        # The same for the print queue's Redis (its own, under Sentinel, when the state is on a Cluster).
        "QUEUE_REPLICA_ACKS": int(env.get("DESKOVKA_QUEUE_REPLICA_ACKS", 0)),
    }


def _on(value: str) -> bool:
    return value.strip().lower() not in ("off", "no", "0", "false", "")


@dataclass(frozen=True)
class Settings:
    """The settings every room below the HTTP layer reads, typed (the HTTP layer reads the rest from the app's
    config). Made from the same mapping `from_env` returns, with any overrides applied (`from_config`)."""

    redis_url: str | None = None
    queue_url: str | None = None
    game_ttl: int = 7 * DAY
    finished_ttl: int = 30 * DAY
    game_max_age: int = 90 * DAY
    idempotency_ttl: int = DAY
    deck_ttl: int = 30 * DAY
    deck_cache_bytes: int = 64 << 20
    client_store_bytes: int = 16 << 20
    bot_pace: float = 10.0
    bot_only_games: bool = True
    memory_headroom: float = 0.8
    replica_acks: int = 0
    replica_timeout: float = 1.0
    queue_replica_acks: int = 0
    # Each bucket's limits (`api.limits`), for the limits the table service counts itself (tables left to bots).
    rate_limits: Mapping[str, list[tuple[int, int]]] = field(default_factory=dict)

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> "Settings":
        """Read the settings from a mapping of `from_env`'s upper-case names (missing ones keep their defaults)."""
        values = {f.name: config[f.name.upper()] for f in fields(cls) if f.name.upper() in config}
        return cls(**values)

    def ttl_for(self, status: str) -> int:
        """Seconds a game of this status is kept after its last change."""
        return int(self.finished_ttl if status in ("finished", "cancelled") else self.game_ttl)
