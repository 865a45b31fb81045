"""Print-and-play PDFs: a spec in, PDF bytes out; no web, queue or storage here."""

from collections.abc import Callable
from typing import Any

from engine.decks import store
from printing.calibration import render_calibration
from printing.document import render_deck
from printing.sheet import SheetPlan, plan_sheet
from printing.spec import SpecError, to_options, validate

__all__ = ["SheetPlan", "SpecError", "layout", "render", "render_calibration", "render_deck", "validate"]


def render(spec: dict[str, Any], progress: Callable[[int, int], None] | None = None) -> bytes:
    """Render a deck or calibration spec to PDF bytes.

    :raises SpecError: listing every problem with the spec.
    """
    checked = validate(spec)
    options = {key: value for key, value in checked.items() if key not in ("kind", "deck")}
    if checked["kind"] == "calibration":
        return render_calibration(options, progress)
    return render_deck(store.get_deck(checked["deck"]), options, progress)


def layout(spec: dict[str, Any]) -> SheetPlan:
    """Return where the cards of one sheet go for a spec: orientation, bleed, front and back positions.

    :raises SpecError: listing every problem with the spec.
    """
    return plan_sheet(to_options(validate(spec)))
