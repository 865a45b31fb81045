"""Records stored by an older deskovka, in one place: how each is read today, and when its reader may go.

Reading never writes: a record of an older shape is brought up to date in memory for the request that reads it,
and a move's commit writes it back in today's shape; `upkeep` (run by `deskovka migrate`) writes every such record
once, so that after a release's games have all been carried over its reader below can be deleted.

Each reader and the release after which it may go (once `deskovka migrate` has run on every store, or the games
of that time have expired, 30 days after they finished):

- `migrate`: records of shape 1 (Timeline and Chronology carried their card catalogue in the state), 1.1.
- `needs_compacting`: finished games stored whole, before finished games were kept compact, 1.1.
- `api.storage.store.COMMIT`'s fold of an events list into a stream (games not moved since events became a
  stream; their first commit folds them), 1.1.
- `api.tables.loading.load_head`'s fallback for a record without a head (read whole), 1.1.
- `api.tables.moves.replayed`'s first answers kept whole (`"body"`), 1.1: idempotency records live a day.
- `api.tables.tokens.legacy_deck_token`: tokens of decks stored under 12-digit ids, kept as long as such decks.
- `api.storage.due.LEGACY` and `api.storage.lobby.LEGACY`: 1.0's one due pair and one lobby, each in one Redis
  Cluster slot, before they were split over hash-tagged parts. The keeper claims the old pair last and hands what it
  claimed there back to the table's own pair; the lobby lists the old set as one more part and closes games there
  too; `deskovka migrate` moves both over (`move_legacy_keys`). Kept while a 1.0 process may still write them, 1.1.
"""

import logging
from collections.abc import Callable
from dataclasses import replace

from api.problems import Problem
from api.storage import due
from api.storage.deck_store import DeckStore
from api.storage.lobby import Lobby
from api.storage.store import SHAPE, Commit, GameRecord, GameStore
from engine.games import replay

log = logging.getLogger("deskovka.legacy")
# Games whose state changed shape in shape 2 (their card catalogue left the state); others keep their state as is.
REPLAYED = {"timeline", "chronology"}


def migrate(store: GameStore, decks: DeckStore, record: GameRecord) -> GameRecord:
    """Return the record in today's shape: a game whose state changed shape is replayed from its seed and log.

    :raises Problem: 410 `game/outdated` when the game cannot be replayed to the same version with today's rules.
    """
    if record.type not in REPLAYED:
        return replace(record, shape=SHAPE)
    try:
        deck = decks.make_known(record.options.get("deck"))
        match = replay(record.type, record.players, record.options, record.seed, store.log(record.id), deck)
    except Exception as error:  # any failure to carry a game over is the same answer to the client
        log.warning("game %s cannot be carried over: %r", record.id, error)
        match = None
    if match is None or match.version != record.version:
        raise Problem(
            "game/outdated",
            "This game was stored by an older version of deskovka and cannot be "
            "carried over to this one; start a new game.",
            game=record.id,
        )
    return replace(record, state=match.state, shape=SHAPE)


def needs_compacting(store: GameStore, record: GameRecord) -> bool:
    """Whether a finished game is stored whole, as games were before finished ones were kept compact."""
    return (
        record.status == "finished"
        and not record.compact
        and record.state is not None
        and len(store.log(record.id)) == record.version
    )


def upkeep(store: GameStore, decks: DeckStore, record: GameRecord, ttl: int) -> bool:
    """Write an old record once in today's shape (a finished one compact, for the time it had left); return whether
    it was written (a write that loses a race to a move is fine: that move wrote the new shape).

    :raises Problem: 410 for a record that can no longer be carried over (it is left as it is).
    """
    written = False
    if record.shape < SHAPE:
        migrated = migrate(store, decks, record)
        if store.commit(migrated, record.rev, ttl) is not Commit.DONE:
            return False
        written, reread = True, store.load(record.id)
        if reread is None:
            return True
        record = reread
    if needs_compacting(store, record):
        written = store.commit(record, record.rev, store.ttl(record.id)) is Commit.DONE or written
    return written


def move_legacy_keys(store: GameStore) -> tuple[int, int]:
    """Move 1.0's single due pair and lobby into their parts; return how many tables and lobby entries moved."""
    return due.move_legacy(store.connection), Lobby(store.connection).move_legacy()


def upkeep_all(store: GameStore, decks: DeckStore, ttl_for: Callable[[str], int]) -> tuple[int, int]:
    """Bring every stored game up to date (`deskovka migrate`); return how many were written and how many refused."""
    written = refused = 0
    for key in store.connection.scan_iter(match=f"{store.prefix}:{{g:*}}:state", count=500):
        game_id = key.decode().partition("{g:")[2].partition("}")[0]
        record = store.load(game_id)
        if record is None or (record.shape == SHAPE and not needs_compacting(store, record)):
            continue
        try:
            written += upkeep(store, decks, record, ttl_for(record.status))
        except Problem as problem:
            log.info("game %s left as it is: %s", game_id, problem.detail)
            refused += 1
    return written, refused
