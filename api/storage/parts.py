"""Reading a set split in parts (each part in one slot) from the parts that answer, on a Redis Cluster.

The lobby, the metrics totals and the keeper's due sets are split in parts spread over a Cluster's masters, so a
page, a scrape or a claim reads every part. While one master fails over, its parts do not answer for a few
seconds; redis-py's Cluster client would retry such a command for seconds (ten tries with back-off) and then fail
the whole request. Here each master's parts are read in one pipeline straight on that master's connection (no
retry): a master that does not answer costs one connect or socket timeout (`api.storage.connections.TIMEOUTS`; a
killed server on a reachable host refuses at once), its parts are reported missing, the Cluster is asked for its
masters again (at most once a `SKIP`) and the master is not tried again for `SKIP` seconds, so a failover costs
one timeout a process, not one a request. On one Redis every part is in one pipeline and an error raises as it
always did.
"""

import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import redis
from prometheus_client import Counter

# Seconds a master that did not answer is left out before it is tried again (its parts reported missing).
SKIP = 1.0
# What a part that cannot be read right now answers: its master is down, failing over, or no longer holds it.
UNREACHABLE = (
    redis.ConnectionError,
    redis.TimeoutError,
    redis.exceptions.ClusterDownError,
    redis.exceptions.MovedError,
    redis.exceptions.AskError,
    redis.exceptions.TryAgainError,
    redis.exceptions.BusyLoadingError,
    redis.exceptions.ReadOnlyError,
    redis.exceptions.SlotNotCoveredError,
    redis.exceptions.ClusterError,
)

missed = Counter(
    "deskovka_store_parts_missed_total",
    "Parts of a split set (lobby, totals, due sets) left out of a read because their master did not answer, by set.",
    ("set",),
)
for _name in ("lobby", "totals", "due"):
    missed.labels(_name)

_skipped: dict[str, float] = {}  # master name -> until when (monotonic) it is left out
_refreshed = [0.0]  # when the slot map was last asked for again
_lock = threading.Lock()

Queue = Callable[[Any, str], None]  # queue one part's commands on a pipeline


def is_cluster(connection: Any) -> bool:
    return isinstance(connection, redis.RedisCluster)


def read(connection: Any, parts: Sequence[str], queue: Queue, name: str) -> list[list[Any] | None]:
    """Each part's replies (`queue(pipe, part)` queues its commands; every part queues as many), or None for a
    part whose master did not answer (on a Cluster; one Redis raises)."""
    if not is_cluster(connection):
        with connection.pipeline(transaction=False) as pipe:
            for part in parts:
                queue(pipe, part)
            replies = pipe.execute()
        size = len(replies) // len(parts) if parts else 0
        return [replies[place * size : (place + 1) * size] for place in range(len(parts))]
    found: list[list[Any] | None] = [None] * len(parts)
    by_node: dict[str, tuple[Any, list[int]]] = {}
    for place, part in enumerate(parts):
        node = node_of(connection, part)
        if node is not None:
            by_node.setdefault(node.name, (node, []))[1].append(place)
    for node, places in by_node.values():

        def queue_all(pipe: Any, places: list[int] = places) -> None:
            for place in places:
                queue(pipe, parts[place])

        replies = on_node(connection, node, queue_all)
        if replies is None:
            continue
        size = len(replies) // len(places)
        for index, place in enumerate(places):
            mine = replies[index * size : (index + 1) * size]
            errors = [reply for reply in mine if isinstance(reply, Exception)]
            if any(isinstance(error, UNREACHABLE) for error in errors):
                failed(connection, node.name, errors[0])  # answered at once (the slot moved, the Cluster is down)
            elif errors:
                raise errors[0]
            else:
                found[place] = mine
    missing = found.count(None)
    if missing:
        missed.labels(name).inc(missing)
    return found


def node_of(connection: Any, key: str) -> Any:
    """The master holding the key's slot, or None while it is left out (or the slot has no master)."""
    try:
        node = connection.get_node_from_key(key)
    except UNREACHABLE:
        refresh(connection)
        return None
    if _skipped.get(node.name, 0.0) > time.monotonic():
        return None
    return node


def master(connection: Any, node: Any) -> Any:
    """The plain client of one Cluster node (no retries: redis-py's Cluster client retries above it)."""
    return connection.get_redis_connection(node)


def on_node(connection: Any, node: Any, queue: Callable[[Any], Any]) -> list[Any] | None:
    """Run the commands `queue(pipe)` queues in one pipeline on one master (no retry); None if it did not answer."""
    try:
        with master(connection, node).pipeline(transaction=False) as pipe:
            queue(pipe)
            return list(pipe.execute(raise_on_error=False))
    except UNREACHABLE as error:
        failed(connection, node.name, error)
        return None


def failed(connection: Any, name: str, error: Exception) -> None:
    """After a master did not answer: leave it out a while if that cost a timeout or a refused connection (one that
    answers an error at once, the Cluster down while it promotes a replica, is tried again at the next read), and
    ask the Cluster which masters hold the slots now."""
    if isinstance(error, (redis.ConnectionError, redis.TimeoutError)):
        with _lock:
            _skipped[name] = time.monotonic() + SKIP
    refresh(connection, name)
    _default_elsewhere(connection)


def _default_elsewhere(connection: Any) -> None:
    """Make a master that answers the client's default node (redis-py asks it where a script's keys are, for a
    pipeline), when the default is one left out."""
    now, default = time.monotonic(), connection.get_default_node()
    if default is not None and _skipped.get(default.name, 0.0) > now:
        others = [node for node in connection.get_primaries() if _skipped.get(node.name, 0.0) <= now]
        if others:
            connection.replace_default_node(random.choice(others))


def refresh(connection: Any, failed_name: str | None = None) -> None:
    """Ask the Cluster for its slot map again (at most once a `SKIP`), asking the master that failed last."""
    with _lock:
        if time.monotonic() - _refreshed[0] < SKIP:
            return
        _refreshed[0] = time.monotonic()
    try:
        connection.nodes_manager.initialize(last_failed_node_name=failed_name)
    except (redis.RedisError, redis.exceptions.RedisClusterException):
        pass  # no node answered with a whole map: the next refresh, a SKIP on, tries again
    _default_elsewhere(connection)
