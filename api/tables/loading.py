"""Reading a game for the table service: found or 404, made playable (its deck known to this process, an old
record brought up to date), and the match the engine plays on it."""

import re
from dataclasses import replace

from api import clock
from api.problems import Problem
from api.storage import due, legacy, rebuild
from api.storage.store import SHAPE, GameRecord, Head, head_of
from api.tables import clocks, lengths
from api.tables.bootstrap import Services
from engine.core.match import Match
from engine.games import get_game

GAME_ID = re.compile(r"^[0-9a-f]{16}$")


def to_match(record: GameRecord) -> Match:
    assert record.state is not None, "an undealt table is never played"
    return Match(record.rules(), record.players, record.options, record.seed, record.state, record.version)


def finish(record: GameRecord, match: Match) -> GameRecord:
    """The record at the match's new state, with its turn clock's deadlines."""
    status = "finished" if match.is_over() else record.status
    if status == "running" and match.version >= lengths.most_versions(record.type):
        status = "abandoned"
    after = replace(record, state=match.state, version=match.version, status=status, updated_at=clock.timestamp())
    return clocks.stamp(record, after, match, due.millis())


def refuse_cancelled(record: GameRecord) -> None:
    """:raises Problem: 409 for a table that was cancelled before it started, or stopped at its most versions."""
    if record.status == "cancelled":
        raise Problem("game/cancelled", "The table was cancelled before it started.")
    if record.status == "abandoned" and record.stopped == "bots_only":
        raise Problem(
            "game/abandoned",
            "Every person at the table had resigned, and the client that created it had as many games of bots only "
            "being played as it may: the game was stopped there.",
        )
    if record.status == "abandoned":
        raise Problem(
            "game/abandoned",
            f"A game of {record.type} may have at most {lengths.most_versions(record.type)} versions: this one "
            "reached them and was stopped there.",
        )


def load(services: Services, game_id: str) -> GameRecord:
    """Return a game ready for the engine.

    :raises Problem: 404 when there is no such game, 410 when it cannot be played on (see `playable`).
    """
    record = services.store.load(game_id) if GAME_ID.match(game_id) else None
    return playable(services, found(record, game_id))


def found(record: GameRecord | None, game_id: str) -> GameRecord:
    if record is None:
        raise not_found(game_id)
    return record


def playable(services: Services, record: GameRecord) -> GameRecord:
    """Find the deck the game plays (given to its rules from now on), and bring a record of an older shape up to
    date in memory (reading never writes: the next move's commit, or `deskovka migrate`, writes it in today's shape).

    :raises Problem, DeckGone: 410 when the game's deck or its old record can no longer be played.
    """
    store, decks = services.store, services.decks
    if record.shape < SHAPE:
        record = legacy.migrate(store, decks, record)
    if record.compact:
        record = replace(record, state=rebuild.finished(store, decks, record).state)
    played = get_game(record.type).deck_in_play(record.state) if record.state is not None else None
    return record if played is None else replace(record, deck=decks.make_playable(*played))


def load_head(services: Services, game_id: str) -> Head:
    """Load what following the game needs, not its state (a record stored before heads: the whole, carried over).

    :raises Problem: 404 when there is no such game, 410 when an old record cannot be carried over.
    """
    head = services.store.head(game_id) if GAME_ID.match(game_id) else None
    if head is None or head.to_act is None:  # none, or one stored before it said whose turn it is
        head = head_of(load(services, game_id))
    return head


def must_exist(services: Services, game_id: str) -> None:
    """:raises Problem: 404 when there is no such game (one cheap read: before a request's body is looked at)."""
    if not (GAME_ID.match(game_id) and services.store.exists(game_id)):
        raise not_found(game_id)


def not_found(game_id: str) -> Problem:
    return Problem("game/not_found", f"There is no game {game_id!r} (it may have expired).")
