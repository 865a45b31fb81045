"""What the keeper does at a table that is due, as a source of the runner: cancel it when its open seats lapsed,
act for the seats whose turn clock ran out (the game's simplest bot plays the turn, or the seat resigns), and play
one bounded batch of its bots."""

from dataclasses import dataclass, replace

from api.storage import due
from api.storage.store import GameRecord
from api.tables import bot_quota, bots, clocks, runner, seating
from api.tables.bootstrap import Services
from api.tables.loading import GAME_ID, finish, playable, to_match
from api.tables.runner import Write
from engine.core.leaving import RESIGN
from engine.core.match import Match
from engine.core.protocol import Event
from engine.core.rng import Rng

RETRY = 1.0  # seconds before a table that lost every race is tried again
# The bot plays a timed-out seat's turn to its end (a second card, accelerations), at most this many moves.
TURN_MOVES = 8

Later = float | None  # seconds until the table is due again (None: it is not)


@dataclass
class KeeperTurn:
    """The keeper's look at a due table. `loaded` is the table as the keeper's batch read it (used once: a retry
    after a lost race reads it afresh)."""

    loaded: GameRecord | None = None
    read_ahead: bool = False
    hands_over = False  # the keeper hands the table back itself, with its lease

    def plan(self, services: Services, game_id: str) -> "Write | Later":
        if self.read_ahead:
            loaded, self.read_ahead = self.loaded, False
        else:
            loaded = services.store.load(game_id) if GAME_ID.match(game_id) else None
        return step(services, loaded)


def step(services: Services, loaded: GameRecord | None) -> "Write | Later":
    """Work out what is due at the table: cancel it, act for seats whose turn ran out, its bots' next batch."""
    if loaded is None:
        return None
    record = playable(services, loaded)
    now = due.millis()
    if record.status == "open":
        if record.open_until is None or now < record.open_until:
            return seconds_until(record.open_until, now)
        cancelled = seating.cancel(services, record, "open_for")
        return None if cancelled is not None else RETRY
    if record.status != "running":
        return None
    match, timeouts = to_match(record), record.timeouts
    events: list[Event] = []
    if record.clock:
        match, events, timeouts = run_out(record, match, now)
    if events:
        record = replace(record, timeouts=timeouts)
        if bot_quota.over_quota(services.settings, services.connection, record, match):
            return Write(record, bot_quota.abandon(finish(record, match)), list(match.log), events)
    match, bot_events, more = bots.run_bots(record, match)  # none past the game's most versions
    events += bot_events
    if match.version == record.version:
        return seconds_until(clocks.next_due(record), now)
    return Write(record, finish(record, match), list(match.log), events, more)


def seconds_until(when: int | None, now: int) -> float | None:
    return None if when is None else max(0.0, (when - now) / 1000)


def passed(record: GameRecord, now: int) -> list[int]:
    """The seats whose deadline has passed, earliest first."""
    return [int(seat) for seat, at in sorted(record.deadlines.items(), key=lambda item: item[1]) if at <= now]


def run_out(record: GameRecord, match: Match, now: int) -> tuple[Match, list[Event], dict[str, int]]:
    """Act for every seat whose deadline has passed: the game's simplest bot plays its turn, or the seat resigns.

    Return the match, the events (each run-out announced before what it caused) and the new run-out counts.
    """
    events: list[Event] = []
    timeouts = dict(record.timeouts)
    assert record.clock is not None
    then = record.clock["on_timeout"]
    for seat in passed(record, now):
        if seat not in match.to_act():
            continue
        count = timeouts[str(seat)] = timeouts.get(str(seat), 0) + 1
        start = len(events)
        if then == "resign":
            match, new = runner.play(match, seat, {"type": RESIGN}, by="clock")
            events += new
        else:
            bot = match.rules.bots["easy"]()
            for _ in range(TURN_MOVES):
                rng = Rng(record.seed, counter=1_000_000_007 * (match.version + 1))
                match, new = runner.play(match, seat, bot.choose(match.rules, match.state, seat, rng), by="clock")
                events += new
                if seat not in match.to_act():
                    break
        first = events[start]["v"] if len(events) > start else match.version
        events.insert(start, {"v": first, "type": "turn_timed_out", "seat": seat, "then": then, "timeouts": count})
    return match, events, timeouts
