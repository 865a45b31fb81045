"""Each client's room in the store: the games it created may hold `DESKOVKA_CLIENT_STORE_BYTES` together
(`api.storage.holdings` keeps the count). Past it the client's new games and its games' moves are refused, 507
`store/client_full`, until some of its games expire; a resignation still goes (a person may always leave), and
the keeper's bots and clocks play on (each game is bounded by its most versions)."""

from api.problems import Problem
from api.tables.bootstrap import Services


def require(services: Services, owner: str | None) -> None:
    """:raises Problem: 507 `store/client_full` once the owner's games hold its bound of the store's bytes."""
    bound = services.settings.client_store_bytes
    if owner is None or bound <= 0:
        return
    held = services.store.holdings.held(owner)
    if held >= bound:
        raise Problem(
            "store/client_full",
            f"The games this client created hold {held:,} bytes of the store, and one client's games may hold "
            f"{bound:,} (DESKOVKA_CLIENT_STORE_BYTES): nothing was changed. Room comes back as they expire.",
        )
