"""The per-client limits an operator sets: their defaults and how they are written ("30/minute;1000/day")."""

from typing import Any

UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
# "N/running": at most N at once, not per window (bot-only games: `api.http.limits.bot_games`); a window of 0 s.
RUNNING = 0
# What one client may do; DESKOVKA_LIMIT_<BUCKET> overrides, e.g. "30/minute;500/day", "off" for none.
DEFAULTS = {
    "games": "30/minute;1000/day",
    "bot_games": "2/running;6/hour;20/day",
    "decks": "20/hour;60/day",
    "print_jobs": "30/hour;200/day",
    # Previews rendered (a preview already kept is not counted): at most 5 widths a job (`api.http.preview.BUCKETS`).
    "previews": "20/minute;300/day",
    # Previews read, kept or rendered: a print desk asks one a finished job; 16 connections asking kept pictures
    # without pause read 390 a second and took another client's preview from 6 to 18 ms (docs/benchmarks.md).
    "preview_reads": "10/second",
    # Finished games rebuilt from their logs for a reader (a game still kept rebuilt in the process is not counted):
    # the longest takes about 40 ms of a worker; a spectator browsing finished tables rebuilds a few a minute.
    "rebuilds": "20/minute;600/day",
    # Taking open seats, counted for each table's invitation (a person joins a few tables an hour; a script must not
    # take one table's every seat) and, higher, for the address: people behind one NAT (a classroom) each join
    # their own friends' tables, while a script still cannot take a lobby's every seat.
    "joins": "5/minute;200/day",
    "address_joins": "30/minute;300/day",
    # Bytes of event history (pages and a stream's catch-up) one client may read a second: the longest history in
    # 6-7 s, while 8 clients reading without pause leave most of a worker to everybody else (docs/benchmarks.md).
    "history_bytes": "131072/second",
    # Versions a client's moves add (its actions and the bot moves they set off), over all its seats, and one
    # seat's: a person at a table of seven bots adds 8 a move; replaying bots without pause added 2,000 a second.
    "moves": "120/second;50000/day",
    "seat_moves": "30/second;6000/day",
    # Requests of every kind, reads included, one client may make of one server process (a token bucket the process
    # keeps: a burst of the count, then the count a window; `api.http.limits.request_budget`); a client is its seat
    # where it shows a token that authenticated. A table page of a person and seven bots asks at most 15 a second
    # (a long-poll answered for each bot move, the bots' pace 10 a second), a lobby one for each table it holds;
    # one client reading kept finished games without pause asked 300 a second and took another's reads to 4x idle.
    # And at most 4 of a client's requests run in a process at once (not counting long-polls and streams, which wait
    # for events): the rest wait behind them, so 16 connections asking at once are not 16 requests ahead of others'.
    "requests": "40/second;4/running",
    # All of one address's requests to one process together, whatever their tokens (people behind one NAT).
    "address_requests": "120/second",
    # The pages' own files (the table page's modules and styles, the desk's, /docs'), all of one address's together,
    # instead of the two above: opening a table asks about 20 at once (docs/play.md), so a classroom behind one NAT
    # opening a link together would spend the address's requests on files. Thirty openings at once fit its burst;
    # each file costs a worker little (a 304 or a file it holds), and a client asking for them without pause is held
    # to 100 a second.
    "asset_requests": "600/second;6000/minute",
}


def parse(text: str) -> list[tuple[int, int]]:
    """Turn "30/minute;500/day" into [(30, 60), (500, 86400)]; "off" into [].

    :raises ValueError: for text of another shape.
    """
    if text.strip().lower() in ("off", ""):
        return []
    limits = []
    for part in text.split(";"):
        count, _, unit = part.strip().partition("/")
        unit = unit.strip()
        limits.append((int(count), RUNNING if unit == "running" else UNITS[unit.rstrip("s")]))
    return limits


def window_keys(bucket: str, who: str, limits: list[tuple[int, int]], now: float) -> list[str]:
    """The Redis counters of `who` in the bucket: one for this window of each limit."""
    return [f"dk:rate:{bucket}:{who}:{seconds}:{int(now // seconds)}" for _, seconds in limits]


def from_env(env: Any) -> dict[str, list[tuple[int, int]]]:
    return {bucket: parse(env.get(f"DESKOVKA_LIMIT_{bucket.upper()}", default)) for bucket, default in DEFAULTS.items()}
