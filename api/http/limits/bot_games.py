"""Games with bots in every seat: the operator's switch, and each client's quota of them (the keeper plays them)."""

from typing import Any

from flask import current_app

from api.http import current
from api.http.limits import rate_limits
from api.problems import Problem
from api.tables import bot_quota

# Seconds a client at its limit of running games of bots is told to wait: about what a short one takes to play.
RETRY_RUNNING = 30


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


def check_running() -> None:
    """:raises Problem: 429 when this client has as many games of bots only still being played as it may (tables
    whose people all resigned among them)."""
    most = bot_quota.most_running(current_app.config["RATE_LIMITS"].get("bot_games") or [])
    if most is None:
        return
    if bot_quota.running(current.connection(), rate_limits.client()) >= most:
        rate_limits.refuse(
            "bot_games",
            f"At most {most} games of bots only may be playing at once for one "
            "client; try again when one has ended, in about {retry} s.",
            RETRY_RUNNING,
        )


def started(game_id: str) -> None:
    """Count the new game among the client's running ones (until the keeper lets it go)."""
    bot_quota.count_running(current.connection(), rate_limits.client(), game_id, int(current_app.config["GAME_TTL"]))


def refund() -> None:
    """Take back a counted game that was not created after all."""
    rate_limits.refund("bot_games")
