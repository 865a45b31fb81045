"""The tables due for the keeper, in sorted sets of game ids scored by when each is next due (Unix ms).

A table is due when something must happen at it without a request: a turn clock's deadline or its open seats'
lapse (its shard's `clocks`), or bots still to act after a request's bounded batch (its shard's `due`, paced). The
keeper (`api.serving.keeper`) claims the clocks that are due before any bots, so a flood of bot tables due earlier
never holds a deadline back; idle tables are in no set.

The sets are split in SHARDS pairs (a clocks set and a bots set each), a table's pair chosen by its game id, each
pair under its own hash tag: on a Redis Cluster the pairs spread over the slots (and so the masters), and every
script below still touches one pair, in one slot. On one Redis a claim is one script over every pair; on a Cluster
it is one a pair, sent to the pair's master straight, and a pair whose master does not answer (failing over) is
skipped, counted, until it does (`api.storage.parts`), so the other pairs' clocks still fire. The one pair 1.0
kept (`LEGACY`) is claimed too, last, and what is claimed there is handed back to the table's own pair, so a table
a 1.0 process scheduled is still kept (`api.storage.legacy`).
"""

import random
import time
import zlib
from collections.abc import Callable
from functools import partial
from typing import Any

import redis

from api.storage import parts, scripted

SHARDS = 8
PAIRS = tuple((f"dk:{{keeper:{n}}}:clocks", f"dk:{{keeper:{n}}}:due") for n in range(SHARDS))
LEGACY = ("dk:{keeper}:clocks", "dk:{keeper}:due")
CLAIMED = (*PAIRS, LEGACY)  # every pair a keeper claims from
CLOCK, BOTS = 1, 2  # what a claimed table was due for: its set's place in a pair
# A table scheduled before its commit is due this late, so a request that dies between the two still hands the
# table over, and the keeper never finds a table whose commit has not landed yet (a landed commit reschedules it).
GRACE = 5.0
Later = float | None  # seconds until a table is due again (None: not)

# KEYS: pairs of sets (clocks, bots). Claim up to ARGV[2] tables due by ARGV[1], of the kinds in ARGV[4] in that
# order ('12': clocks of every pair, then bots): each is pushed to its lease's end (ARGV[3]) in both sets of its
# pair, so no other keeper (nor a later kind here) claims it until then, and a keeper that dies mid-batch leaves it
# due again after the lease. Return id, the score it was due at, what for (1 clock, 2 bots) and its pair's place
# in KEYS, for each; then, asked for clocks alone, how many tables the bots sets hold due.
CLAIM = """
local claimed, seen = {}, {}
local limit = tonumber(ARGV[2])
for k = 1, #ARGV[4] do
  local kind = tonumber(string.sub(ARGV[4], k, k))
  for p = 1, #KEYS / 2 do
    local left = limit - #claimed / 4
    if left <= 0 then break end
    local due = redis.call('ZRANGEBYSCORE', KEYS[2 * p - 2 + kind], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, left)
    for i = 1, #due, 2 do
      if not seen[due[i]] then
        seen[due[i]] = true
        table.insert(claimed, due[i]); table.insert(claimed, due[i + 1])
        table.insert(claimed, kind); table.insert(claimed, p)
        redis.call('ZADD', KEYS[2 * p - 1], 'XX', ARGV[3], due[i])
        redis.call('ZADD', KEYS[2 * p], 'XX', ARGV[3], due[i])
      end
    end
  end
end
if ARGV[4] == '1' then
  local waiting = 0
  for p = 1, #KEYS / 2 do waiting = waiting + redis.call('ZCOUNT', KEYS[2 * p], '-inf', ARGV[1]) end
  table.insert(claimed, waiting)
end
return claimed
"""

# KEYS: one pair. Hand claimed tables back to each set of the pair where they still wait under the lease ARGV[1]
# (nobody rescheduled them since the claim); ARGV then holds each table's id and when it is due again for its clock
# and for its bots (empty: not). Return how many tables were handed back.
RELEASE = """
local handed = 0
for t = 2, #ARGV, 3 do
  local id, found = ARGV[t], false
  for i, key in ipairs(KEYS) do
    local score = redis.call('ZSCORE', key, id)
    if score and tonumber(score) == tonumber(ARGV[1]) then
      if ARGV[t + i] == '' then redis.call('ZREM', key, id) else redis.call('ZADD', key, ARGV[t + i], id) end
      found = true
    end
  end
  if found then handed = handed + 1 end
end
return handed
"""


def millis(seconds_from_now: float = 0.0) -> int:
    return int((time.time() + seconds_from_now) * 1000)


