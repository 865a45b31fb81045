"""The table keeper: claim the tables that are due and advance each, in a process of its own (`deskovka keeper`).

Advancing a table is today one bounded batch of bot moves, written through the same compare-and-set commit as a
player's move, so followers see the keeper's moves as they see anyone's. Several keepers may share one Redis: a
claimed table is leased to one of them, and the commit's compare-and-set refuses a second writer of a version.
"""

import logging
import threading

import redis
from flask import Flask

from api.http import moves
from api.problems import Problem
from api.storage import connections, due
from api.storage.store import Commit

log = logging.getLogger("deskovka.keeper")

TICK = 0.1  # seconds between looks at the due set while nothing is due: one ZRANGEBYSCORE each
BATCH = 16  # tables claimed at once
LEASE = 30.0  # seconds a claimed table is held before another keeper may take it
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

    def tick(self) -> int:
        """Claim the tables due now (up to a batch), advance each and hand it back; return how many were claimed."""
        with self.app.app_context():
            ids, lease = self.due.claim(BATCH, LEASE)
            for game_id in ids:
                self.due.release(game_id, lease, self.advance_safely(game_id))
        return len(ids)

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
        """Play the table's next batch of bot moves; return seconds until it is due again (None: it is not)."""
        for _ in range(moves.ATTEMPTS):
            loaded = self.store.load(game_id) if moves.GAME_ID.match(game_id) else None
            if loaded is None:
                return None
            record = moves.playable(self.store, loaded)
            if record.status != "running" or record.version >= LAST_VERSION:
                return None
            match, events, more = moves.run_bots(record, moves.to_match(record))
            if match.version == record.version:
                return None
            moved = moves.finish(record, match)
            if self.store.commit(moved, record.rev, moves.ttl_for(moved), list(match.log), events) is Commit.DONE:
                if more and moved.version >= LAST_VERSION:
                    log.info("table %s stopped at version %d, the most the keeper plays", game_id, moved.version)
                return moves.pace(len(match.log)) if more and moved.version < LAST_VERSION else None
        return RETRY


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
