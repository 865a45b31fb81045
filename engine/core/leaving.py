"""Leaving a game: a seat resigns, and the game goes on without it by its own rules (`Game.resign`).

The core keeps who has resigned in the state (`resigned`, seats in the order they left) and ranks them below every
seat still playing; each game says what happens at the table (docs/rules/<game>.md).
"""

from typing import Any

from engine.core.errors import GameOver, SeatResigned
from engine.core.protocol import Event, Game, Outcome, State
from engine.core.schema import ActionSchema, EventSchema, const, integer, seat_number, string

RESIGN = "resign"


class ResignAction(ActionSchema):
    """Leave the game (also `POST /v1/games/{id}/resign`): allowed whenever the game runs, on your turn or not."""

    type = const(RESIGN, "Resign.")


class SeatResignedEvent(EventSchema):
    """A seat left the game; the game goes on without it, or ends when one seat is left."""

    type = const("seat_resigned", "A resignation.")
    seat = seat_number("Who resigned.")
    by = string("Who made the seat resign: its player, or the clock when its turn ran out.", enum=["player", "clock"])


class TurnTimedOutEvent(EventSchema):
    """A seat's turn ran out: the server played it (`bot`) or resigned the seat (`resign`)."""

    type = const("turn_timed_out", "A turn that ran out.")
    seat = seat_number("Whose turn ran out.")
    then = string(
        "What the server did: played the game's simplest bot for the seat, or resigned it.", enum=["bot", "resign"]
    )
    timeouts = integer(
        "How many of the seat's turns in a row have now run out (from 2 on the bot plays its "
        "turns without waiting the whole clock, until its player acts again).",
        minimum=1,
    )


class TableCancelledEvent(EventSchema):
    """A table that never started was cancelled: its open seats were not all taken in time, or its creator
    cancelled it."""

    type = const("table_cancelled", "A cancellation.")
    reason = string("Why: `open_for` ran out, or the creator cancelled it.", enum=["open_for", "creator"])


TABLE_EVENTS = (SeatResignedEvent, TurnTimedOutEvent, TableCancelledEvent)


def is_resign(action: Any) -> bool:
    return type(action) is dict and action.get("type") == RESIGN and len(action) == 1


def resigned(state: State) -> list[int]:
    return list(state.get("resigned", ()))


def staying(state: State, players: int) -> list[int]:
    """The seats still in the game, in seat order."""
    gone = set(state.get("resigned", ()))
    return [s for s in range(players) if s not in gone]


def resign(game: Game, state: State, players: int, seat: int, by: str) -> tuple[State, list[Event]]:
    """Take `seat` out of a running game; return the new state and the events (unstamped).

    :raises GameOver, SeatResigned:
    """
    if game.outcome(state) is not None:
        raise GameOver("The game is over.")
    if seat in state.get("resigned", ()):
        raise SeatResigned(f"Seat {seat} has resigned already.", seat=seat)
    state = game.copy_state(state)
    state["resigned"] = [*state.get("resigned", ()), seat]
    events: list[Event] = [{"type": "seat_resigned", "seat": seat, "by": by}]
    return state, events + game.resign(state, seat)


def resigned_last(outcome: Outcome, state: State) -> Outcome:
    """Rank the seats that resigned below every other, keeping each group's own order; winners are the best of the
    seats that stayed. An outcome without resignations is returned as it is."""
    gone = state.get("resigned")
    if not gone:
        return outcome
    places = {row["seat"]: row["place"] for row in outcome["standings"]}
    stayed = [row for row in outcome["standings"] if row["seat"] not in gone]
    left = [row for row in outcome["standings"] if row["seat"] in gone]
    standings = []
    for group, base in ((stayed, 0), (left, len(stayed))):
        for row in group:
            place = 1 + base + sum(1 for other in group if places[other["seat"]] < places[row["seat"]])
            standings.append({**row, "place": place})
    winners = [row["seat"] for row in standings if row["place"] == 1 and row["seat"] not in gone]
    return {**outcome, "winners": sorted(winners), "standings": standings}
