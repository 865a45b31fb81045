"""The tables due for the keeper, in two sorted sets of game ids scored by when each is next due (Unix ms).

A table is due when something must happen at it without a request: a turn clock's deadline or its open seats'
lapse (`CLOCKS`), or bots still to act after a request's bounded batch (`DUE`, paced). The keeper
(`api.serving.keeper`) claims the clocks that are due before any bots, so a flood of bot tables due earlier never
holds a deadline back; idle tables are in neither set.
"""

import time

import redis

# One hash tag: the scripts touch these keys alone, in one Redis Cluster slot.
DUE = "dk:{keeper}:due"
CLOCKS = "dk:{keeper}:clocks"
KEYS = [CLOCKS, DUE]  # in the order they are claimed
CLOCK, BOTS = 1, 2  # what a claimed table was due for: its place in KEYS
# A table scheduled before its commit is due this late, so a request that dies between the two still hands the
# table over, and the keeper never finds a table whose commit has not landed yet (a landed commit reschedules it).
GRACE = 5.0

# Claim up to ARGV[2] due tables, clocks first: each is pushed to its lease's end (ARGV[3]) in both sets it is in,
# so no other keeper claims it until then, and a keeper that dies mid-batch leaves it due again after the lease.
# Return id, the score it was due at and what for (1 clock, 2 bots), for each.
CLAIM = """
local claimed, seen = {}, {}
for kind, key in ipairs(KEYS) do
  local left = tonumber(ARGV[2]) - #claimed / 3
  if left > 0 then
    local due = redis.call('ZRANGEBYSCORE', key, '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, left)
    for i = 1, #due, 2 do
      if not seen[due[i]] then
        seen[due[i]] = true
        table.insert(claimed, due[i]); table.insert(claimed, due[i + 1]); table.insert(claimed, kind)
      end
    end
  end
end
for i = 1, #claimed, 3 do
  for _, key in ipairs(KEYS) do redis.call('ZADD', key, 'XX', ARGV[3], claimed[i]) end
end
return claimed
"""

# Hand a claimed table back to each set where it still waits under the lease (nobody rescheduled it since the
# claim): due again at ARGV[3] for its clock, ARGV[4] for its bots (empty: not). Return in how many it was.
RELEASE = """
local handed = 0
for i, key in ipairs(KEYS) do
  local score = redis.call('ZSCORE', key, ARGV[1])
  if score and tonumber(score) == tonumber(ARGV[2]) then
    if ARGV[2 + i] == '' then redis.call('ZREM', key, ARGV[1]) else redis.call('ZADD', key, ARGV[2 + i], ARGV[1]) end
    handed = handed + 1
  end
end
return handed
"""


def millis(seconds_from_now: float = 0.0) -> int:
    return int((time.time() + seconds_from_now) * 1000)


def due_in(connection: redis.Redis, game_id: str, seconds: float) -> None:
    """Make the table's bots due `seconds` from now (whenever they were due before)."""
    connection.zadd(DUE, {game_id: millis(seconds)})


def clock_at(connection: redis.Redis, game_id: str, when: int) -> None:
    """Make the table due at `when` (Unix ms) for its clock, unless it is due for it sooner already."""
    connection.zadd(CLOCKS, {game_id: when}, lt=True)


def kept(connection: redis.Redis, game_ids: list[str]) -> list[bool]:
    """Whether each table's bots are in the keeper's hands (due now or later)."""
    if not game_ids:
        return []
    with connection.pipeline(transaction=False) as pipe:
        for game_id in game_ids:
            pipe.zscore(DUE, game_id)
        return [score is not None for score in pipe.execute()]


def _at(seconds: float | None) -> int | str:
    return "" if seconds is None else millis(seconds)


class DueTables:
    """Claim due tables for a while and hand them back, with scripts registered once per connection."""

    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection
        self._claim = connection.register_script(CLAIM)
        self._release = connection.register_script(RELEASE)
        self.claimed: list[tuple[str, int, int]] = []  # the last claim's (id, due at, CLOCK or BOTS)

    def claim(self, limit: int, lease: float) -> tuple[list[str], int]:
        """Return up to `limit` due game ids, those due for their clocks first, and the lease (a score) they are
        held under."""
        until = millis(lease)
        raw = self._claim(keys=KEYS, args=[millis(), limit, until])
        self.claimed = [(raw[i].decode(), int(float(raw[i + 1])), int(raw[i + 2])) for i in range(0, len(raw), 3)]
        return [game_id for game_id, _, _ in self.claimed], until

    def release_many(self, lease: int, tables: list[tuple[str, float | None, float | None]]) -> None:
        """Hand several claimed tables back in one round trip (each as `release` does)."""
        if isinstance(self.connection, redis.RedisCluster):
            for game_id, clock_in, bots_in in tables:
                self.release(game_id, lease, clock_in, bots_in)
            return
        with self.connection.pipeline(transaction=False) as pipe:
            for game_id, clock_in, bots_in in tables:
                self._release(keys=KEYS, args=[game_id, lease, _at(clock_in), _at(bots_in)], client=pipe)
            pipe.execute()

    def release(self, game_id: str, lease: int, clock_in: float | None, bots_in: float | None = None) -> bool:
        """Hand the table back: due again in `clock_in` seconds for its clock and `bots_in` for its bots (None:
        not); False when it was rescheduled since the claim (the newer schedule stands)."""
        return bool(self._release(keys=KEYS, args=[game_id, lease, _at(clock_in), _at(bots_in)]))


def behind(connection: redis.Redis) -> dict[str, tuple[int, float]]:
    """For each set (`clock`, `bots`): how many tables are due now, and how many seconds the earliest of them has
    waited (0: none is due). A claimed table is pushed to its lease's end, so this counts only the tables no keeper
    holds."""
    now = millis()
    with connection.pipeline(transaction=False) as pipe:
        for key in KEYS:
            pipe.zcount(key, "-inf", now)
            pipe.zrange(key, 0, 0, withscores=True)
        found = pipe.execute()
    waiting = {}
    for name, count, first in zip(("clock", "bots"), found[::2], found[1::2], strict=True):
        waiting[name] = int(count), max(0.0, (now - first[0][1]) / 1000) if count and first else 0.0
    return waiting
