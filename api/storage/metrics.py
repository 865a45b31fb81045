"""Counters shared by every API process (kept in Redis), and the Prometheus text that shows them beside the
metrics of this machine's processes (`api.meters`, kept by the Prometheus client library).

Every role's `/metrics` starts with what it reads from Redis at the scrape: the API all of it, a print worker its
queues, a keeper its due set.
"""

import os
import random
from collections.abc import Sequence
from datetime import UTC, datetime

import prometheus_client
import redis
from prometheus_client import CollectorRegistry, multiprocess

from api.storage import due, parts
from worker import QUEUES

KEY = "dk:metrics"  # one hash, which a move's commit on a single Redis counts in (api.storage.store)
# Counted from outside a commit (and on a Cluster, every count): one of these hashes at random, each its own hash
# tag, so the counting spreads over the Cluster's slots (and shards) instead of loading one; a scrape adds them up.
SPREAD = tuple(f"dk:{{metrics:{n}}}" for n in range(8))
COUNTERS = {
    "games_created": "Games created.",
    "actions": "Actions applied, bot moves included.",
    "seats_joined": "Open seats taken.",
    "print_jobs": "Print jobs enqueued (identical specs count once).",
    "decks_uploaded": "User decks stored (a repeated upload counts once).",
}


def count(connection: redis.Redis, name: str, amount: int = 1) -> None:
    """Count in one of the SPREAD hashes; on a Cluster, in one whose master answers (`api.storage.parts`)."""
    assert name in COUNTERS
    if not amount:
        return
    if not parts.is_cluster(connection):
        connection.hincrby(random.choice(SPREAD), name, amount)
        return
    for key in random.sample(SPREAD, len(SPREAD)):
        node = parts.node_of(connection, key)
        if node is None:
            continue
        try:
            parts.master(connection, node).hincrby(key, name, amount)
            return
        except parts.UNREACHABLE as error:
            parts.failed(connection, node.name, error)
    raise redis.ConnectionError("no master holding the metrics totals answers")


def family(name: str, kind: str, help_text: str, samples: Sequence[tuple[str, float]]) -> list[str]:
    """One metric family in the text format: its help, its type and its samples (label text, value)."""
    return [
        f"# HELP {name} {help_text}",
        f"# TYPE {name} {kind}",
        *(f"{name}{labels} {value}" for labels, value in samples),
    ]


def build_info(version: str) -> list[str]:
    return family(
        "deskovka_build_info",
        "gauge",
        "The deskovka version this process runs (always 1).",
        [(f'{{version="{version}"}}', 1)],
    )


def store_totals(connection: redis.Redis) -> list[str]:
    """The store-wide counters: every process of every machine shows the same."""
    return read_totals(connection)[0]


def read_totals(connection: redis.Redis) -> tuple[list[str], int]:
    """The store-wide counters, and how many of their hashes could not be read: on a Cluster, while a hash's master
    does not answer, the counters are left out of the scrape (a sum short of a part would look like a reset)."""
    found = parts.read(connection, [KEY, *SPREAD], lambda pipe, key: pipe.hgetall(key), "totals")
    if None in found:
        return [], found.count(None)
    values: dict[str, int] = {}
    for stored in found:
        for field, value in stored[0].items():  # type: ignore[index]
            values[field.decode()] = values.get(field.decode(), 0) + int(value)
    lines: list[str] = []
    for name, help_text in COUNTERS.items():
        lines += family(f"deskovka_{name}_total", "counter", help_text, [("", values.get(name, 0))])
    return lines, 0


def unreachable(missing: dict[str, int]) -> list[str]:
    """The gauge of each split set's parts whose master did not answer this scrape (0: all answered)."""
    return family(
        "deskovka_store_parts_unreachable",
        "gauge",
        "Parts of a split set (totals, due) this scrape could not read: their Redis Cluster master did not answer.",
        [(f'{{set="{name}"}}', count) for name, count in missing.items()],
    )


def oldest_age(connection: redis.Redis, queue: str, now: float) -> float:
    """Seconds the job at the head of an RQ queue has waited (0: the queue is empty)."""
    head = connection.lindex(f"rq:queue:{queue}", 0)
    if head is None:
        return 0.0
    enqueued = connection.hget(f"rq:job:{head.decode()}", "enqueued_at")  # type: ignore[union-attr]
    if not enqueued:
        return 0.0
    at = datetime.fromisoformat(enqueued.decode().replace("Z", "+00:00"))  # type: ignore[union-attr]
    return max(0.0, now - (at if at.tzinfo else at.replace(tzinfo=UTC)).timestamp())


def queue_gauges(connection: redis.Redis, now: float) -> list[str]:
    """The print queues: jobs waiting, and how long the oldest of each has waited."""
    lengths = [(f'{{queue="{name}"}}', connection.llen(f"rq:queue:{name}")) for name in QUEUES]
    ages = [(f'{{queue="{name}"}}', round(oldest_age(connection, name, now), 3)) for name in QUEUES]
    return [
        *family("deskovka_print_queue_length", "gauge", "Print jobs waiting for a worker, by queue.", lengths),
        *family(
            "deskovka_print_queue_oldest_age_seconds",
            "gauge",
            "Seconds the oldest job waiting in each print queue has waited (0: none waits).",
            ages,
        ),
    ]


def keeper_gauges(connection: redis.Redis) -> list[str]:
    """The keepers' due sets: tables due now and unclaimed, and how far behind them the keepers are."""
    lines, missing = read_keeper(connection)
    return [*lines, *unreachable({"due": missing})]


def read_keeper(connection: redis.Redis) -> tuple[list[str], int]:
    """The keepers' gauges, and how many due sets could not be read (the gauges are the others')."""
    waiting, missing = due.behind(connection)
    lines = [
        *family(
            "deskovka_keeper_tables_due",
            "gauge",
            "Tables due now that no keeper has claimed yet, by what for (clock, bots).",
            [(f'{{due="{name}"}}', tables) for name, (tables, _) in waiting.items()],
        ),
        *family(
            "deskovka_keeper_behind_seconds",
            "gauge",
            "How far behind each due set the keepers are: seconds the earliest unclaimed due table has waited.",
            [(f'{{due="{name}"}}', round(waited, 3)) for name, (_, waited) in waiting.items()],
        ),
    ]
    return lines, missing


def exposition(connection: redis.Redis, queue_connection: redis.Redis, version: str, now: float) -> str:
    """Return the API's metrics read from Redis in Prometheus' text format."""
    totals, totals_missing = read_totals(connection)
    keeper, due_missing = read_keeper(connection)
    lines = [*build_info(version), *totals, *queue_gauges(queue_connection, now), *keeper]
    lines += unreachable({"totals": totals_missing, "due": due_missing})
    return "\n".join(lines) + "\n"


def processes() -> str:
    """The Prometheus client's metrics: of every process sharing PROMETHEUS_MULTIPROC_DIR (gunicorn's workers, and
    under `deskovka serve` its print workers and keepers), else of this process alone."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = prometheus_client.REGISTRY
    return prometheus_client.generate_latest(registry).decode()
