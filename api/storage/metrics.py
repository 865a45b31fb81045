"""Counters shared by every API process (kept in Redis), and the Prometheus text that shows them beside the
metrics of this machine's processes (`api.meters`, kept by the Prometheus client library)."""

import os

import prometheus_client
import redis
from prometheus_client import CollectorRegistry, multiprocess

from worker import QUEUES

KEY = "dk:metrics"
COUNTERS = {
    "games_created": "Games created.",
    "actions": "Actions applied, bot moves included.",
    "seats_joined": "Open seats taken.",
    "print_jobs": "Print jobs enqueued (identical specs count once).",
    "decks_uploaded": "User decks stored (a repeated upload counts once).",
}


def count(connection: redis.Redis, name: str, amount: int = 1) -> None:
    assert name in COUNTERS
    if amount:
        connection.hincrby(KEY, name, amount)


def exposition(connection: redis.Redis, queue_connection: redis.Redis, version: str) -> str:
    """Return the metrics in Prometheus' text format."""
    stored: dict[bytes, bytes] = connection.hgetall(KEY)  # type: ignore[assignment]
    values = {key.decode(): int(value) for key, value in stored.items()}
    lines = [f'deskovka_build_info{{version="{version}"}} 1']
    for name, help_text in COUNTERS.items():
        lines += [
            f"# HELP deskovka_{name}_total {help_text}",
            f"# TYPE deskovka_{name}_total counter",
            f"deskovka_{name}_total {values.get(name, 0)}",
        ]
    lines += [
        "# HELP deskovka_print_queue_length Print jobs waiting for a worker, by queue.",
        "# TYPE deskovka_print_queue_length gauge",
    ]
    lines += [
        f'deskovka_print_queue_length{{queue="{name}"}} {queue_connection.llen(f"rq:queue:{name}")}' for name in QUEUES
    ]
    return "\n".join(lines) + "\n"


def processes() -> str:
    """The Prometheus client's metrics: of every process sharing PROMETHEUS_MULTIPROC_DIR (gunicorn's workers, and
    under `deskovka serve` its print workers), else of this process alone."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = prometheus_client.REGISTRY
    return prometheus_client.generate_latest(registry).decode()