def pair_of(game_id: str) -> tuple[str, str]:
    """The table's sets: its clocks set and its bots set."""
    return PAIRS[zlib.crc32(game_id.encode()) % SHARDS]


def clocks_key(game_id: str) -> str:
    return pair_of(game_id)[0]


def bots_key(game_id: str) -> str:
    return pair_of(game_id)[1]


def due_in(connection: redis.Redis, game_id: str, seconds: float) -> None:
    """Make the table's bots due `seconds` from now (whenever they were due before)."""
    connection.zadd(bots_key(game_id), {game_id: millis(seconds)})


def clock_at(connection: redis.Redis, game_id: str, when: int) -> None:
    """Make the table due at `when` (Unix ms) for its clock, unless it is due for it sooner already."""
    connection.zadd(clocks_key(game_id), {game_id: when}, lt=True)


def kept(connection: redis.Redis, game_ids: list[str]) -> list[bool]:
    """Whether each table's bots are in the keeper's hands (due now or later)."""
    if not game_ids:
        return []
    with connection.pipeline(transaction=False) as pipe:
        for game_id in game_ids:
            pipe.zscore(bots_key(game_id), game_id)
            pipe.zscore(LEGACY[1], game_id)
        found = pipe.execute()
    return [ours is not None or old is not None for ours, old in zip(found[::2], found[1::2], strict=True)]


def _at(seconds: float | None) -> int | str:
    return "" if seconds is None else millis(seconds)


def _keys(pairs: list[tuple[str, str]]) -> list[str]:
    return [key for pair in pairs for key in pair]


class DueTables:
    """Claim due tables for a while and hand them back, with scripts registered once per connection."""

    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection
        self.cluster = isinstance(connection, redis.RedisCluster)
        self._claim = connection.register_script(CLAIM)
        self._release = connection.register_script(RELEASE)
        self.claimed: list[tuple[str, int, int]] = []  # the last claim's (id, due at, CLOCK or BOTS)
        self.held: dict[str, list[tuple[str, str]]] = {}  # the last claim's tables: the pairs each was claimed in

    def claim(self, limit: int, lease: float) -> tuple[list[str], int]:
        """Return up to `limit` due game ids, those due for their clocks first, and the lease (a score) they are
        held under."""
        now, until = millis(), millis(lease)
        start = random.randrange(len(CLAIMED) - 1)  # keepers start at different pairs; the old one comes last
        pairs = [*PAIRS[start:], *PAIRS[:start], LEGACY]
        found: list[tuple[str, int, int, tuple[str, str]]] = []
        if not self.cluster:
            found = self._run(pairs, now, limit, until, "12")[0]
        else:  # one script a pair (a slot): every pair's clocks, then the bots of the pairs that have some due
            with_bots = []
            for pair in pairs:
                if len(found) >= limit:
                    break
                claimed, waiting = self._run([pair], now, limit - len(found), until, "1")
                found += claimed
                if waiting:
                    with_bots.append(pair)
            for pair in with_bots:
                if len(found) >= limit:
                    break
                found += self._run([pair], now, limit - len(found), until, "2")[0]
        self.claimed = [(game_id, at, kind) for game_id, at, kind, _ in found]
        self.held = {}
        for game_id, _, _, pair in found:
            self.held.setdefault(game_id, []).append(pair)
        return list(self.held), until

    def _run(
        self, pairs: list[tuple[str, str]], now: int, limit: int, until: int, kinds: str
    ) -> tuple[list[tuple[str, int, int, tuple[str, str]]], int]:
        if limit <= 0 and kinds != "1":
            return [], 0
        args: list[Any] = [now, max(limit, 0), until, kinds]
        if not self.cluster:
            raw = self._claim(keys=_keys(pairs), args=args)
        else:  # one pair, on its master straight: one that does not answer is skipped until it does
            node = parts.node_of(self.connection, pairs[0][0])
            try:
                if node is None:
                    raise redis.ConnectionError(f"{pairs[0][0]}'s master is left out for now")
                raw = self._claim(keys=_keys(pairs), args=args, client=parts.master(self.connection, node))
            except parts.UNREACHABLE as error:
                if node is not None:
                    parts.failed(self.connection, node.name, error)
                parts.missed.labels("due").inc()
                return [], 0
        waiting = int(raw.pop()) if kinds == "1" else 0
        found = [
            (raw[i].decode(), int(float(raw[i + 1])), int(raw[i + 2]), pairs[int(raw[i + 3]) - 1])
            for i in range(0, len(raw), 4)
        ]
        return found, waiting

    def _pairs(self, game_id: str) -> list[tuple[str, str]]:
        return self.held.get(game_id) or [pair_of(game_id)]

    def _hand_back(self, client: Any, game_id: str, lease: int, clock_in: Later, bots_in: Later) -> Any:
        """Queue (on a pipeline) or run the hand-back of a table claimed in the old pair: it moves to its own pair,
        scheduled there first, then taken out of the old one (where it is still leased)."""
        if clock_in is not None:
            client.zadd(clocks_key(game_id), {game_id: millis(clock_in)}, lt=True)
        if bots_in is not None:
            client.zadd(bots_key(game_id), {game_id: millis(bots_in)}, lt=True)
        if client is self.connection:
            return scripted.run(self._release, client, LEGACY, [lease, game_id, "", ""])
        return scripted.queue(self._release, client, LEGACY, [lease, game_id, "", ""])

    def release_many(self, lease: int, tables: list[tuple[str, Later, Later]]) -> int:
        """Hand several claimed tables back (each as `release` does): one script a pair, in one round trip on one
        Redis; return how many were handed back."""
        by_pair: dict[tuple[str, str], list[Any]] = {}
        old = []
        for game_id, clock_in, bots_in in tables:
            for pair in self._pairs(game_id):
                if pair == LEGACY:
                    old.append((game_id, clock_in, bots_in))
                else:
                    by_pair.setdefault(pair, []).extend([game_id, _at(clock_in), _at(bots_in)])
        alone: list[Callable[[], Any]] = []
        with self.connection.pipeline(transaction=False) as pipe:
            for pair, args in by_pair.items():
                scripted.queue(self._release, pipe, pair, [lease, *args])
                alone.append(partial(scripted.run, self._release, self.connection, pair, [lease, *args]))
            releases = list(range(len(by_pair)))
            for game_id, clock_in, bots_in in old:
                self._hand_back(pipe, game_id, lease, clock_in, bots_in)
                alone += [partial(self._hand_back, self.connection, game_id, lease, clock_in, bots_in)] * (
                    len(pipe) - len(alone)
                )
                releases.append(len(pipe) - 1)  # the old pair's release comes last of each
            done = scripted.settle(pipe.execute(raise_on_error=False), alone)
        return sum(int(done[place]) for place in releases)

    def release(self, game_id: str, lease: int, clock_in: Later, bots_in: Later = None) -> bool:
        """Hand the table back: due again in `clock_in` seconds for its clock and `bots_in` for its bots (None:
        not); False when it was rescheduled since the claim (the newer schedule stands)."""
        return self.release_many(lease, [(game_id, clock_in, bots_in)]) > 0


