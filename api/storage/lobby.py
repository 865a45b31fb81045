"""The index of games waiting for players; an index beside the games, so readers re-check each game.

The index is split in SHARDS parts, a game's chosen by its id, each under its own hash tag (its per-type set and
its all-types set together), so on a Redis Cluster the lobby spreads over the slots. A page is the parts merged in
one order, oldest first (by the time a game opened, then its id, as one sorted set orders ties): a shallow page
reads the head of every part; a deep one finds where it starts by counting (a bounded binary search over the
times), then reads a page's worth from there. The one set 1.0 kept (`LEGACY`) is read as one more part, and a game
is taken out of it too when it closes, so a table a 1.0 process opened is still listed (`api.storage.legacy`).
"""

import struct
import zlib
from typing import Any

import redis

from api.storage import parts
from engine.games import all_games

SHARDS = 8
LEGACY = "dk:{lobby}"
# A page that ends within this many games of the lobby's start is read whole from the head of every part.
SHALLOW = 200


def _ordinal(score: float) -> int:
    """A positive float as an integer in the same order, one apart for neighbouring floats."""
    return int(struct.unpack("<q", struct.pack("<d", score))[0])


def _score(ordinal: int) -> float:
    return float(struct.unpack("<d", struct.pack("<q", ordinal))[0])


class Lobby:
    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection

    @staticmethod
    def key_for(game_type: str | None, game_id: str) -> str:
        """The part of the lobby that holds the game: its type's set (`None`: every type's)."""
        return f"dk:{{lobby:{zlib.crc32(game_id.encode()) % SHARDS}}}:{game_type or '*'}"

    @staticmethod
    def parts(game_type: str | None) -> list[str]:
        """Every part of one set (a type's, or every type's), the old one last."""
        return [f"dk:{{lobby:{n}}}:{game_type or '*'}" for n in range(SHARDS)] + [f"{LEGACY}:{game_type or '*'}"]

    def open(self, game_type: str, game_id: str, score: float, max_age: float = 0) -> None:
        """List the game, opened at `score` (Unix s); a game opened more than `max_age` s before (0: no bound) is
        gone by then (a waiting table is kept no longer), so the two sets it lands in forget such games."""
        with self.connection.pipeline() as pipe:
            for key in (self.key_for(game_type, game_id), self.key_for(None, game_id)):
                if max_age:
                    pipe.zremrangebyscore(key, "-inf", f"({score - max_age}")
                pipe.zadd(key, {game_id: score})
            pipe.execute()

    def forget(self, game_type: str | None, game_ids: list[str]) -> None:
        """Drop games a reader found gone (expired) from every set that lists them: the all-types set and their
        type's (any type's, when the reader read the all-types set)."""
        if not game_ids:
            return
        kinds = [None, *([game_type] if game_type else [game.name for game in all_games()])]
        with self.connection.pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                for kind in kinds:
                    pipe.zrem(self.key_for(kind, game_id), game_id)
            pipe.execute()

    def close(self, game_type: str, game_id: str) -> None:
        with self.connection.pipeline(transaction=False) as pipe:
            for key in (self.key_for(game_type, game_id), self.key_for(None, game_id)):
                pipe.zrem(key, game_id)
            for kind in (game_type, "*"):
                pipe.zrem(f"{LEGACY}:{kind}", game_id)
            pipe.execute()

    def page(self, game_type: str | None, offset: int, limit: int) -> list[str]:
        """Return game ids, oldest first: `limit` of them from the `offset`th on."""
        return self.read(game_type, offset, limit)[0]

    def read(self, game_type: str | None, offset: int, limit: int) -> tuple[list[str], bool]:
        """A page (as `page`) and whether it is partial: on a Cluster, read from the parts whose masters answered
        (`api.storage.parts`), in the same order, the offset counted over those parts alone."""
        keys = self.parts(game_type)
        skip, low = offset, "-inf"
        if offset + limit > SHALLOW:
            found, keys = self._start(keys, offset)
            if found is None:
                return [], len(keys) < len(self.parts(game_type))
            skip, low = found
        heads = parts.read(
            self.connection,
            keys,
            lambda pipe, key: pipe.zrangebyscore(key, low, "+inf", start=0, num=skip + limit, withscores=True),
            "lobby",
        )
        merged = sorted({(score, raw) for head in heads if head for raw, score in head[0]})
        partial = None in heads or len(keys) < len(self.parts(game_type))
        return [raw.decode() for _, raw in merged[skip : skip + limit]], partial

    def _count(self, keys: list[str], most: str) -> int:
        counts = parts.read(self.connection, keys, lambda pipe, key: pipe.zcount(key, "-inf", most), "lobby")
        return sum(count[0] for count in counts if count)

    def _start(self, keys: list[str], offset: int) -> tuple[tuple[int, str] | None, list[str]]:
        """Where the page from the `offset`th game starts: the time of that game, and how many games of that very
        time come before it (None: the lobby is shorter); and the parts it was counted over (those that answered
        the first look). About 40 counts of every part at most: one a halving of the floats between the lobby's
        oldest time and its newest."""

        def ends(pipe: Any, key: str) -> None:
            pipe.zrange(key, 0, 0, withscores=True)
            pipe.zrange(key, -1, -1, withscores=True)
            pipe.zcard(key)

        looked = parts.read(self.connection, keys, ends, "lobby")
        keys = [key for key, found in zip(keys, looked, strict=True) if found]
        found = [found for found in looked if found]
        if sum(first_last_size[2] for first_last_size in found) <= offset:
            return None, keys
        low = _ordinal(min(first[0][0][1] for first in found if first[0]))
        high = _ordinal(max(last[1][0][1] for last in found if last[1]))
        while low < high:  # the least time with more than `offset` games at it or before
            middle = (low + high) // 2
            if self._count(keys, repr(_score(middle))) > offset:
                high = middle
            else:
                low = middle + 1
        at = repr(_score(low))
        return (offset - self._count(keys, f"({at}"), at), keys

    def move_legacy(self) -> int:
        """Move every game of the old lobby into its part (`deskovka migrate`); return how many were moved. A game
        an older process closes meanwhile may stay listed in its part: readers re-check each game."""
        moved = 0
        for kind_key in [key.decode() for key in self.connection.scan_iter(match=f"{LEGACY}:*", count=500)]:
            kind = kind_key.removeprefix(f"{LEGACY}:")
            for raw, score in self.connection.zscan_iter(kind_key, count=500):
                game_id = raw.decode()
                self.connection.zadd(self.key_for(None if kind == "*" else kind, game_id), {game_id: score})
                moved += int(self.connection.zrem(kind_key, game_id))
        return moved
