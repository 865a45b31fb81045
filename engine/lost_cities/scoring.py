"""Score a sheet by the layout's points per level, with a breakdown per column."""

from typing import Any

from engine.lost_cities.layout import ARTEFACTS, DICE, Layout
from engine.lost_cities.sheet import Sheet, exhausted


def score(sheet: Sheet, layout: Layout) -> dict[str, Any]:
    """Return {"total": points, "breakdown": {column: {...}, "bridges": {...}}}."""
    breakdown: dict[str, Any] = {}
    for colour in layout.colours:
        filled = len(sheet["columns"][colour])
        doubled = sheet["circles"][colour]
        points = layout.colour_points[filled] * (layout.double_factor if doubled else 1)
        breakdown[colour] = {"marks": filled, "doubled": doubled, "points": points}
    breakdown[ARTEFACTS] = {"marks": sheet[ARTEFACTS], "points": layout.artefact_points[sheet[ARTEFACTS]]}
    breakdown[DICE] = {
        "marks": sheet[DICE],
        "exhausted": exhausted(sheet, layout),
        "points": layout.dice_points[sheet[DICE]],
    }
    won = [column for column in layout.columns if sheet["bridges"][column] == "won"]
    breakdown["bridges"] = {"won": won, "points": layout.bridge_bonus * len(won)}
    return {"total": sum(part["points"] for part in breakdown.values()), "breakdown": breakdown}
