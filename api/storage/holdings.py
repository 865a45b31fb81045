"""The store bytes each client's games hold: a small ledger per client (`owner`, the client that created the game).

Every landed commit of an owned game notes the game's bytes (its record as written, plus the log items and event
entries written so far; a finished game's one packed record once it is made compact) and when its keys expire
(the commit's time to live from now). A game that expired is taken off its owner's total the next time the
ledger is read or written, so the total is what the owner's live games hold, give or take Redis' own overhead per
key. The HTTP layer refuses a client's new games and moves once its total reaches its bound
(`DESKOVKA_CLIENT_STORE_BYTES`, `api.http.limits.store_room`).
"""

import time
from typing import Any

import redis

from api.storage import scripted

# KEYS: the owner's bytes (a hash: `total`, and `<game>:d` record bytes, `<game>:a` bytes appended, per game) and
# its games' expiry times (a sorted set, Unix ms). ARGV: now (ms), the game ('' to only read), its record's bytes,
# the bytes this commit appended, '1' when the record now holds everything (a compact game), its expiry (ms), and
# the ledger's own time to live (s). Expired games are dropped first (a bounded number a call). Return the total.
# With KEYS[3] (the game's record) and ARGV[8] (the revision its commit wrote) it notes only if that commit landed
# (else -1): sent in one round trip with the commit, on one Redis (on a Cluster the keys are in other slots).
NOTE = """
if KEYS[3] and redis.call('HGET', KEYS[3], 'rev') ~= ARGV[8] then return -1 end
local total = tonumber(redis.call('HGET', KEYS[1], 'total') or '0')
for _, game in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 64)) do
  total = total - tonumber(redis.call('HGET', KEYS[1], game .. ':d') or '0')
  total = total - tonumber(redis.call('HGET', KEYS[1], game .. ':a') or '0')
  redis.call('HDEL', KEYS[1], game .. ':d', game .. ':a')
  redis.call('ZREM', KEYS[2], game)
end
if ARGV[2] ~= '' then
  local record = tonumber(redis.call('HGET', KEYS[1], ARGV[2] .. ':d') or '0')
  local appended = tonumber(redis.call('HGET', KEYS[1], ARGV[2] .. ':a') or '0')
  local now_appended = tonumber(ARGV[4]) + (ARGV[5] == '1' and 0 or appended)
  total = total - record - appended + tonumber(ARGV[3]) + now_appended
  redis.call('HSET', KEYS[1], ARGV[2] .. ':d', ARGV[3], ARGV[2] .. ':a', now_appended)
  redis.call('ZADD', KEYS[2], ARGV[6], ARGV[2])
end
if total < 0 then total = 0 end
if redis.call('ZCARD', KEYS[2]) == 0 then
  redis.call('DEL', KEYS[1], KEYS[2])
  return 0
end
redis.call('HSET', KEYS[1], 'total', total)
redis.call('EXPIRE', KEYS[1], ARGV[7])
redis.call('EXPIRE', KEYS[2], ARGV[7])
return total
"""
LEDGER_TTL = 31 * 24 * 3600  # longer than any game is kept after its last write


def keys(owner: str) -> list[str]:
    # One hash tag per owner: the script's two keys in one Cluster slot.
    return [f"dk:{{held:{owner}}}:bytes", f"dk:{{held:{owner}}}:until"]


class Holdings:
    def __init__(self, connection: redis.Redis) -> None:
        self._note = connection.register_script(NOTE)

    def note(
        self, owner: str, game_id: str, record: int, appended: int, whole: bool, ttl: int, client: Any = None
    ) -> None:
        """Note a landed commit of the owner's game (on `client`, e.g. a pipeline, when given)."""
        now = int(time.time() * 1000)
        args: list[int | str] = [now, game_id, record, appended, "1" if whole else "", now + ttl * 1000, LEDGER_TTL]
        if client is None:
            self._note(keys=keys(owner), args=args)
        else:
            scripted.queue(self._note, client, keys(owner), args)

    def call_after(
        self, commit: tuple[str, int], owner: str, game_id: str, record: int, appended: int, whole: bool, ttl: int
    ) -> list[Any]:
        """The EVALSHA command that notes a commit (its game's record key and the revision it writes) if it landed."""
        now = int(time.time() * 1000)
        args = [now, game_id, record, appended, "1" if whole else "", now + ttl * 1000, LEDGER_TTL, commit[1]]
        return ["EVALSHA", self._note.sha, 3, *keys(owner), commit[0], *args]

    def held(self, owner: str) -> int:
        """The bytes the owner's live games hold."""
        now = int(time.time() * 1000)
        return int(self._note(keys=keys(owner), args=[now, "", 0, 0, "", 0, LEDGER_TTL]))
