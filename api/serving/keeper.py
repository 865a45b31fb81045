"""The table keeper: claim the tables that are due and advance each, in a process of its own (`deskovka keeper`).

What is due at a table (a lapse, run-out clocks, bots to play) is `api.tables.keeping`'s, written through the same
runner and compare-and-set commit as a player's move, so followers see the keeper's moves as they see anyone's.
Several keepers may share one Redis: a claimed table is leased to one of them, and the commit's compare-and-set
refuses a second writer of a version. The keeper builds no app: it holds the services `api.tables.bootstrap` made.
"""

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis
from prometheus_client import Counter, Histogram

from api import meters
from api.problems import Problem
from api.storage import due
from api.storage.store import Commit, GameRecord
from api.tables import clocks, runner
from api.tables.bootstrap import Services
from api.tables.keeping import RETRY, KeeperTurn, Later, seconds_until
from api.tables.loading import GAME_ID
from api.tables.runner import Write

log = logging.getLogger("deskovka.keeper")

TICK = 0.1  # seconds between looks at the due set while nothing is due: one ZRANGEBYSCORE each
BATCH = 64  # tables claimed at once
# Seconds of a tick the bots of its claimed tables may take (each table's batch is itself bounded, 50 ms of CPU at
# most): the tables past it are handed back due when they were, and the next claim, clocks first, follows at once.
# So under a flood of bot tables a turn clock that falls due waits about this long, not for 64 batches of bots.
BOTS_SECONDS = 0.2
# Seconds a claimed table is held before another keeper may take it: short, so a turn clock whose keeper was killed
# fires within it; a keeper slower than that only does work twice, since the commit's compare-and-set lets one win.
LEASE = 2.0
T = TypeVar("T")
Again = tuple[Later, Later]  # seconds until a table is due again for its clock, and for its bots (None: not)
# A keeper that has not finished a look at the due set for this long is stuck, or has no store: unhealthy.
HEALTHY_WITHIN = 10.0

