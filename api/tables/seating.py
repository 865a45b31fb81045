"""Tables: setting one up (tokens minted, bots started), taking an open seat (the last one deals), cancelling."""

import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from api import clock, meters
from api.problems import Problem
from api.storage import due, metrics
from api.storage.store import SHAPE, Commit, GameRecord
from api.tables import bots, clocks, deal, room, runner, tokens
from api.tables.bootstrap import Services
from api.tables.loading import finish, load, refuse_cancelled, to_match
from api.tables.runner import Write
from engine.core.match import Match
from engine.core.protocol import Event
from engine.games import get_game, new_match


def new_id() -> str:
    return secrets.token_hex(8)


def create(
    services: Services,
    body: dict[str, Any],
    game_id: str | None = None,
    mint: Callable[[str, int], tuple[str, str]] = tokens.mint,
    owner: str | None = None,
) -> tuple[GameRecord, list[dict[str, Any]], list[Event]]:
    """Set up a game, mint a token per named human seat and let bots start; a table with open seats waits undealt.

    `owner` is the client creating it, whose quotas count the game (`api.tables.bot_quota`)."""
    room.require(services, owner)
    store, decks = services.store, services.decks
    game_type, seats, options = body["type"], body["seats"], body.get("options") or {}
    deck = decks.make_known(options.get("deck"))
    seed, chosen_seed, nonce = deal.deal_seed(body.get("seed"), seats)
    match: Match | None = None
    if any(seat.get("open") for seat in seats):
        options = deal.table_options(game_type, len(seats), options, deck)
    else:
        match = new_match(game_type, len(seats), deal.with_ages(game_type, seats, options), seed, deck)
        options = match.options
    game_id = game_id or new_id()
    minted: list[dict[str, Any]] = []
    stored: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        if seat.get("bot"):
            bots.make_bot(game_type, seat)
            stored.append(
                {
                    "name": seat.get("name") or f"{seat['bot']} bot",
                    "bot": seat["bot"],
                    "bot_options": seat.get("bot_options") or {},
                    "joined": True,
                }
            )
        elif seat.get("open"):
            stored.append({"name": None, "joined": False})
        else:
            token, token_hash = mint(game_id, i)
            minted.append({"seat": i, "token": token})
            stored.append({"name": seat["name"], "age": seat.get("age"), "token_hash": token_hash, "joined": True})
    now = clock.timestamp()
    status = "running" if all(s["joined"] for s in stored) else "open"
    open_for = body.get("open_for")
    record = GameRecord(
        game_id,
        game_type,
        len(seats),
        options,
        seed,
        None if match is None else match.state,
        stored,
        status,
        now,
        now,
        chosen_seed=chosen_seed,
        nonce=nonce,
        shape=SHAPE,
        clock=body.get("clock"),
        open_until=None if open_for is None else due.millis(open_for),
        creator=minted[0]["seat"] if minted else None,
        deck=deck,
        owner=owner,
    )
    events: list[Event] = []
    more = False
    if match is not None:
        keep_deck(services, record)
        match, events, more = bots.run_bots(record, match)
        record = finish(record, match)
    if more:
        due.due_in(store.connection, game_id, due.GRACE)
    store.commit(record, None, services.lifetime(record), list(match.log) if match else [], events)
    if more and match is not None:
        due.due_in(store.connection, game_id, runner.pace(services.settings, len(match.log)))
    clocks.schedule(store.connection, record)
    metrics.count(store.connection, "games_created")
    meters.games.labels(game_type).inc()
    if status == "open":
        services.lobby.open(game_type, game_id, clock.now().timestamp(), services.settings.game_max_age)
    return record, minted, events


def keep_deck(services: Services, record: GameRecord) -> None:
    """Keep a snapshot of the built-in deck a newly dealt game plays."""
    deck = get_game(record.type).deck_in_play(record.state) if record.state is not None else None
    if deck is not None:
        services.decks.keep_builtin(*deck)


@dataclass
class Join:
    """Taking an open seat, as a source of the runner: the last seat taken deals, and the bots start."""

    seat: int
    name: str
    age: int | None
    hands_over = True

    def plan(self, services: Services, game_id: str) -> Write:
        record = load(services, game_id)
        refuse_cancelled(record)
        if record.status == "open" and record.open_until is not None and due.millis() >= record.open_until:
            raise Problem("game/cancelled", "The table's open seats were not all taken in time (`open_for`).")
        if not 0 <= self.seat < record.players:
            raise Problem("seat/not_found", f"Game {game_id} has seats 0-{record.players - 1}.")
        if record.seats[self.seat].get("joined"):
            raise Problem("seat/taken", f"Seat {self.seat} is already taken.")
        token, token_hash = tokens.mint(game_id, self.seat)
        seats = [dict(s) for s in record.seats]
        seats[self.seat] = {"name": self.name, "age": self.age, "token_hash": token_hash, "joined": True}
        status = "running" if all(s.get("joined") for s in seats) else "open"
        joined = replace(record, seats=seats, status=status, updated_at=clock.timestamp())
        log: list[dict[str, Any]] = []
        events: list[Event] = []
        more = False
        if status == "running" and joined.state is None:
            # The deck may be one this process has not loaded (or has let go of) since the table was opened.
            deck = services.decks.make_known(joined.options.get("deck"))
            dealt = deal.deal(joined.type, joined.options, joined.seed, seats, deck)
            joined = replace(joined, options=dealt.options, state=dealt.state, deck=deck or joined.deck)
            keep_deck(services, joined)
        if joined.state is not None:  # tables opened before deals waited for the last seat are dealt already
            match, events, more = bots.run_bots(joined, to_match(joined))
            joined, log = finish(joined, match), list(match.log)
        return Write(record, joined, log, events, more, reply=token)


def join(services: Services, game_id: str, seat: int, name: str, age: int | None = None) -> tuple[GameRecord, str]:
    """Take an open seat; the last seat taken deals the game and starts it."""
    write = runner.run(services, game_id, Join(seat, name, age))
    metrics.count(services.connection, "seats_joined")
    if write.moved.status != "open":
        services.lobby.close(write.moved.type, game_id)
    return write.moved, write.reply


def cancel(services: Services, record: GameRecord, reason: str) -> GameRecord | None:
    """Cancel a table that has not started, as one more version with its event; None when the write lost a race."""
    version = record.version + 1
    cancelled = replace(record, status="cancelled", version=version, updated_at=clock.timestamp(), deadlines={})
    event = {"v": version, "type": "table_cancelled", "reason": reason}
    if runner.commit(services, Write(record, cancelled, [], [event]), hands_over=False) is not Commit.DONE:
        return None
    services.lobby.close(record.type, record.id)
    return cancelled
