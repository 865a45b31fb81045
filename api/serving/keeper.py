"""The table keeper: claim the tables that are due and advance each, in a process of its own (`deskovka keeper`).

Advancing a table is cancelling it when its open seats lapsed, acting for the seats whose turn clock ran out, and
one bounded batch of bot moves, written through the same compare-and-set commit as a player's move, so followers
see the keeper's moves as they see anyone's. Several keepers may share one Redis: a
claimed table is leased to one of them, and the commit's compare-and-set refuses a second writer of a version.
"""

import logging
import threading
from dataclasses import dataclass, replace
from typing import Any

import redis
from flask import Flask

from api.http import clocks, moves
from api.problems import Problem
from api.storage import connections, due
from api.storage.store import Commit, GameRecord

log = logging.getLogger("deskovka.keeper")

TICK = 0.1  # seconds between looks at the due set while nothing is due: one ZRANGEBYSCORE each
BATCH = 64  # tables claimed at once
# Seconds a claimed table is held before another keeper may take it: short, so a turn clock whose keeper was killed
# fires within it; a keeper slower than that only does work twice, since the commit's compare-and-set lets one win.
LEASE = 2.0
RETRY = 1.0  # seconds before a table that lost every race is tried again
# The keeper plays no table past this many actions: a game of bots that never end (Timeline's hit-rate bots at 0)
# stops there, as it is, and expires after DESKOVKA_GAME_TTL, so one table's memory is bounded. Real games of bots
# end far sooner (the longest measured, 8 random bots at Timeline with 10 cards each, in 1,400).
LAST_VERSION = 2000


@dataclass
class Write:
    """A table's next version, ready for the compare-and-set commit."""

    moved: GameRecord
    rev: int
    log: list[dict[str, Any]]
    events: list[dict[str, Any]]
    more: bool  # bots are still to act after this batch


