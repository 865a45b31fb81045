"""The followers of games in this process: one pub/sub connection wakes every waiter of a game a move touched.

The compare-and-set script publishes each move. On Redis 7+ (sharded pub/sub) it goes to the game's own channel,
in the game's slot, and a process subscribes (SSUBSCRIBE) to the channels of the games it follows, and only
those, so it receives only their moves, and on a Cluster each shard carries only its own games' moves. On an
older server every move goes to the one moves channel, which every process receives whole. One listener per
process hands each move to the waiters of its game through a chain of signals, so a waiter that is busy while two
moves land still sees both, in order. Waiting is `threading.Event.wait`: a greenlet under gevent workers, a thread
elsewhere, never a Redis call per tick.
"""

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson
import redis

from api import meters
from api.storage.shard_wire import ShardWire

log = logging.getLogger(__name__)
SUBSCRIBE_WAIT = 5.0
# How often the listener looks up from the socket (to check its health and whether it should stop).
LISTEN_TICK = 0.5
# The longest wait before a lost connection is subscribed again (a Cluster's failover takes a second or two).
MAX_BACKOFF = 2.0


@dataclass(frozen=True)
class Move:
    """A move as published: the game went from version `since` to `version`; None: unknown, read the store."""

    since: int | None
    version: int | None
    status: str | None = None
    events: list[dict[str, Any]] | None = None
    # Whose turn it is after the move, and their deadlines (Unix ms by seat); None: not published (an older
    # process's move), read the head.
    to_act: list[int] | None = None
    deadlines: dict[str, int] | None = None

    @property
    def known(self) -> bool:
        return self.version is not None


RECHECK = Move(None, None)


class _Signal:
    __slots__ = ("fired", "move", "next")

    def __init__(self) -> None:
        self.fired = threading.Event()
        self.move: Move = RECHECK
        self.next: _Signal | None = None


class Cursor:
    """One follower's place in its game's chain of moves."""

    def __init__(self, hub: "Followers", game_id: str, signal: _Signal) -> None:
        self._hub, self.game_id, self._signal = hub, game_id, signal
        self._open = True

    def next(self, timeout: float) -> Move | None:
        """Wait up to `timeout` seconds for the next move of the game; None if none came (at once while the
        process drains)."""
        signal = self._signal
        if not signal.fired.wait(0 if self._hub.draining else max(timeout, 0)):
            return None
        assert signal.next is not None
        self._signal = signal.next
        return signal.move

    @property
    def draining(self) -> bool:
        return self._hub.draining

    def close(self) -> None:
        if self._open:
            self._open = False
            self._hub._leave(self.game_id)

    def __enter__(self) -> "Cursor":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Unsubscribed(Exception):
    """The moves channel could not be subscribed to in time."""


class Draining(Unsubscribed):
    """The process is shutting down: it takes no new followers."""


