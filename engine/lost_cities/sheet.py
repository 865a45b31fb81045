"""One player's score sheet as JSON-safe data, and the marks the rules make on it."""

from typing import Any

from engine.lost_cities.layout import ARTEFACTS, DICE, Layout

Sheet = dict[str, Any]
Mark = dict[str, Any]

NUMBER = "number"
DOUBLE = "double"
ZERO_VALUE = 10


def new_sheet(layout: Layout) -> Sheet:
    return {
        "columns": {colour: [] for colour in layout.colours},
        "circles": {colour: False for colour in layout.colours},
        ARTEFACTS: 0,
        DICE: 0,
        "bridges": {column: None for column in layout.columns},
    }


def copy_sheet(sheet: Sheet) -> Sheet:
    """A copy sharing nothing that the rules change (a sheet holds only these lists, dicts and numbers)."""
    return {
        "columns": {colour: list(column) for colour, column in sheet["columns"].items()},
        "circles": dict(sheet["circles"]),
        ARTEFACTS: sheet[ARTEFACTS],
        DICE: sheet[DICE],
        "bridges": dict(sheet["bridges"]),
    }


def marks(sheet: Sheet, column: str) -> int:
    """Filled spaces of a colour column, or marks of the artefact or dice column."""
    return sheet[column] if column in (ARTEFACTS, DICE) else len(sheet["columns"][column])


def written(number: int) -> int:
    """A 0 is written as 10."""
    return ZERO_VALUE if number == 0 else number


def exhausted(sheet: Sheet, layout: Layout) -> bool:
    return sheet[DICE] >= layout.spaces


def take_modes(sheet: Sheet, layout: Layout, colour: str, number: int) -> list[str]:
    """How this colour and number may be used: as a number, on the doubling circle, or not at all ([])."""
    column = sheet["columns"][colour]
    modes = []
    if number == 0 and not column and not sheet["circles"][colour]:
        modes.append(DOUBLE)
    value = written(number)
    if not column or (value >= column[-1] and (len(column) < layout.spaces or sheet[ARTEFACTS] < layout.spaces)):
        # A full column that could take the number gives an artefact instead, if one is left to mark.
        modes.append(NUMBER)
    return modes


def why_not(sheet: Sheet, layout: Layout, colour: str, number: int, mode: str) -> str | None:
    """Return why this take is not allowed, or None when it is."""
    if mode in take_modes(sheet, layout, colour, number):
        return None
    column = sheet["columns"][colour]
    if mode == DOUBLE:
        if number != 0:
            return "Only a 0 may mark the doubling circle."
        if column:
            return f"The {colour} column is started: its doubling circle can no longer be marked."
        return f"The {colour} doubling circle is already marked."
    if len(column) == layout.spaces and written(number) >= column[-1]:
        return f"The {colour} column is full and every artefact is marked: this number would mark nothing."
    value = written(number)
    return f"The {colour} column ends at {column[-1]}; numbers never go down ({number} is written as {value})."


def accelerable(sheet: Sheet, layout: Layout) -> list[str]:
    """Colour columns an arrow may accelerate: started and with an empty space left."""
    return [c for c in layout.colours if 0 < len(sheet["columns"][c]) < layout.spaces]


def mark_artefact(sheet: Sheet, layout: Layout, why: str) -> list[Mark]:
    if sheet[ARTEFACTS] >= layout.spaces:
        return []
    sheet[ARTEFACTS] += 1
    return [{"type": "artefact_marked", "space": sheet[ARTEFACTS], "why": why}]


def write(sheet: Sheet, layout: Layout, colour: str, value: int) -> tuple[list[Mark], int]:
    """Write a value on a colour column; return the marks made and the accelerations earned."""
    column = sheet["columns"][colour]
    if len(column) >= layout.spaces:
        return mark_artefact(sheet, layout, "overflow"), 0
    column.append(value)
    space = len(column)
    arrow, urn = space in layout.arrows[colour], space in layout.urns[colour]
    made = [{"type": "number_written", "column": colour, "space": space, "value": value, "arrow": arrow, "urn": urn}]
    if urn:
        made += mark_artefact(sheet, layout, "urn")
    return made, int(arrow)


def take(sheet: Sheet, layout: Layout, colour: str, number: int, mode: str) -> tuple[list[Mark], int]:
    """Use a colour and a number die (already checked with `why_not`)."""
    if mode == DOUBLE:
        sheet["circles"][colour] = True
        return [{"type": "circle_marked", "column": colour}], 0
    return write(sheet, layout, colour, written(number))


def accelerate(sheet: Sheet, layout: Layout, colour: str) -> tuple[list[Mark], int]:
    """Write a started column's top number into its next space."""
    return write(sheet, layout, colour, sheet["columns"][colour][-1])


def refuse(sheet: Sheet, layout: Layout) -> list[Mark]:
    """Mark the next dice space; an exhausted player marks nothing."""
    if exhausted(sheet, layout):
        return []
    sheet[DICE] += 1
    return [{"type": "die_marked", "space": sheet[DICE], "exhausted": exhausted(sheet, layout)}]