class Keeper:
    """Advance due tables on one app's store."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        with app.app_context():
            self.store = connections.store()
        self.due = due.DueTables(self.store.connection)

    def tick(self) -> int:
        """Claim the tables due now (up to a batch), advance each and hand it back; return how many were claimed.

        A batch costs a few round trips whatever its size: the tables are read in one, their writes committed in
        one (each its own compare-and-set) and handed back in one; a table whose write lost a race is advanced
        again alone.
        """
        with self.app.app_context():
            ids, lease = self.due.claim(BATCH, LEASE)
            if not ids:
                return 0
            playable = [game_id for game_id in ids if moves.GAME_ID.match(game_id)]
            loaded = dict(zip(playable, self.store.load_many(playable), strict=True))
            steps = {game_id: self.step_safely(game_id, loaded.get(game_id)) for game_id in ids}
            writes = {game_id: step for game_id, step in steps.items() if isinstance(step, Write)}
            results = self.store.commit_many(
                [(w.moved, w.rev, moves.ttl_for(w.moved), w.log, w.events) for w in writes.values()]
            )
            next_in: dict[str, float | None] = {}
            clocked: list[tuple[str, int]] = []
            for game_id, step in steps.items():
                if not isinstance(step, Write):
                    next_in[game_id] = step
            for (game_id, write), result in zip(writes.items(), results, strict=True):
                if result is Commit.DONE:
                    next_in[game_id] = self.written(write)
                    if write.moved.clock:
                        clocked.append((game_id, write.moved.version))
                else:
                    next_in[game_id] = self.advance_safely(game_id)
            self.due.release_many(lease, [(game_id, next_in[game_id]) for game_id in ids])
            self.catch_up(clocked)
        return len(ids)

    def catch_up(self, committed: list[tuple[str, int]]) -> None:
        """Schedule clocked tables again from the store where a move landed between this keeper's commit and its
        hand-back: that move's deadline could not undercut the lease, and the hand-back wrote this keeper's."""
        if not committed:
            return
        with self.store.connection.pipeline(transaction=False) as pipe:
            for game_id, _ in committed:
                pipe.hget(self.store.key_for(game_id, "state"), "version")
            versions = pipe.execute()
        for (game_id, version), stored in zip(committed, versions, strict=True):
            if stored is not None and int(stored) != version and (record := self.store.load(game_id)) is not None:
                clocks.schedule(self.store.connection, record)

    def step_safely(self, game_id: str, loaded: GameRecord | None) -> "float | None | Write":
        try:
            return self.step(loaded)
        except redis.RedisError:
            raise  # the lease keeps the table: it is due again once the store answers and the lease ends
        except Problem as problem:  # the game's deck or old record can no longer be played
            log.info("table %s dropped: %s", game_id, problem.detail)
        except Exception:  # a bug must not stop every other table, nor be retried in a hot loop
            log.exception("table %s dropped: advancing it failed", game_id)
        return None

    def advance_safely(self, game_id: str) -> float | None:
        try:
            return self.advance(game_id)
        except redis.RedisError:
            raise
        except Problem as problem:
            log.info("table %s dropped: %s", game_id, problem.detail)
        except Exception:
            log.exception("table %s dropped: advancing it failed", game_id)
        return None

    def advance(self, game_id: str) -> float | None:
        """Do what is due at one table, reading it again after a lost race; return seconds until it is due again
        (None: it is not)."""
        for _ in range(moves.ATTEMPTS):
            step = self.step(self.store.load(game_id) if moves.GAME_ID.match(game_id) else None)
            if not isinstance(step, Write):
                return step
            if self.store.commit(step.moved, step.rev, moves.ttl_for(step.moved), step.log, step.events) is Commit.DONE:
                if step.moved.clock:
                    self.catch_up([(game_id, step.moved.version)])
                return self.written(step)
        return RETRY

    def step(self, loaded: GameRecord | None) -> "float | None | Write":
        """Work out what is due at the table: cancel it, act for seats whose turn ran out, its bots' next batch.

        Return the write to commit, or seconds until the table is due again (None: it is not).
        """
        if loaded is None:
            return None
        record = moves.playable(self.store, loaded)
        now = due.millis()
        if record.status == "open":
            if record.open_until is None or now < record.open_until:
                return seconds_until(record.open_until, now)
            cancelled = moves.cancel(self.store, connections.lobby(), record, "open_for")
            return None if cancelled is not None else RETRY
        if record.status != "running":
            return None
        match, events, timeouts = moves.to_match(record), [], record.timeouts
        if record.clock:
            match, events, timeouts = clocks.run_out(record, match, now)
        if events:
            record = replace(record, timeouts=timeouts)
        more = False
        if record.version < LAST_VERSION:
            match, bot_events, more = moves.run_bots(record, match)
            events += bot_events
        if match.version == record.version:
            return seconds_until(clocks.next_due(record), now)
        return Write(moves.finish(record, match), record.rev, list(match.log), events, more)

    def written(self, write: Write) -> float | None:
        """Seconds until a table whose write landed is due again: its bots' pace, or its next deadline."""
        moved = write.moved
        if write.more and moved.version >= LAST_VERSION:
            log.info("table %s stopped at version %d, the most the keeper plays", moved.id, moved.version)
        bots = moves.pace(len(write.log)) if write.more and moved.version < LAST_VERSION else None
        clock = seconds_until(clocks.next_due(moved), due.millis())
        return min((s for s in (bots, clock) if s is not None), default=None)


def seconds_until(when: int | None, now: int) -> float | None:
    return None if when is None else max(0.0, (when - now) / 1000)


def run(app: Flask, stop: threading.Event) -> None:
    """Keep the tables until `stop` is set; ride out a store that does not answer."""
    keeper = Keeper(app)
    log.info("keeping tables")
    while not stop.is_set():
        try:
            claimed = keeper.tick()
        except redis.RedisError as error:
            log.warning("the store does not answer (%s); trying again in 1 s", error)
            stop.wait(1.0)
            continue
        if claimed < BATCH:
            stop.wait(TICK)