def behind(connection: redis.Redis) -> tuple[dict[str, tuple[int, float]], int]:
    """For each kind (`clock`, `bots`): how many tables are due now, and how many seconds the earliest of them has
    waited (0: none is due); and how many sets could not be read (on a Cluster, a master that did not answer: the
    figures are those of the others). A claimed table is pushed to its lease's end, so this counts only the tables
    no keeper holds."""
    now = millis()

    def look(pipe: Any, key: str) -> None:
        pipe.zcount(key, "-inf", now)
        pipe.zrange(key, 0, 0, withscores=True)

    keys = _keys(list(CLAIMED))
    found = parts.read(connection, keys, look, "due")
    waiting = {}
    for place, name in enumerate(("clock", "bots")):
        read = [reply for reply in found[place::2] if reply is not None]
        earliest = min((first[0][1] for count, first in read if count and first), default=None)
        waited = 0.0 if earliest is None else max(0.0, (now - earliest) / 1000)
        waiting[name] = sum(int(count) for count, _ in read), waited
    return waiting, found.count(None)


def move_legacy(connection: redis.Redis) -> int:
    """Move every table of the old pair into its own pair (`deskovka migrate`): each due at the earlier of its two
    times, and taken from the old set only while its time there is still the one moved (an older process may
    reschedule it meanwhile; then it stays, and is kept from there). Return how many were moved."""
    moved = 0
    take = connection.register_script(
        "local s = redis.call('ZSCORE', KEYS[1], ARGV[1]) "
        "if s and tonumber(s) == tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end return 0"
    )
    for place in (0, 1):
        old = LEGACY[place]
        for raw, score in connection.zscan_iter(old, count=500):
            game_id = raw.decode()
            connection.zadd(pair_of(game_id)[place], {game_id: score}, lt=True)
            moved += int(take(keys=[old], args=[game_id, repr(score)]))
    return moved
