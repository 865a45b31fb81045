"""Records stored by an older deskovka: brought up to today's shape, or refused with a clear problem."""

import logging
from dataclasses import replace

from api.problems import Problem
from api.storage.deck_store import DeckStore
from api.storage.store import SHAPE, GameRecord, GameStore
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
        _held = decks.make_known(record.options.get("deck"))  # held, so the deck cache keeps it meanwhile
        match = replay(record.type, record.players, record.options, record.seed, store.log(record.id))
    except Exception as error:  # any failure to carry a game over is the same answer to the client
        log.warning("game %s cannot be carried over: %r", record.id, error)
        match = None
    if match is None or match.version != record.version:
        raise Problem(
            410,
            "game/outdated",
            "This game was stored by an older version of deskovka and cannot be "
            "carried over to this one; start a new game.",
            game=record.id,
        )
    return replace(record, state=match.state, shape=SHAPE)
