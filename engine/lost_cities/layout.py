"""The score sheet's layout, read from `sheet.json`: the one place that says where arrows, urns and points are."""

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

SHEET_FILE = Path(__file__).with_name("sheet.json")
ARTEFACTS = "artefacts"
DICE = "dice"


@dataclass(frozen=True)
class Layout:
    """What the engine needs from the sheet: columns, special spaces, bridge and points per level."""

    colours: tuple[str, ...]
    spaces: int
    bridge_space: int
    bridge_bonus: int
    double_factor: int
    arrows: dict[str, frozenset[int]]
    urns: dict[str, frozenset[int]]
    colour_points: tuple[int, ...]
    artefact_points: tuple[int, ...]
    dice_points: tuple[int, ...]
    raw: dict[str, Any]

    @property
    def columns(self) -> tuple[str, ...]:
        """Every column with a bridge: the colours, then artefacts and dice."""
        return (*self.colours, ARTEFACTS, DICE)


def _points(raw: dict[str, Any], kind: str, spaces: int) -> tuple[int, ...]:
    levels = raw["points"][kind]
    if [level["marks"] for level in levels] != list(range(spaces + 1)):
        raise ValueError(f"sheet: points.{kind} must list marks 0-{spaces} in order")
    if not all(isinstance(level["points"], int) for level in levels):
        raise ValueError(f"sheet: points.{kind} must be whole numbers")
    return tuple(level["points"] for level in levels)


def _spaces_of(column: dict[str, Any], key: str, spaces: int) -> frozenset[int]:
    found = frozenset(column[key]["spaces"])
    if not all(isinstance(s, int) and 1 <= s <= spaces for s in found):
        raise ValueError(f"sheet: {column['id']}.{key} must be spaces 1-{spaces}")
    return found


def parse_layout(raw: dict[str, Any]) -> Layout:
    """Check a sheet document and return its layout.

    :raises ValueError: when the document is not a valid sheet.
    """
    try:
        spaces = raw["spaces"]["count"]
        columns = raw["columns"]
        colours = [c for c in columns if c["kind"] == "colour"]
        kinds = [c["kind"] for c in columns]
        if len(colours) != 6 or kinds[6:] != [ARTEFACTS, DICE] or [c["id"] for c in columns[6:]] != [ARTEFACTS, DICE]:
            raise ValueError("sheet: columns must be 6 colours, then artefacts, then dice")
        if not 1 <= raw["bridge"]["space"] <= spaces:
            raise ValueError(f"sheet: the bridge must lie at a space 1-{spaces}")
        notes = raw.get("notes", {})
        for kind in ("colour", ARTEFACTS, DICE):
            for level in raw["points"][kind]:
                if "note" in level and level["note"] not in notes:
                    raise ValueError(f"sheet: points.{kind} names an unknown note {level['note']!r}")
        return Layout(
            colours=tuple(c["id"] for c in colours),
            spaces=spaces,
            bridge_space=raw["bridge"]["space"],
            bridge_bonus=raw["bridge"]["bonus"],
            double_factor=raw["double"]["factor"],
            arrows={c["id"]: _spaces_of(c, "arrows", spaces) for c in colours},
            urns={c["id"]: _spaces_of(c, "urns", spaces) for c in colours},
            colour_points=_points(raw, "colour", spaces),
            artefact_points=_points(raw, ARTEFACTS, spaces),
            dice_points=_points(raw, DICE, spaces),
            raw=raw,
        )
    except (KeyError, TypeError) as error:
        raise ValueError(f"sheet: missing or malformed entry {error}") from None


def load_layout(path: Path = SHEET_FILE) -> Layout:
    """Read and check a sheet file.

    :raises ValueError: when the file is not a valid sheet.
    """
    return parse_layout(json.loads(path.read_text(encoding="utf-8")))


@cache
def default_layout() -> Layout:
    """The shipped sheet, loaded once."""
    return load_layout()
