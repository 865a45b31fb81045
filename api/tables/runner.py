"""The one runner of a move, whatever its source (a person's request, a bot, the turn clock): load, check and play,
commit as one compare-and-set on the game's revision, and on a lost race do it all again from the newest state.

A source (`Source`) says how its game is read and what it plays on it; `play` is the engine's check and step that
every source's moves go through, and `commit` the one write with what follows it (handing the bots left to act
over to the keeper, scheduling the turn clock). The keeper commits many tables' writes in one round trip
(`commit_many`), and runs a table whose write lost its race through `run`.
"""

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from api.config import Settings
from api.problems import Problem
from api.storage import due
from api.storage.store import Commit, GameRecord
from api.tables import clocks
from api.tables.bootstrap import Services
from engine.core import match as engine
from engine.core.errors import EngineError
from engine.core.match import Match
from engine.core.protocol import Event

ATTEMPTS = 8
Answer = TypeVar("Answer", covariant=True)
T = TypeVar("T")


@dataclass
class Write:
    """A game's next version, ready for the compare-and-set commit."""

    before: GameRecord  # as read: its revision is the compare-and-set's
    moved: GameRecord
    log: list[dict[str, Any]]
    events: list[Event]
    more: bool = False  # bots are still to act after this batch (the keeper's to play)
    answer: tuple[str, dict[str, Any]] | None = None  # an idempotency record (key, first answer), in the same step
    reply: Any = None  # what the source answers with once the write landed


class Source(Protocol[Answer]):
    """Where moves come from: reads its game and works out the write, or an answer that needs none."""

    # Whether bots left to act are handed over to the keeper after the commit (the keeper holds its own lease).
    hands_over: bool

    def plan(self, services: Services, game_id: str) -> "Write | Answer": ...


def play(match: Match, seat: int, action: Any, by: str | None = None) -> tuple[Match, list[Event]]:
    """Check and play one seat's action: every source's moves come through here.

    :raises EngineError: naming the game it is of.
    """
    try:
        return engine.play(match, seat, action, by)
    except EngineError as error:
        error.game = match.rules.name
        raise


def run(services: Services, game_id: str, source: Source[T]) -> Write | T:
    """Plan and commit the source's move until its commit lands (or it needs none); return the write or answer.

    :raises Problem: 409 `game/busy` when every attempt lost its race.
    """
    for _ in range(ATTEMPTS):
        planned = source.plan(services, game_id)
        if not isinstance(planned, Write):
            return planned
        if commit(services, planned, source.hands_over) is Commit.DONE:
            return planned
    raise busy()


def busy() -> Problem:
    return Problem("game/busy", "The game changed too often; try again.")


def commit_args(services: Services, write: Write) -> tuple[GameRecord, int, int, list[dict[str, Any]], list[Event]]:
    """The compare-and-set of a write: the record, the revision it expects, its time to live, log and events."""
    return write.moved, write.before.rev, services.lifetime(write.moved), write.log, write.events


def commit(services: Services, write: Write, hands_over: bool = True) -> Commit:
    """Commit one write; once it landed, hand its bots over to the keeper (if asked) and schedule its clock."""
    store, game_id = services.store, write.moved.id
    if hands_over and write.more:
        due.due_in(store.connection, game_id, due.GRACE)  # before the commit: late, in case it never lands
    result = store.commit(*commit_args(services, write), write.answer, services.settings.idempotency_ttl)
    if result is Commit.DONE and hands_over:
        if write.more:
            due.due_in(store.connection, game_id, pace(services.settings, len(write.log)))
        clocks.schedule(store.connection, write.moved)
    return result


def commit_many(services: Services, writes: list[Write]) -> list[Commit]:
    """Commit several games' writes in one round trip, each its own compare-and-set (the keeper's batch, which
    hands its tables back itself)."""
    return services.store.commit_many([commit_args(services, write) for write in writes])


def pace(settings: Settings, moves: int) -> float:
    """Seconds the keeper waits after a batch of `moves` bot moves, so a table plays at the configured pace."""
    return max(moves, 1) / settings.bot_pace
