"""The table keeper: claim the tables that are due and advance each, in a process of its own (`deskovka keeper`).

Advancing a table is cancelling it when its open seats lapsed, acting for the seats whose turn clock ran out, and
one bounded batch of bot moves, written through the same compare-and-set commit as a player's move, so followers
see the keeper's moves as they see anyone's. Several keepers may share one Redis: a
claimed table is leased to one of them, and the commit's compare-and-set refuses a second writer of a version.
"""

import logging
import threading
from dataclasses import replace

import redis
from flask import Flask

from api.http import clocks, moves
from api.problems import Problem
from api.storage import connections, due
from api.storage.store import Commit

log = logging.getLogger("deskovka.keeper")

TICK = 0.1  # seconds between looks at the due set while nothing is due: one ZRANGEBYSCORE each
BATCH = 16  # tables claimed at once
# Seconds a claimed table is held before another keeper may take it: short, so a turn clock whose keeper was killed
# fires within it; a keeper slower than that only does work twice, since the commit's compare-and-set lets one win.
LEASE = 2.0
RETRY = 1.0  # seconds before a table that lost every race is tried again
# The keeper plays no table past this many actions: a game of bots that never end (Timeline's hit-rate bots at 0)
# stops there, as it is, and expires after DESKOVKA_GAME_TTL, so one table's memory is bounded. Real games of bots
# end far sooner (the longest measured, 8 random bots at Timeline with 10 cards each, in 1,400).
LAST_VERSION = 2000


class Keeper:
    """Advance due tables on one app's store."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        with app.app_context():
            self.store = connections.store()
        self.due = due.DueTables(self.store.connection)
        self.committed: tuple[str, int] | None = None  # the clocked table this keeper's last advance wrote

    def tick(self) -> int:
        """Claim the tables due now (up to a batch), advance each and hand it back; return how many were claimed."""
        with self.app.app_context():
            ids, lease = self.due.claim(BATCH, LEASE)
            for game_id in ids:
                self.committed = None
                self.due.release(game_id, lease, self.advance_safely(game_id))
                if self.committed is not None:
                    self.catch_up(*self.committed)
        return len(ids)

    def catch_up(self, game_id: str, version: int) -> None:
        """Schedule a clocked table again from the store when a move landed between this keeper's commit and its
        hand-back: that move's deadline could not undercut the lease, and the hand-back wrote this keeper's."""
        if self.store.version(game_id) not in (None, version):
            record = self.store.load(game_id)
            if record is not None:
                clocks.schedule(self.store.connection, record)

    def advance_safely(self, game_id: str) -> float | None:
        try:
            return self.advance(game_id)
        except redis.RedisError:
            raise  # the lease keeps the table: it is due again once the store answers and the lease ends
        except Problem as problem:  # the game's deck or old record can no longer be played
            log.info("table %s dropped: %s", game_id, problem.detail)
        except Exception:  # a bug must not stop every other table, nor be retried in a hot loop
            log.exception("table %s dropped: advancing it failed", game_id)
        return None

    def advance(self, game_id: str) -> float | None:
        """Do what is due at the table: cancel it, act for seats whose turn ran out, play its bots' next batch.

        Return seconds until it is due again (None: it is not).
        """
        for _ in range(moves.ATTEMPTS):
            loaded = self.store.load(game_id) if moves.GAME_ID.match(game_id) else None
            if loaded is None:
                return None
            record = moves.playable(self.store, loaded)
            now = due.millis()
            if record.status == "open":
                if record.open_until is None or now < record.open_until:
                    return seconds_until(record.open_until, now)
                if moves.cancel(self.store, connections.lobby(), record, "open_for") is not None:
                    return None
                continue
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
            moved = moves.finish(record, match)
            if self.store.commit(moved, record.rev, moves.ttl_for(moved), list(match.log), events) is Commit.DONE:
                if more and moved.version >= LAST_VERSION:
                    log.info("table %s stopped at version %d, the most the keeper plays", game_id, moved.version)
                if moved.clock:
                    self.committed = (game_id, moved.version)
                bots = moves.pace(len(match.log)) if more and moved.version < LAST_VERSION else None
                clock = seconds_until(clocks.next_due(moved), due.millis())
                return min((s for s in (bots, clock) if s is not None), default=None)
        return RETRY


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
