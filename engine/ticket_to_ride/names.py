"""What the game shows a person by id, in each language: cities and colours from names.json, routes by their cities."""

from typing import Any

from engine.core.words import names_in
from engine.ticket_to_ride.board import DATA, Board

NAMES = DATA / "names.json"


def named(board: Board, language: str) -> dict[str, Any]:
    """Return the `language` and `names` members of the game's data.

    :raises InvalidOptions: for a language deskovka does not speak.
    """
    names = names_in(NAMES, language)
    cities = names["cities"]
    names["routes"] = {route.id: f"{cities[route.a]} – {cities[route.b]}" for route in board.routes.values()}
    return {"language": language, "names": names}
