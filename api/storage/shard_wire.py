"""Sharded subscriptions on a Redis Cluster: one plain pub/sub connection per master, as redis-py's `ClusterPubSub`
keeps one per node, read by one listener that waits on all of their sockets at once.

A channel is subscribed on the master of its slot, one SSUBSCRIBE per slot (a Cluster refuses one spanning slots).
`get_message` answers the first message of any master; a master that fails, a slot that moved (a MOVED reply, or
the master unsubscribing us as its slot leaves) raises a Redis error, and the caller builds a new wire, which asks
the Cluster for its masters afresh.
"""

import select
import socket
import threading
import time
from collections import defaultdict
from typing import Any

import redis
from redis.cluster import key_slot

# How often each master is sent a PING, so a master that vanished without closing its connection is noticed.
PING_EVERY = 5.0


class SlotMoved(redis.ConnectionError):
    """A followed channel's slot is no longer served where it was subscribed: build a new wire."""


class ShardWire:
    """What `api.storage.followers.Followers` needs of a pub/sub connection, spread over a Cluster's masters."""

    def __init__(self, cluster: redis.RedisCluster) -> None:
        self.cluster = cluster
        cluster.nodes_manager.initialize()  # the masters of now (after a failover, not those of the last look)
        self._lock = threading.Lock()
        self._sending = threading.Lock()
        self._pubsubs: dict[str, Any] = {}
        self._wanted: set[str] = set()
        self._turn = 0
        # A byte on this pair wakes a listener waiting on the sockets when a connection is subscribed.
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        self._pinged = 0.0
        self.connection = self  # the listener's "is there a connection" check: always

    def _pubsub_of(self, node: Any) -> Any:
        with self._lock:
            pubsub = self._pubsubs.get(node.name)
            if pubsub is None:
                pubsub = self.cluster.get_redis_connection(node).pubsub()
                self._pubsubs[node.name] = pubsub
        return pubsub

    def _wake(self) -> None:
        try:
            self._wake_write.send(b".")
        except BlockingIOError:
            pass  # already full of wake-ups: the listener wakes anyway

    def ssubscribe(self, *channels: str) -> None:
        by_slot: dict[int, list[str]] = defaultdict(list)
        for channel in channels:
            by_slot[key_slot(channel.encode())].append(channel)
        for slot, group in by_slot.items():
            with self._lock:
                self._wanted.update(group)
            try:
                self._send_ssubscribe(slot, group)
            except (redis.ConnectionError, redis.TimeoutError):
                # The slot's master is gone: learn the masters of now (a replica may have taken over) and try there.
                self._forget(slot)
                self.cluster.nodes_manager.initialize()
                self._send_ssubscribe(slot, group)

    def _send_ssubscribe(self, slot: int, group: list[str]) -> None:
        node = self.cluster.nodes_manager.get_node_from_slot(slot)
        # One sender at a time: a pub/sub connects on its first command, and two first commands at once would each
        # make a connection, one of them lost with its subscription.
        with self._sending:
            self._pubsub_of(node).ssubscribe(*group)
        # The listener may be waiting without this connection (new, or idle since its last channel was left).
        self._wake()

    def _forget(self, slot: int) -> None:
        """Drop the connection to a slot's master that failed (its subscriptions are made again elsewhere)."""
        name = self.cluster.nodes_manager.get_node_from_slot(slot).name
        with self._lock:
            pubsub = self._pubsubs.pop(name, None)
        if pubsub is not None:
            try:
                pubsub.close()
            except (redis.RedisError, OSError):
                pass

    def sunsubscribe(self, channel: str) -> None:
        node = self.cluster.nodes_manager.get_node_from_slot(key_slot(channel.encode()))
        with self._lock:
            self._wanted.discard(channel)
            pubsub = self._pubsubs.get(node.name)
        if pubsub is not None:
            with self._sending:
                pubsub.sunsubscribe(channel)

    def get_message(self, timeout: float) -> dict[str, Any] | None:
        """The next message of any master, waiting up to `timeout` seconds; None if none came."""
        message = self._buffered()
        if message is not None:
            return message
        sockets = [pubsub.connection._sock for pubsub in self._listening()]
        ready, _, _ = select.select([self._wake_read, *sockets], [], [], timeout)
        if self._wake_read in ready:
            try:
                self._wake_read.recv(4096)
            except BlockingIOError:
                pass
        return self._buffered()

    def _listening(self) -> list[Any]:
        with self._lock:
            pubsubs = list(self._pubsubs.values())
        return [p for p in pubsubs if p.subscribed and p.connection is not None and p.connection._sock is not None]

    def _buffered(self) -> dict[str, Any] | None:
        """A message already readable on some master's connection (taking the masters in turn), else None."""
        pubsubs = self._listening()
        for i in range(len(pubsubs)):
            pubsub = pubsubs[(self._turn + i) % len(pubsubs)]
            message = pubsub.get_message(timeout=0)
            if message is None:
                continue
            self._turn += 1
            if message["type"] == "sunsubscribe":
                with self._lock:
                    still_wanted = message["channel"].decode() in self._wanted
                if still_wanted:  # the master let go of a slot we follow: it moved
                    raise SlotMoved(f"{message['channel'].decode()} is no longer served by its master")
            return message
        return None

    def check_health(self) -> None:
        now = time.monotonic()
        if now - self._pinged < PING_EVERY:
            return
        self._pinged = now
        for pubsub in self._listening():
            pubsub.ping()

    def close(self) -> None:
        with self._lock:
            pubsubs, self._pubsubs = list(self._pubsubs.values()), {}
        for pubsub in pubsubs:
            try:
                pubsub.close()
            except (redis.RedisError, OSError):
                pass
        self._wake_read.close()
        self._wake_write.close()
