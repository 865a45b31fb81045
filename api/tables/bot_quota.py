"""Each client's quota of tables the keeper plays for bots alone (`DESKOVKA_LIMIT_BOT_GAMES`): a game created with
bots in every seat, and a table whose people have all resigned (by their own hand or their turn clock's) while
bots play on.

Both count against the client that created the table (its `owner`), in the same running set and windows. A table
that is left to its bots past its owner's quota is abandoned at once, in the write of the resignation that left it
so: otherwise a person with seven bots who resigns at once would have the keeper play a table of bots for them,
table after table, past the quota a game created of bots alone is held to.
"""

from dataclasses import replace

import redis

from api import clock, limits
from api.config import Settings
from api.storage import due
from api.storage.store import GameRecord
from engine.core.leaving import resigned
from engine.core.match import Match

BUCKET = "bot_games"
# The most of a client's running tables read per check (a client has at most its limit, plus a few that raced).
MOST_RUNNING = 100


def running_key(client: str) -> str:
    return f"dk:rate:{BUCKET}:{client}:running"


def running(connection: redis.Redis, client: str) -> int:
    """How many of the client's tables of bots alone the keeper still plays (forgetting those it let go)."""
    key = running_key(client)
    raws: list[bytes] = connection.zrange(key, 0, MOST_RUNNING - 1)  # type: ignore[assignment]
    ids = [raw.decode() for raw in raws]
    over = [game_id for game_id, kept in zip(ids, due.kept(connection, ids), strict=True) if not kept]
    if over:
        connection.zrem(key, *over)
    return len(ids) - len(over)


def most_running(quota: list[tuple[int, int]]) -> int | None:
    allowed = [count for count, seconds in quota if seconds == limits.RUNNING]
    return min(allowed) if allowed else None


def count_running(connection: redis.Redis, client: str, game_id: str, ttl: int) -> bool:
    """Count the table among the client's running ones; return whether it was not counted before."""
    with connection.pipeline(transaction=False) as pipe:
        pipe.zadd(running_key(client), {game_id: clock.now().timestamp()})
        pipe.expire(running_key(client), ttl)
        added, _ = pipe.execute()
    return bool(added)


def admit_left(settings: Settings, connection: redis.Redis, owner: str | None, game_id: str) -> bool:
    """Whether the owner's quota has room for one more table left to its bots; if so it is counted (once, however
    often a lost race plans the same write again). A game of an old record, with no owner, is admitted."""
    if not settings.bot_only_games:
        return False
    if owner is None:
        return True
    quota = list(settings.rate_limits.get(BUCKET) or [])
    most = most_running(quota)
    if most is not None and running(connection, owner) >= most:
        return False
    windows = [limit for limit in quota if limit[1] != limits.RUNNING]
    keys = limits.window_keys(BUCKET, owner, windows, clock.now().timestamp())  # as rate_limits counts them
    counts = [int(raw or 0) for raw in connection.mget(keys)] if keys else []
    if any(count >= allowed for count, (allowed, _) in zip(counts, windows, strict=True)):
        return False
    if count_running(connection, owner, game_id, settings.game_ttl):
        with connection.pipeline(transaction=False) as pipe:
            for key, (_, seconds) in zip(keys, windows, strict=True):
                pipe.incr(key)
                pipe.expire(key, seconds)
            pipe.execute()
    return True


def left_to_bots(before: GameRecord, match: Match) -> bool:
    """Whether the move leaves a running table with people at it to its bots alone: every person has resigned."""
    if match.is_over() or before.state is None:
        return False
    people = {i for i, seat in enumerate(before.seats) if not seat.get("bot")}
    return bool(people) and not people <= set(resigned(before.state)) and people <= set(resigned(match.state))


def over_quota(settings: Settings, connection: redis.Redis, before: GameRecord, match: Match) -> bool:
    """Whether the move leaves the table to its bots past its owner's quota: then it is abandoned (`abandon`)."""
    return left_to_bots(before, match) and not admit_left(settings, connection, before.owner, before.id)


def abandon(record: GameRecord) -> GameRecord:
    """The table stopped where its last person left it, with no outcome, as at its most versions."""
    if record.status != "running":
        return record
    return replace(record, status="abandoned", stopped="bots_only", deadlines={})