claimed_tables = Counter("deskovka_keeper_tables_total", "Due tables this keeper claimed and advanced.")
ticks = Histogram(
    "deskovka_keeper_tick_duration_seconds",
    "Looks at the due set (claim, advance, hand back), by whether they found tables (busy) or not (idle).",
    ("found",),
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
store_errors = Counter(
    "deskovka_keeper_store_errors_total", "Looks at the due set that failed: the store did not answer."
)
for _found in ("busy", "idle"):
    ticks.labels(_found)


class Keeper:
    """Advance due tables on one store."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.store = services.store
        self.due = due.DueTables(self.store.connection)
        self.last_look = time.monotonic()  # when the last look at the due set ended
        self.deferred = 0  # bot tables the last tick handed back unplayed, due already (no pause before the next)

    def healthy(self) -> bool:
        """Whether the keeper looked at its due set lately (it looks every TICK seconds while its store answers)."""
        return time.monotonic() - self.last_look < HEALTHY_WITHIN

    def tick(self) -> int:
        """Claim the tables due now (up to a batch), advance each and hand it back; return how many were claimed.

        A batch costs a few round trips whatever its size: the tables are read in one, their writes committed in
        one (each its own compare-and-set) and handed back in one; a table whose write lost a race is advanced
        again alone, through the runner. Bot tables past `BOTS_SECONDS` of the tick (one at least) wait for the next.
        """
        ids, lease = self.due.claim(BATCH, LEASE)
        self.deferred = 0
        if not ids:
            return 0
        now = due.millis()
        for _, at, kind in self.due.claimed:
            meters.keeper_lag.labels("clock" if kind == due.CLOCK else "bots").observe(max(0, now - at) / 1000)
        playable = [game_id for game_id in ids if GAME_ID.match(game_id)]
        records, unread = self.store.load_reachable(playable, "due")
        loaded = dict(zip(playable, records, strict=True))
        if unread:  # games on a master that did not answer keep their lease: due again once it ends
            ids = [game_id for game_id in ids if game_id not in unread]
            self.due.claimed = [claimed for claimed in self.due.claimed if claimed[0] in ids]
        steps: dict[str, Write | Later] = {}
        next_in: dict[str, Again] = {}
        started, bots = time.perf_counter(), 0
        # Clocks first, then bots in the order they fell due (a claim goes through the due sets part by part).
        for game_id, at, kind in sorted(self.due.claimed, key=lambda claimed: (claimed[2], claimed[1])):
            record = loaded.get(game_id)
            if kind == due.BOTS and record is not None and bots and time.perf_counter() - started >= BOTS_SECONDS:
                # Handed back due when it was, keeping its place among the bots; the next claim takes clocks first.
                moment = due.millis()
                next_in[game_id] = (seconds_until(clocks.next_due(record), moment), (at - moment) / 1000)
                self.deferred += 1
                continue
            bots += kind == due.BOTS
            steps[game_id] = self.safely(game_id, self.first_look, record)
        writes = {game_id: step for game_id, step in steps.items() if isinstance(step, Write)}
        results = runner.commit_many(self.services, list(writes.values()))
        clocked: list[tuple[str, int]] = []
        for game_id, step in steps.items():
            if not isinstance(step, Write):
                next_in[game_id] = (step, None)
        for (game_id, write), result in zip(writes.items(), results, strict=True):
            if result is Commit.DONE:
                next_in[game_id] = self.written(write)
                if write.moved.clock:
                    clocked.append((game_id, write.moved.version))
            else:
                next_in[game_id] = self.safely(game_id, self.advance) or (None, None)
        self.due.release_many(lease, [(game_id, *next_in[game_id]) for game_id in ids])
        self.catch_up(clocked)
        return len(ids)

    def first_look(self, game_id: str, loaded: GameRecord | None) -> "Write | Later":
        return KeeperTurn(loaded, read_ahead=True).plan(self.services, game_id)

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

    def safely(self, game_id: str, work: Callable[..., T], *args: Any) -> T | None:
        """Do the work of one table; a table whose work failed is dropped (and logged), never retried in a loop."""
        try:
            return work(game_id, *args)
        except redis.RedisError:
            raise  # the lease keeps the table: it is due again once the store answers and the lease ends
        except Problem as problem:  # the game's deck or old record can no longer be played
            log.info("table %s dropped: %s", game_id, problem.detail, extra={"game_id": game_id, "code": problem.code})
        except Exception:  # a bug must not stop every other table, nor be retried in a hot loop
            log.exception("table %s dropped: advancing it failed", game_id, extra={"game_id": game_id})
        return None

    def advance(self, game_id: str) -> "Again":
        """Do what is due at one table through the runner (reading it again after a lost race); return the seconds
        until it is due again for its clock and for its bots (None: it is not)."""
        try:
            done = runner.run(self.services, game_id, KeeperTurn())
        except Problem as problem:
            if problem.code == "game/busy":
                return RETRY, None
            raise
        if not isinstance(done, Write):
            return done, None
        if done.moved.clock:
            self.catch_up([(game_id, done.moved.version)])
        return self.written(done)

    def written(self, write: Write) -> "Again":
        """Seconds until a table whose write landed is due again: for its next deadline, and at its bots' pace."""
        moved = write.moved
        if moved.status == "abandoned":
            why = (
                "its people resigned past its owner's quota of bots" if moved.stopped else "the most its game may have"
            )
            log.info("table %s stopped at version %d, %s", moved.id, moved.version, why, extra={"game_id": moved.id})
        bots = runner.pace(self.services.settings, len(write.log)) if write.more else None
        return seconds_until(clocks.next_due(moved), due.millis()), bots


def run(services: Services, stop: threading.Event, keeper: Keeper | None = None) -> None:
    """Keep the tables until `stop` is set; ride out a store that does not answer."""
    keeper = keeper or Keeper(services)
    log.info("keeping tables")
    while not stop.is_set():
        started = time.perf_counter()
        try:
            claimed = keeper.tick()
        except redis.RedisError as error:
            store_errors.inc()
            log.warning("the store does not answer (%s); trying again in 1 s", error)
            stop.wait(1.0)
            continue
        ticks.labels("busy" if claimed else "idle").observe(time.perf_counter() - started)
        claimed_tables.inc(claimed)
        keeper.last_look = time.monotonic()
        if claimed < BATCH and not keeper.deferred:
            stop.wait(TICK)
