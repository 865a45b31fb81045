"""A pinned sheet layout and small drivers, so the rule tests do not move when a provisional value is corrected."""

import copy
from typing import Any

from engine.lost_cities import LostCities
from engine.lost_cities.layout import Layout, default_layout, parse_layout

ARROWS = [3, 6]
URNS = [4, 8]
COLOUR_POINTS = [0, -20, -15, -10, -5, 5, 15, 25, 40, 60]
SHARED_POINTS = [0, 0, 0, 0, 10, 20, 30, 50, 70]


def pinned_raw(**points: list[int]) -> dict[str, Any]:
    """The shipped sheet with arrows on 3 and 6, urns on 4 and 8 and the points the tests were checked against."""
    raw = copy.deepcopy(default_layout().raw)
    for column in raw["columns"][:6]:
        column["arrows"]["spaces"] = list(ARROWS)
        column["urns"]["spaces"] = list(URNS)
    scales = {"colour": COLOUR_POINTS, "artefacts": [*SHARED_POINTS, 100], "dice": [*SHARED_POINTS, 0], **points}
    for kind, values in scales.items():
        raw["points"][kind] = [{"marks": n, "points": p} for n, p in enumerate(values)]
    return raw


def pinned_layout(**points: list[int]) -> Layout:
    return parse_layout(pinned_raw(**points))


GAME = LostCities(pinned_layout())


def start(players: int = 2, seed: int = 1, colours: list[str] | None = None, numbers: list[int] | None = None):
    """A new game; with colours and numbers, the first roll is replaced by those dice."""
    state = GAME.setup(players, {}, seed)
    if colours is not None and numbers is not None:
        set_roll(state, colours, numbers)
    return state


def set_roll(state: dict, colours: list[str], numbers: list[int]) -> None:
    state["roll"] = {"colours": list(colours), "numbers": list(numbers)}
    state["offer"] = {"colours": list(colours), "numbers": list(numbers)}


def act(state: dict, seat: int, action: dict, game: LostCities = GAME) -> tuple[dict, list[dict]]:
    """Apply one action as `engine.core.play` would: turn check, then a private copy."""
    assert seat in game.to_act(state), f"seat {seat} may not act; to_act={game.to_act(state)}"
    return game.apply(copy.deepcopy(state), seat, copy.deepcopy(action))


def take(colour: str, number: int, mode: str = "number") -> dict:
    return {"type": "take", "colour": colour, "number": number, "as": mode}


REFUSE = {"type": "refuse"}
STOP = {"type": "stop"}


def accelerate(column: str) -> dict:
    return {"type": "accelerate", "column": column}


def column(state: dict, seat: int, colour: str) -> list[int]:
    return state["sheets"][seat]["columns"][colour]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]
