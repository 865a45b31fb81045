"""The board, the cards and the supply, read once from the data files beside the game."""

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data")
FILES = ("sources", "route", "travel_cards", "event_cards", "receipts", "supply", "board")
KINDS = ("ship", "train")
# Effects an event card can have on a leg; the others are played on their own or take effect at once.
TRAVEL_EFFECTS = ("propeller_train", "submarine", "offer", "balloon", "elephant")


@dataclass(frozen=True)
class Leg:
    """One leg of the route: the travel cards each alternative needs, or elephants."""

    index: int
    origin: str
    destination: str
    routes: tuple[tuple[str, ...], ...]
    elephants: bool


@dataclass(frozen=True)
class EventKind:
    name: str
    title: str
    copies: int
    grey: bool = False
    delay_days: int = 0
    replaces: str | None = None
    days: int = 0
    die_base: int = 0


@dataclass(frozen=True)
class Board:
    """Everything the rules read from the data files."""

    locations: tuple[str, ...]
    names: dict[str, str]
    legs: tuple[Leg, ...]
    travel_cards: tuple[tuple[str, int], ...]
    events: dict[str, EventKind]
    receipt_mix: tuple[str, ...]
    supply: dict[str, Any]
    raw: dict[str, Any]

    def location(self, position: int) -> str:
        """The location at a route position (0 London at the start, len(legs) London at the end)."""
        return self.locations[position % len(self.locations)]

    @property
    def home(self) -> int:
        return len(self.legs)

    def display_size(self, travelling: int) -> int:
        table = self.supply["display"]
        return table[str(min(max(travelling, 2), 6))]


def _leg(index: int, raw: dict[str, Any], ids: list[str]) -> Leg:
    origin, destination = raw["leg"]
    if (origin, destination) != (ids[index], ids[(index + 1) % len(ids)]):
        raise ValueError(f"route: leg {index} must go {ids[index]} -> {ids[(index + 1) % len(ids)]}")
    routes = tuple(tuple(route) for route in raw.get("routes", []))
    if any(kind not in KINDS for route in routes for kind in route):
        raise ValueError(f"route: leg {origin} -> {destination} names a card type other than {KINDS}")
    if bool(raw.get("elephants")) == bool(routes):
        raise ValueError(f"route: leg {origin} -> {destination} needs either routes or elephants")
    return Leg(index, origin, destination, routes, bool(raw.get("elephants")))


def parse_board(raw: dict[str, Any]) -> Board:
    """Check the data files and return the board.

    :raises ValueError: when the data are not a valid board.
    """
    try:
        ids = [location["id"] for location in raw["route"]["locations"]]
        legs = tuple(_leg(i, leg, ids) for i, leg in enumerate(raw["route"]["legs"]))
        if len(legs) != len(ids):
            raise ValueError("route: one leg per location, the last back to London")
        travel = tuple(
            (kind, int(days))
            for kind in KINDS
            for days, count in sorted(raw["travel_cards"]["cards"][kind].items(), key=lambda item: int(item[0]))
            for _ in range(count)
        )
        events = {}
        for card in raw["event_cards"]["cards"]:
            fields = {key: card[key] for key in ("grey", "delay_days", "replaces", "days", "die_base") if key in card}
            events[card["name"]] = EventKind(card["name"], card["title"], card["copies"], **fields)
        if sum(kind.copies for kind in events.values()) != raw["event_cards"]["count"]["value"]:
            raise ValueError("event_cards: the copies must add up to the count")
        for needed in ("elephant", "balloon", "princess", "connection", "propeller_train", "submarine", "offer"):
            if needed not in events:
                raise ValueError(f"event_cards: the {needed} card is missing")
        mix = tuple(kind for kind, count in raw["receipts"]["per_colour"].items() for _ in range(count))
        if len(mix) != len(ids) - 1 or not set(mix) <= {"gold", "travel", "event", "delay"}:
            raise ValueError("receipts: one chip of each colour per location but London, of known kinds")
        supply = raw["supply"]
        if supply["detective_start"] not in ids[1:]:
            raise ValueError("supply: the detective starts on a location other than London")
        return Board(
            locations=tuple(ids),
            names={location["id"]: location["name"] for location in raw["route"]["locations"]},
            legs=legs,
            travel_cards=travel,
            events=events,
            receipt_mix=mix,
            supply=supply,
            raw=raw,
        )
    except (KeyError, TypeError) as error:
        raise ValueError(f"board data: missing or malformed entry {error}") from None


def load_board(folder: Path = DATA) -> Board:
    """Read and check the data files.

    :raises ValueError: when the files are not a valid board.
    """
    raw = {name: json.loads((folder / f"{name}.json").read_text(encoding="utf-8")) for name in FILES}
    return parse_board(raw)


@cache
def default_board() -> Board:
    """The shipped board, loaded once."""
    return load_board()
