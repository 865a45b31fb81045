"""Games with bots in every seat: the operator's switch, and each client's quota of them (the keeper plays them)."""

from typing import Any

from flask import current_app

from api import clock, limits
from api.http import current
from api.http.limits import rate_limits
from api.problems import Problem
from api.storage import due

# Seconds a client at its limit of running games of bots is told to wait: about what a short one takes to play.
RETRY_RUNNING = 30
# The most of a client's running games read per check (a client has at most its limit, plus a few that raced).
MOST_RUNNING = 100


def bots_only(seats: list[dict[str, Any]]) -> bool:
    return all(seat.get("bot") for seat in seats)


def admit(seats: list[dict[str, Any]]) -> bool:
    """Let a game of these seats be created or refuse it; return whether it is one of bots only.

    :raises Problem: 422 when the operator allows no such games, 429 past this client's quota of them; either way
        the request does not count against the client's games either.
    """
    if not bots_only(seats):
        return False
    try:
        if not current_app.config["BOT_ONLY_GAMES"]:
            raise Problem(
                "players/person_required",
                "This server plays no games of bots only: name a person's seat or leave one open.",
            )
        check_running()
        rate_limits.check("bot_games")
    except Problem:
        rate_limits.refund("games")
        raise
    return True


def running_key() -> str:
    return f"dk:rate:bot_games:{rate_limits.client()}:running"


def check_running() -> None:
    """:raises Problem: 429 when this client has as many games of bots only still being played as it may."""
    windows = current_app.config["RATE_LIMITS"].get("bot_games") or []
    allowed = [count for count, seconds in windows if seconds == limits.RUNNING]
    if not allowed:
        return
    connection = current.connection()
    key = running_key()
    raws: list[bytes] = connection.zrange(key, 0, MOST_RUNNING - 1)  # type: ignore[assignment]
    ids = [raw.decode() for raw in raws]
    over = [game_id for game_id, kept in zip(ids, due.kept(connection, ids), strict=True) if not kept]
    if over:
        connection.zrem(key, *over)
    if len(ids) - len(over) >= min(allowed):
        rate_limits.refuse(
            "bot_games",
            f"At most {min(allowed)} games of bots only may be playing at once for one "
            "client; try again when one has ended, in about {retry} s.",
            RETRY_RUNNING,
        )


def started(game_id: str) -> None:
    """Count the new game among the client's running ones (until the keeper lets it go)."""
    with current.connection().pipeline(transaction=False) as pipe:
        pipe.zadd(running_key(), {game_id: clock.now().timestamp()})
        pipe.expire(running_key(), int(current_app.config["GAME_TTL"]))
        pipe.execute()


def refund() -> None:
    """Take back a counted game that was not created after all."""
    rate_limits.refund("bot_games")
