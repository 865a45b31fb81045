"""What one seat (or a spectator) is shown of a stored game."""

from typing import Any

from api.storage.store import GameRecord
from api.tables import clocks
from engine.core.compact_groups import compact
from engine.core.match import public_event, visible_to


def seat_list(record: GameRecord) -> list[dict[str, Any]]:
    return [
        {
            "seat": i,
            "name": seat.get("name"),
            "bot": seat.get("bot"),
            "open": not seat.get("joined"),
        }
        for i, seat in enumerate(record.seats)
    ]


def game_view(record: GameRecord, seat: int | None, grouped: bool = False) -> dict[str, Any]:
    """The game as `seat` may see it (None: a spectator), its legal actions as the exact list or, `grouped`, as
    compact groups (`action_groups`, engine.core.compact_groups)."""
    game = record.rules()
    state = record.state
    running = record.status == "running" and state is not None
    to_act = sorted(game.to_act(state)) if running and state is not None else []
    acting = state is not None and seat in to_act
    actions: dict[str, Any] = (
        {"action_groups": compact(game.action_groups(state, seat)) if acting else []}  # type: ignore[arg-type]
        if grouped
        else {"legal_actions": game.legal_actions(state, seat) if acting else []}  # type: ignore[arg-type]
    )
    return {
        "id": record.id,
        "type": record.type,
        "status": record.status,
        "version": record.version,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
        "options": record.options,
        "seats": seat_list(record),
        "you": seat,
        "to_act": to_act,
        **actions,
        # A table with open seats is not dealt yet: there is nothing to show but its seats and options.
        "view": None if state is None else game.view(state, seat),
        "outcome": None if state is None else game.outcome(state),
        "resigned": [] if state is None else list(state.get("resigned", ())),
        "clock": clocks.view(record),
        "open_until": None
        if record.open_until is None or record.status != "open"
        else clocks.rfc3339(record.open_until),
        "rematch": record.rematch,
    }


def events_for(events: list[dict[str, Any]], seat: int | None, after: int = 0) -> list[dict[str, Any]]:
    return [public_event(e) for e in events if e["v"] > after and visible_to(e, seat)]