class Followers:
    """Every follower in this process, by game; the listener starts with the first one.

    `channel_of(game_id)` names a game's own channel when the server has sharded pub/sub (it may raise a Redis
    error while the server does not answer), None when every move goes to `channel`.
    """

    def __init__(
        self,
        connection: Any,
        channel: str,
        channel_of: Callable[[str], str | None] = lambda game: None,
    ) -> None:
        self._connection, self._channel, self._channel_of = connection, channel, channel_of
        self._lock = threading.Lock()
        self._tails: dict[str, _Signal] = {}
        self._counts: dict[str, int] = {}
        self._subscribed = threading.Event()  # the listener is ready (on a classic server: subscribed)
        self._pubsub: Any = None
        self._sharded = False
        self._confirmed: dict[str, threading.Event] = {}  # a game's channel: its SSUBSCRIBE was confirmed
        self._listener: threading.Thread | None = None
        self._closed = False
        self.received = 0  # moves this process took off the wire: its share of the fan-out
        self._draining = threading.Event()

    @property
    def draining(self) -> bool:
        return self._draining.is_set()

    def drain(self) -> None:
        """Let every follower go (each waiting cursor returns at once) and take no new one: the process stops."""
        self._draining.set()
        self._deliver(None, RECHECK)

    def follow(self, game_id: str) -> Cursor:
        """Start following a game; every move published from now on reaches the cursor.

        :raises Unsubscribed:
        :raises Draining:
        """
        if self.draining:
            raise Draining("this process is shutting down")
        self._start()
        if not self._subscribed.wait(SUBSCRIBE_WAIT):
            raise Unsubscribed(f"no subscription to {self._channel} after {SUBSCRIBE_WAIT} s")
        with self._lock:
            tail = self._tails.setdefault(game_id, _Signal())
            self._counts[game_id] = self._counts.get(game_id, 0) + 1
            first = self._counts[game_id] == 1
            confirmed = None
            if self._sharded:
                channel = self._own_channel(game_id)
                confirmed = self._confirmed.setdefault(channel, threading.Event())
                pubsub = self._pubsub
        meters.followers.inc()
        cursor = Cursor(self, game_id, tail)
        if confirmed is not None:
            try:
                if first:
                    pubsub.ssubscribe(channel)
                if not confirmed.wait(SUBSCRIBE_WAIT):
                    raise Unsubscribed(f"no subscription to {channel} after {SUBSCRIBE_WAIT} s")
            except (redis.RedisError, OSError) as error:
                cursor.close()
                raise Unsubscribed(f"could not subscribe to {channel}: {error}") from error
            except BaseException:
                cursor.close()
                raise
        return cursor

    def following(self) -> int:
        """How many cursors are open in this process."""
        with self._lock:
            return sum(self._counts.values())

    def close(self) -> None:
        self._closed = True
        if self._listener is not None:
            self._listener.join(LISTEN_TICK * 4)

    def _own_channel(self, game_id: str) -> str:
        channel = self._channel_of(game_id)
        assert channel is not None
        return channel

    def _leave(self, game_id: str) -> None:
        meters.followers.dec()
        with self._lock:
            self._counts[game_id] -= 1
            if self._counts[game_id]:
                return
            del self._counts[game_id], self._tails[game_id]
            if not self._sharded:
                return
            channel = self._own_channel(game_id)
            self._confirmed.pop(channel, None)
            pubsub = self._pubsub
        try:
            pubsub.sunsubscribe(channel)
        except (redis.RedisError, OSError):
            pass  # the listener subscribes afresh, to the games still followed, when its connection comes back

    def ready(self) -> bool:
        """Whether followers can be woken: the listener, once started, is alive and subscribed."""
        with self._lock:
            listener = self._listener
        return listener is None or (listener.is_alive() and self._subscribed.is_set())

    def _start(self) -> None:
        with self._lock:
            if self._listener is not None and not self._listener.is_alive() and not self._closed:
                meters.listener_restarts.labels("ListenerGone").inc()
                log.error("followers: the listener thread was gone; starting it again")
                self._listener = None
            if self._listener is None:
                self._listener = threading.Thread(target=self._listen, name="deskovka-followers", daemon=True)
                self._listener.start()

    def _deliver(self, game_id: str | None, move: Move) -> None:
        """Fire the tail signal of one game (None: of every game) and put a fresh one behind it."""
        fired = []
        with self._lock:
            for game in [game_id] if game_id is not None else list(self._tails):
                tail = self._tails.get(game)
                if tail is None:
                    continue
                tail.move, tail.next = move, _Signal()
                self._tails[game] = tail.next
                fired.append(tail)
        for tail in fired:
            tail.fired.set()

    def _subscribe(self, pubsub: Any) -> None:
        """Subscribe a fresh connection: to the games followed now (sharded), else to the one moves channel."""
        sharded = self._channel_of("-") is not None
        if not sharded:
            pubsub.subscribe(self._channel)
            return
        with self._lock:
            self._sharded, self._pubsub = True, pubsub
            channels = [self._own_channel(game) for game in self._counts]
            # A follower still waiting for its channel's confirmation gets the new connection's.
            self._confirmed = {channel: self._confirmed.get(channel) or threading.Event() for channel in channels}
            for confirmed in self._confirmed.values():
                confirmed.clear()
        if channels:
            pubsub.ssubscribe(*channels)
        self._subscribed.set()
        # Moves made while unsubscribed were missed: everybody reads the store once.
        self._deliver(None, RECHECK)

    def _listen(self) -> None:
        """Listen until closed; whatever kills a connection (a Redis error, a bug) is logged, counted, and a fresh
        connection subscribes again after a back-off."""
        backoff = 0.1
        while not self._closed:
            pubsub = None
            try:
                pubsub = self._wire()
                self._subscribe(pubsub)
                while not self._closed:
                    message = pubsub.get_message(timeout=LISTEN_TICK)
                    if message is None:
                        if pubsub.connection is not None:
                            pubsub.check_health()
                    elif message["type"] == "subscribe":
                        self._subscribed.set()
                        backoff = 0.1
                        self._deliver(None, RECHECK)
                    elif message["type"] == "ssubscribe":
                        backoff = 0.1
                        with self._lock:
                            confirmed = self._confirmed.get(message["channel"].decode())
                        if confirmed is not None:
                            confirmed.set()
                    elif message["type"] in ("message", "smessage"):
                        self.received += 1
                        self._deliver(*parse(message["data"]))
            except Exception as error:
                self._subscribed.clear()
                if self._closed:
                    break
                meters.listener_restarts.labels(type(error).__name__).inc()
                if isinstance(error, (redis.RedisError, OSError)):
                    log.warning("followers: moves channel lost (%s); subscribing again in %.1f s", error, backoff)
                else:
                    log.exception("followers: the listener failed; subscribing again in %.1f s", backoff)
                threading.Event().wait(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF)
            finally:
                if pubsub is not None:
                    try:
                        pubsub.close()
                    except (redis.RedisError, OSError):
                        pass

    def _wire(self) -> Any:
        """A fresh pub/sub connection: on a Cluster with sharded pub/sub, one per master (`ShardWire`)."""
        if isinstance(self._connection, redis.RedisCluster) and self._channel_of("-") is not None:
            return ShardWire(self._connection)
        return self._connection.pubsub()


def parse(data: bytes) -> tuple[str, Move]:
    """Read one published move: `<old version> <JSON: game, version, status, events, to_act, deadlines>`."""
    since, _, body = data.partition(b" ")
    moved = orjson.loads(body)
    return moved["game"], Move(
        int(since), moved["version"], moved["status"], moved["events"], moved.get("to_act"), moved.get("deadlines")
    )
