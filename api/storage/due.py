"""The tables due for the keeper: one sorted set of game ids scored by when each is next due (Unix milliseconds).

A table is due when something must happen at it without a request: today, bots still to act after a request's
bounded batch. The keeper (`api.serving.keeper`) claims due tables and advances them; idle tables are not in the set.
"""

import time

import redis

# One hash tag: the claim script touches this key alone, in one Redis Cluster slot.
DUE = "dk:{keeper}:due"
# A table scheduled before its commit is due this late, so a request that dies between the two still hands the
# table over, and the keeper never finds a table whose commit has not landed yet (a landed commit reschedules it).
GRACE = 5.0

# Claim up to ARGV[2] due tables: each is pushed to its lease's end (ARGV[3]), so no other keeper claims it until
# then, and a keeper that dies mid-batch leaves it due again after the lease.
CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, id in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[3], id) end
return due
"""

# Hand a claimed table back: next due at ARGV[3] (empty: drop it), unless somebody rescheduled it since the claim.
RELEASE = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  if ARGV[3] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
  return 1
end
return 0
"""


def millis(seconds_from_now: float = 0.0) -> int:
    return int((time.time() + seconds_from_now) * 1000)


def due_in(connection: redis.Redis, game_id: str, seconds: float) -> None:
    """Make the table due `seconds` from now (whenever it was due before)."""
    connection.zadd(DUE, {game_id: millis(seconds)})


def kept(connection: redis.Redis, game_ids: list[str]) -> list[bool]:
    """Whether each table is in the keeper's hands (due now or later)."""
    if not game_ids:
        return []
    with connection.pipeline(transaction=False) as pipe:
        for game_id in game_ids:
            pipe.zscore(DUE, game_id)
        return [score is not None for score in pipe.execute()]


class DueTables:
    """Claim due tables for a while and hand them back, with scripts registered once per connection."""

    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection
        self._claim = connection.register_script(CLAIM)
        self._release = connection.register_script(RELEASE)

    def claim(self, limit: int, lease: float) -> tuple[list[str], int]:
        """Return up to `limit` due game ids and the lease (a score) they are held under."""
        until = millis(lease)
        ids = self._claim(keys=[DUE], args=[millis(), limit, until])
        return [raw.decode() for raw in ids], until

    def release_many(self, lease: int, tables: list[tuple[str, float | None]]) -> None:
        """Hand several claimed tables back in one round trip (each as `release` does)."""
        if isinstance(self.connection, redis.RedisCluster):
            for game_id, next_in in tables:
                self.release(game_id, lease, next_in)
            return
        with self.connection.pipeline(transaction=False) as pipe:
            for game_id, next_in in tables:
                self._release(
                    keys=[DUE], args=[game_id, lease, "" if next_in is None else millis(next_in)], client=pipe
                )
            pipe.execute()

    def release(self, game_id: str, lease: int, next_in: float | None) -> bool:
        """Hand the table back: due again in `next_in` seconds, or (None) no longer kept."""
        due = "" if next_in is None else millis(next_in)
        return bool(self._release(keys=[DUE], args=[game_id, lease, due]))
