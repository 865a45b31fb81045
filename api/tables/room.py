"""Each client's room in the store: the games it created may hold `DESKOVKA_CLIENT_STORE_BYTES` together
(`api.storage.holdings` keeps the count). Past it the client's new games and its games' moves are refused, 507
`store/client_full`, until some of its games expire; a resignation still goes (a person may always leave), and
the keeper's bots and clocks play on (each game is bounded by its most versions).

A move checks a total this process read at most `FRESH` seconds ago (a read a move cost about a tenth of a move's
CPU): in that second a client's moves add at most its budget of versions, some 100 B each, past the bound. A new
game, and any refusal, reads the total afresh.
"""

import time

from api.problems import Problem
from api.tables.bootstrap import Services

FRESH = 1.0
MOST_KEPT = 10_000  # owners whose totals a process keeps (all forgotten past it)
_read: dict[str, tuple[int, float]] = {}  # owner -> (its total, when read: time.monotonic())


def require(services: Services, owner: str | None, fresh: bool = True) -> None:
    """:raises Problem: 507 `store/client_full` once the owner's games hold its bound of the store's bytes (with
    `fresh` false, as a total read within `FRESH` seconds says, confirmed afresh before refusing)."""
    bound = services.settings.client_store_bytes
    if owner is None or bound <= 0:
        return
    kept = _read.get(owner)
    if not fresh and kept is not None and time.monotonic() - kept[1] < FRESH and kept[0] < bound:
        return
    held = services.store.holdings.held(owner)
    if len(_read) >= MOST_KEPT:
        _read.clear()
    _read[owner] = held, time.monotonic()
    if held >= bound:
        raise Problem(
            "store/client_full",
            f"The games this client created hold {held:,} bytes of the store, and one client's games may hold "
            f"{bound:,} (DESKOVKA_CLIENT_STORE_BYTES): nothing was changed. Room comes back as they expire.",
        )
