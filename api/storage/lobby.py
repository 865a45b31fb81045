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

import redis

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

    def open(self, game_type: str, game_id: str, score: float) -> None:
        with self.connection.pipeline() as pipe:
            pipe.zadd(self.key_for(game_type, game_id), {game_id: score})
            pipe.zadd(self.key_for(None, game_id), {game_id: score})
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
        keys = self.parts(game_type)
        skip, low = offset, "-inf"
        if offset + limit > SHALLOW:
            found = self._start(keys, offset)
            if found is None:
                return []
            skip, low = found
        with self.connection.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.zrangebyscore(key, low, "+inf", start=0, num=skip + limit, withscores=True)
            heads: list[list[tuple[bytes, float]]] = pipe.execute()
        merged = sorted({(score, raw) for head in heads for raw, score in head})
        return [raw.decode() for _, raw in merged[skip : skip + limit]]

    def _count(self, keys: list[str], most: str) -> int:
        with self.connection.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.zcount(key, "-inf", most)
            return sum(pipe.execute())

    def _start(self, keys: list[str], offset: int) -> tuple[int, str] | None:
        """Where the page from the `offset`th game starts: the time of that game, and how many games of that very
        time come before it (None: the lobby is shorter). About 40 counts of every part at most: one a halving of
        the floats between the lobby's oldest time and its newest."""
        with self.connection.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.zrange(key, 0, 0, withscores=True)
                pipe.zrange(key, -1, -1, withscores=True)
                pipe.zcard(key)
            found = pipe.execute()
        if sum(found[2::3]) <= offset:
            return None
        low = _ordinal(min(first[0][1] for first in found[0::3] if first))
        high = _ordinal(max(last[0][1] for last in found[1::3] if last))
        while low < high:  # the least time with more than `offset` games at it or before
            middle = (low + high) // 2
            if self._count(keys, repr(_score(middle))) > offset:
                high = middle
            else:
                low = middle + 1
        at = repr(_score(low))
        return offset - self._count(keys, f"({at}"), at

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
