"""Rematch: the next game of a finished table, with the same seats, bots, options and clock, and the start rotated.

The first call creates it and links it from the old game (one more version, with its event), by a compare-and-set
on the old game, so two first calls at once make one game; every seat's token for it is derived from the server
secret, so each later call hands its caller's seat the same token without keeping any.
"""

from dataclasses import replace
from typing import Any

from api import clock
from api.problems import Problem
from api.storage.store import Commit, GameRecord
from api.tables import runner, seating, tokens
from api.tables.bootstrap import Services
from api.tables.loading import load, refuse_cancelled
from engine.games import get_game


def next_body(record: GameRecord) -> dict[str, Any]:
    """What creates the next game: the same seats, options and clock, the next seat starting."""
    seats = [
        {"bot": seat["bot"], "bot_options": seat.get("bot_options") or {}, "name": seat.get("name")}
        if seat.get("bot")
        else {"name": seat["name"], **({"age": seat["age"]} if seat.get("age") is not None else {})}
        for seat in record.seats
    ]
    options = dict(record.options)
    if "first" in get_game(record.type).options_schema().fields:
        options["first"] = (options.get("first", 0) + 1) % record.players
    body: dict[str, Any] = {"type": record.type, "seats": seats, "options": options}
    if record.clock:
        body["clock"] = record.clock
    return body


def rematch(services: Services, game_id: str, token: str | None) -> tuple[GameRecord, int, str]:
    """Return the next game, the caller's seat and that seat's token for it (creating the game on the first call).

    :raises Problem: 401 without a seat's token, 409 while the game is not over, or for a cancelled table.
    """
    store = services.store
    secret = tokens.server_secret(store.connection)
    for _ in range(runner.ATTEMPTS):
        record = load(services, game_id)
        seat = tokens.seat_of(game_id, record.seats, token)
        if seat is None:
            raise Problem("auth/required", "A rematch needs your seat's token: `Authorization: Bearer <token>`.")
        refuse_cancelled(record)
        if record.status != "finished":
            raise Problem("game/not_over", "A rematch follows a finished game; this one is still being played.")
        if record.rematch is not None:
            new = load(services, record.rematch)
            return new, seat, tokens.derived(secret, new.id, seat)[0]
        new_id = seating.new_id()
        new, _, _ = seating.create(
            services, next_body(record), new_id, lambda game, i: tokens.derived(secret, game, i), record.owner
        )
        # The link changes the record, not the game: no new version, so a finished game stays its log alone
        # (kept compact, rebuilt by replaying it), and it keeps the time the game was given when it finished.
        linked = replace(record, rematch=new_id, updated_at=clock.timestamp())
        if store.commit(linked, record.rev, store.ttl(game_id), [], []) is Commit.DONE:
            return new, seat, tokens.derived(secret, new_id, seat)[0]
        store.delete(new_id)  # another first call linked its game: hand out that one
    raise runner.busy()
