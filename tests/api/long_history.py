"""Games with long histories, written straight into the store: a real game's moves, their versions renumbered.

No rules allow a Ticket to Ride game of thousands of moves, but the store and the events route do not care: what
matters is many versions of real events, hidden ones (`to`) among them. Events only: the state stays as created.
"""

from dataclasses import replace

from api.storage.store import GameStore
from api.tables.loading import to_match
from engine.core.match import play
from engine.core.protocol import Event
from tests.api.helpers import create

TTL = 3600


def real_batches(client, game_type: str = "ticket-to-ride-europe", seats: int = 2, seed: int = 5) -> list[list[Event]]:
    """Return each version's events of a real game played to its end (each seat's first legal action)."""
    game, _ = create(client, [{"name": f"P{i}"} for i in range(seats)], game_type=game_type, seed=seed)
    store = client.application.extensions["deskovka"].store
    match = to_match(store.load(game["id"]))
    batches = []
    while not match.is_over():
        seat = min(match.to_act())
        actions = match.rules.legal_actions(match.state, seat)
        match, events = play(match, seat, actions[match.version % len(actions)])
        batches.append(events)
    return batches


def grow(store: GameStore, game_id: str, versions: int, batches: list[list[Event]], status: str = "running") -> int:
    """Add `versions` versions to a game, one commit, each version's events taken round the batches in turn."""
    record = store.load(game_id)
    assert record is not None
    events = [
        {**event, "v": record.version + i + 1}
        for i in range(versions)
        for event in batches[(record.version + i) % len(batches)]
    ]
    grown = replace(record, version=record.version + versions, status=status)
    assert store.commit(grown, record.rev, TTL, events=events).value == "done"
    return grown.version


def long_game(client, versions: int, status: str = "running", seats: int = 2) -> tuple[str, dict[int, str]]:
    """Create a Ticket to Ride game with `versions` versions of events; return its id and seat tokens."""
    batches = real_batches(client, seats=seats)
    game, tokens = create(client, [{"name": f"P{i}"} for i in range(seats)], game_type="ticket-to-ride-europe")
    grow(client.application.extensions["deskovka"].store, game["id"], versions, batches, status)
    return game["id"], tokens
