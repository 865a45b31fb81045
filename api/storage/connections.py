"""Connecting to Redis by URL, with timeouts and pools that turn a store that does not answer into a quick 503.

The connections of a process are made once, by `api.tables.bootstrap`.
"""

from typing import Any

import redis
from redis.backoff import ExponentialWithJitterBackoff
from redis.retry import Retry
from redis.sentinel import Sentinel, SentinelConnectionPool

# A Redis that does not answer must turn into a 503 within 2 s: one try, one quick retry (a server that
# restarted drops pooled connections once), each bounded by these timeouts. redis-py's default (ten retries
# with back-off) would keep a request waiting for seconds.
TIMEOUTS = {"socket_connect_timeout": 0.5, "socket_timeout": 0.75}
# Connections per API process, and how long a request waits for a free one before it is a 503. A gevent worker
# whose CPU is busy (thousands of followers arriving at once) keeps each connection until the greenlet that sent a
# command gets its turn to read the reply, so a burst needs many connections, each held for a while.
POOL_SIZE = 256
POOL_WAIT = 5.0
# Seconds a reply may take beyond a server-side wait (WAIT's timeout) before the socket gives up.
WAIT_ROOM = 0.25


# What `connect` understands; anything else is a mistake to name before any connection is tried.
SCHEMES = ("redis", "rediss", "unix", "redis+cluster", "rediss+cluster", "redis+sentinel", "rediss+sentinel")


class BadURL(ValueError):
    """A store URL that cannot work where it was given; its message is one sentence for the operator."""


def shown(url: str) -> str:
    """A URL without its password, to name in a message."""
    scheme, _, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    return f"{scheme}://{'***@' if at else ''}{place}" if rest else url


def check_url(url: str, name: str, queue: bool = False) -> None:
    """Refuse a URL `connect` cannot use (and, for the print queue, a Cluster, which RQ cannot use).

    :raises BadURL:
    """
    scheme, found, rest = url.partition("://")
    if not found or scheme not in SCHEMES:
        raise BadURL(
            f"{name}={shown(url)!r} is not a Redis URL: use redis://host:port/db, rediss://, unix:///path, "
            "redis+cluster://host:port or redis+sentinel://host:port[,host:port]/service."
        )
    if queue and scheme.endswith("+cluster"):
        raise BadURL(
            f"{name} names a Redis Cluster, but the print queue (RQ) needs one Redis: give it a plain Redis or a "
            "Sentinel-watched master (redis+sentinel://host:port[,host:port]/service)."
        )
    if scheme.endswith("+sentinel"):
        hosts, _, path = rest.rpartition("@")[2].partition("/")
        service = path.partition("/")[0]
        try:
            [_address(host) for host in hosts.split(",")]
        except ValueError:
            service = ""
        if not hosts or not service:
            raise BadURL(
                f"{name}={shown(url)!r} does not name its Sentinels and service: "
                "use redis+sentinel://host:port[,host:port]/service[/db]."
            )


def quick_retry() -> Retry:
    return Retry(ExponentialWithJitterBackoff(cap=0.2, base=0.05), 1)


def connect(url: str, waits: float = 0.0) -> Any:
    """Connect by URL: redis://, rediss://, unix://; redis+cluster://host:port; redis+sentinel://h:p[,h:p]/service[/db].

    `waits`: the longest a command may wait on the server (WAIT for replicas): the socket's timeout is set above it,
    so a slow replica is named as such rather than as a socket that timed out.
    """
    timeouts = {**TIMEOUTS, "socket_timeout": max(TIMEOUTS["socket_timeout"], waits + WAIT_ROOM)}
    scheme, _, rest = url.partition("://")
    base = scheme.partition("+")[0]
    # Under gevent workers thousands of requests may want Redis at once: they queue for a bounded pool (redis-py's
    # own pools open a connection for each, without bound, or refuse past their most), one pool a server: each of a
    # Cluster's nodes has its own, and a Sentinel-named master one.
    bounded = {"max_connections": POOL_SIZE, "timeout": POOL_WAIT}
    if scheme.endswith("+cluster"):
        return redis.RedisCluster.from_url(
            f"{base}://{rest}", connection_pool_class=redis.BlockingConnectionPool, **bounded, **timeouts
        )
    if scheme.endswith("+sentinel"):
        hosts, _, path = rest.partition("/")
        service, _, db = path.partition("/")
        sentinels = [_address(host) for host in hosts.split(",")]
        sentinel = Sentinel(sentinels, ssl=base == "rediss", sentinel_kwargs=dict(TIMEOUTS), **timeouts)
        return sentinel.master_for(
            service, db=int(db or 0), retry=quick_retry(), connection_pool_class=BlockingSentinelPool, **bounded
        )
    pool = redis.BlockingConnectionPool.from_url(
        url, health_check_interval=30, retry=quick_retry(), **bounded, **timeouts
    )
    return redis.Redis.from_pool(pool)


class BlockingSentinelPool(SentinelConnectionPool, redis.BlockingConnectionPool):
    """The master a Sentinel names, through a bounded pool that makes a request wait for a free connection."""


def _address(host: str) -> tuple[str, int]:
    name, _, port = host.rpartition(":")
    return (name, int(port)) if name else (host, 26379)
