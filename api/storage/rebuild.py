"""Games rebuilt from their seed and action log: a finished game's state and events, or a game at an earlier version.

The engine is deterministic, so re-running the log gives the very states and events the moves gave. A finished
game is kept compact (`GameStore.commit`), and what a reader asks of it comes from here; the last few rebuilt games
are kept in this process, so a table's players reading the end of their game replay it once.
"""

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from api.problems import Problem
from api.storage.deck_store import DeckStore
from api.storage.store import GameRecord, GameStore
from engine.core.match import play
from engine.decks.model import Deck
from engine.games import get_game, new_match

log = logging.getLogger(__name__)
# Rebuilt finished games kept per process (a Ticket to Ride game's events are about 0.5 MB of dicts).
KEPT = 8


@dataclass(frozen=True)
class Rebuilt:
    """A game's state at `version` and every event up to it, oldest first."""

    state: dict[str, Any]
    events: list[dict[str, Any]]
    version: int


_lock = threading.Lock()
_kept: OrderedDict[tuple[str, int], Rebuilt] = OrderedDict()


def replay_to(
    decks: DeckStore, record: GameRecord, entries: list[dict[str, Any]], version: int, deck: Deck | None = None
) -> Rebuilt:
    """Re-run the game from its seed through the log's first `version` entries (on `deck`, else the one its options
    name).

    :raises Problem: 410 `game/outdated` when today's rules cannot re-run it to that version on the same deck.
    """
    rebuilt = None
    try:
        deck = deck or decks.make_known(record.options.get("deck"))
        match = new_match(record.type, record.players, record.options, record.seed, deck)
        events: list[dict[str, Any]] = []
        for entry in entries[:version]:
            match, new = play(match, entry["seat"], entry["action"])
            events += new
        table = record.table()
        game = get_game(record.type)
        if match.version == version and (table is None or game.deck_in_play(table) == game.deck_in_play(match.state)):
            rebuilt = Rebuilt(match.state, events, version)
    except Exception as error:  # any failure to re-run a game is the same answer to the client
        log.warning("game %s cannot be rebuilt: %r", record.id, error)
    if rebuilt is None:
        raise Problem(
            "game/outdated",
            "This game was stored by an older version of deskovka and cannot be "
            "carried over to this one; start a new game.",
            game=record.id,
        )
    return rebuilt


def finished(store: GameStore, decks: DeckStore, record: GameRecord) -> Rebuilt:
    """Return a compact finished game rebuilt: its last state and all its events.

    :raises Problem: 410 `game/outdated` (see `replay_to`).
    """
    key = (record.id, record.rev)
    with _lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
            return found
    table = record.table()
    played = get_game(record.type).deck_in_play(table) if table is not None else None
    # The log keeps card ids as positions in the game's deck, and the game replays on that very deck.
    deck = decks.make_playable(*played) if played is not None else None
    rebuilt = replay_to(decks, record, store.log(record.id), record.version, deck)
    with _lock:
        _kept[key] = rebuilt
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return rebuilt
