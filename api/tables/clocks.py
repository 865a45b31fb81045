"""Turn clocks: each seat that must act has a deadline; when it passes, the keeper plays or resigns the seat.

Deadlines are part of the game record, stamped by the same write as the move that set them, so whoever commits the
next version decides them; the table sits in the keeper's set of clocks at its earliest deadline (one sorted set
for every table, claimed before the bots due, with one script per tick), so a clock that waits costs nothing.
What the clock plays when a deadline passes is the keeper's (`api.tables.keeping`).
"""

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import redis

from api.storage import due
from api.storage.store import GameRecord
from engine.core.match import Match

SHORTEST = 2  # seconds
LONGEST = 14 * 24 * 3600
# From its second turn in a row that ran out a seat is away: the bot plays its turns once this long has passed (or
# the whole clock, if shorter), so the others are not held up a whole clock per turn; its own next move brings its
# player back.
AWAY_AFTER = 2
AWAY_SECONDS = 10


def rfc3339(millis: int) -> str:
    return datetime.fromtimestamp(millis / 1000, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def turn_seconds(clock: dict[str, Any], timeouts: dict[str, int], seat: int) -> float:
    """A seat's time for its turn: the clock's, or less once its turns ran out in a row (it is away)."""
    per_turn = float(clock["per_turn"])
    return min(per_turn, AWAY_SECONDS) if timeouts.get(str(seat), 0) >= AWAY_AFTER else per_turn


def stamp(before: GameRecord, after: GameRecord, match: Match | None, now: int) -> GameRecord:
    """Give `after` its deadlines and run-out counts: a seat that must act keeps its deadline unless it has just
    moved (or the clock moved for it) or has only now come to act; a seat's own move ends its run of timeouts."""
    if not after.clock:
        return after
    log = match.log if match is not None else ()
    moved = {entry["seat"] for entry in log if "by" not in entry}
    played = {entry["seat"] for entry in log}  # by its player or by the clock: either way its turn came round
    timeouts = {seat: n for seat, n in after.timeouts.items() if int(seat) not in moved}
    deadlines: dict[str, int] = {}
    if after.status == "running" and after.state is not None and match is not None:
        people = {i for i, seat in enumerate(after.seats) if not seat.get("bot")}
        for seat in sorted(match.to_act() & people):
            kept = before.deadlines.get(str(seat))
            if kept is None or seat in played:
                kept = now + int(turn_seconds(after.clock, timeouts, seat) * 1000)
            deadlines[str(seat)] = kept
    return replace(after, timeouts=timeouts, deadlines=deadlines)


def next_due(record: GameRecord) -> int | None:
    """When the keeper must next look at the table (Unix ms): its earliest deadline, or when its open seats lapse."""
    if record.status == "open":
        return record.open_until
    if record.status != "running" or not record.deadlines:
        return None
    return min(record.deadlines.values())


def schedule(connection: redis.Redis, record: GameRecord) -> None:
    """Put the table in the keeper's clocks at its next deadline, unless it is due sooner already."""
    when = next_due(record)
    if when is not None:
        due.clock_at(connection, record.id, when)


def view(record: GameRecord) -> dict[str, Any] | None:
    """What a client draws a countdown from: each seat's deadline and the server's time now."""
    if not record.clock:
        return None
    return {
        "per_turn": record.clock["per_turn"],
        "on_timeout": record.clock["on_timeout"],
        "deadlines": deadline_list(record.deadlines),
        "away": sorted(int(seat) for seat, n in record.timeouts.items() if n >= AWAY_AFTER),
        "now": rfc3339(due.millis()),
    }


def deadline_list(deadlines: dict[str, int]) -> list[dict[str, Any]]:
    """Deadlines (Unix ms by seat) as a client reads them: by seat, in RFC 3339."""
    return [{"seat": int(seat), "at": rfc3339(at)} for seat, at in sorted(deadlines.items(), key=lambda i: int(i[0]))]
