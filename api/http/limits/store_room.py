"""Redis memory: new games, decks and print jobs stop short of maxmemory, so running games keep room to move."""

from api.http import current
from api.problems import Problem

FULL = "The store is full; nothing was changed. Try again later."


def require_room() -> None:
    """:raises Problem: 507 once Redis holds more than its headroom share of maxmemory (none set: no check)."""
    info = current.connection().info("memory")
    cap = int(info.get("maxmemory") or 0)
    if cap and int(info["used_memory"]) > current.services().settings.memory_headroom * cap:
        raise Problem("store/full", FULL)
