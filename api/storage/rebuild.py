"""Games rebuilt from their seed and action log: a finished game's state and events, or a game at an earlier version.

The engine is deterministic, so re-running the log gives the very states and events the moves gave. A finished
game is kept compact (`GameStore.commit`), and what a reader asks of it comes from here; the games last rebuilt are
kept in this process, up to `KEPT_BYTES` of them as JSON (a game's Python objects take about 6-13 times its JSON), so
a table's players reading the end of their game replay it once. Readers asking for the same game at once wait for
one rebuild. Before each rebuild `before_rebuild` is called (the HTTP layer counts it against the reader's budget
there, and may refuse it), so a spectator cycling through long finished games spends its own budget, not the
others' share of the cache and of the worker.
"""

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from api.problems import Problem
from api.storage.deck_store import DeckStore
from api.storage.store import GameRecord, GameStore
from api.storage.turns import Turns
from engine.core.match import play
from engine.decks.model import Deck
from engine.games import get_game, new_match

log = logging.getLogger(__name__)
# The JSON bytes of rebuilt finished games kept per process: the longest game a type allows is about 1-1.6 MB of
# JSON (Timeline's 3,000 versions, Ticket to Ride's 5,000), a usual one 20-300 KB.
KEPT_BYTES = 4 << 20
# What runs before a finished game is rebuilt, not when it is kept (`api.http.limits.rebuild_budget`, which may
# raise a 429 Problem); none in a process that serves no readers.
before_rebuild: Callable[[GameRecord], None] | None = None
# How a finished game's replay runs: in place, or (set by `api.http` under gevent) in a native thread, so that the
# worker's other connections are answered meanwhile (the GIL passes between the threads every few ms) rather than
# after the whole replay (100-200 ms for a long game of eight seats).
run_replay: Callable[..., Any] | None = None


@dataclass(frozen=True)
class Rebuilt:
    """A game's state at `version` and every event up to it, oldest first."""

    state: dict[str, Any]
    events: list[dict[str, Any]]
    version: int


_lock = threading.Lock()
_kept: OrderedDict[tuple[str, int], tuple[Rebuilt, int]] = OrderedDict()  # each with its size as JSON
_kept_bytes = [0]
_building = Turns()  # a rebuild under way, which its game's other readers wait for


def replay_to(
    decks: DeckStore,
    record: GameRecord,
    entries: list[dict[str, Any]],
    version: int,
    deck: Deck | None = None,
    run: Callable[..., Any] | None = None,
) -> Rebuilt:
    """Re-run the game from its seed through the log's first `version` entries (on `deck`, else the one its options
    name), the replay itself through `run(func, *args)` when given (`run_replay`).

    :raises Problem: 410 `game/outdated` when today's rules cannot re-run it to that version on the same deck.
    """
    rebuilt = None
    try:
        deck = deck or decks.make_known(record.options.get("deck"))
        rebuilt = (
            run(_replay, record, entries, version, deck) if run is not None else _replay(record, entries, version, deck)
        )
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


def _replay(record: GameRecord, entries: list[dict[str, Any]], version: int, deck: Deck | None) -> Rebuilt | None:
    """The replay alone: the engine's work, no store's (so it may run in another thread)."""
    match = new_match(record.type, record.players, record.options, record.seed, deck)
    events: list[dict[str, Any]] = []
    for entry in entries[:version]:
        match, new = play(match, entry["seat"], entry["action"])
        events += new
    table = record.table()
    game = get_game(record.type)
    if match.version == version and (table is None or game.deck_in_play(table) == game.deck_in_play(match.state)):
        return Rebuilt(match.state, events, version)
    return None


def finished(store: GameStore, decks: DeckStore, record: GameRecord) -> Rebuilt:
    """Return a compact finished game rebuilt: its last state and all its events.

    :raises Problem: 410 `game/outdated` (see `replay_to`); what `before_rebuild` raises.
    """
    key = (record.id, record.rev)
    found = _found(key)
    if found is not None:
        return found
    with _building.one_at_a_time(key):
        found = _found(key)
        if found is not None:
            return found
        if before_rebuild is not None:
            before_rebuild(record)
        rebuilt = _rebuild(store, decks, record)
        _keep(key, rebuilt)
        return rebuilt


def _found(key: tuple[str, int]) -> Rebuilt | None:
    with _lock:
        found = _kept.get(key)
        if found is None:
            return None
        _kept.move_to_end(key)
        return found[0]


def _rebuild(store: GameStore, decks: DeckStore, record: GameRecord) -> Rebuilt:
    table = record.table()
    played = get_game(record.type).deck_in_play(table) if table is not None else None
    # The log keeps card ids as positions in the game's deck, and the game replays on that very deck.
    deck = decks.make_playable(*played) if played is not None else None
    return replay_to(decks, record, store.log(record.id), record.version, deck, run_replay)


def _keep(key: tuple[str, int], rebuilt: Rebuilt) -> None:
    size = len(orjson.dumps(rebuilt.events)) + len(orjson.dumps(rebuilt.state))
    with _lock:
        _kept[key] = (rebuilt, size)
        _kept_bytes[0] += size
        while _kept_bytes[0] > KEPT_BYTES and len(_kept) > 1:
            _, (_, dropped) = _kept.popitem(last=False)
            _kept_bytes[0] -= dropped


def kept() -> tuple[int, int]:
    """How many rebuilt games this process keeps, and their size as JSON."""
    with _lock:
        return len(_kept), _kept_bytes[0]
