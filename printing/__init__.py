"""Print-and-play PDFs: a spec in, PDF bytes out; no web, queue or storage here."""

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from engine.decks import store
from engine.decks.model import Deck
from printing.document import render_deck
from printing.kit_spec import validate_kit
from printing.sheet import SheetPlan, plan_sheet
from printing.spec import SpecError, to_options
from printing.spec import validate as validate_one

if TYPE_CHECKING:
    from printing.calibration import render_calibration
    from printing.pad import render_score_sheets
    from printing.reference import render_reference
    from printing.typeset import TextOverflow

# Loaded when first asked for, so printing a deck never imports the other kinds' renderers (nor Lost Cities' rules).
_LAZY = {
    "render_calibration": "printing.calibration",
    "render_kit": "printing.kit",
    "render_reference": "printing.reference",
    "render_score_sheets": "printing.pad",
    "TextOverflow": "printing.typeset",
}

__all__ = [
    "SheetPlan",
    "SpecError",
    "TextOverflow",
    "layout",
    "render",
    "render_calibration",
    "render_deck",
    "render_reference",
    "render_score_sheets",
    "validate",
]


def validate(spec: Any, deck: Deck | None = None, deck_later: bool = False) -> dict[str, Any]:
    """Check a print spec of any kind, a game night's kit too (see `printing.spec.validate`).

    :raises SpecError: listing every problem found.
    """
    if isinstance(spec, Mapping) and isinstance(spec.get("kind"), str) and spec["kind"].lower() == "kit":
        return validate_kit(spec, deck, deck_later)
    return validate_one(spec, deck, deck_later)


def render(spec: dict[str, Any], progress: Callable[[int, int], None] | None = None, deck: Deck | None = None) -> bytes:
    """Render a deck, calibration, score-sheet, reference-card or kit spec to PDF bytes; progress is per page. A deck
    (or kit) spec prints a built-in deck, or `deck` (the deck it names, passed in: a user deck).

    :raises SpecError: listing every problem with the spec.
    """
    checked = validate(spec, deck)
    if checked["kind"] == "kit":
        return __getattr__("render_kit")(checked, progress, deck)
    options = {key: value for key, value in checked.items() if key not in ("kind", "deck")}
    if checked["kind"] == "calibration":
        return __getattr__("render_calibration")(options, progress)
    if checked["kind"] == "score-sheets":
        return __getattr__("render_score_sheets")(options, progress)
    if checked["kind"] == "reference":
        return __getattr__("render_reference")(options, progress)
    return render_deck(store.get_deck(checked["deck"], deck), options, progress)


def layout(spec: dict[str, Any]) -> SheetPlan:
    """Return where the cards of one sheet go for a card spec: orientation, bleed, front and back positions.

    :raises SpecError: listing every problem with the spec, or when its kind prints no cards.
    """
    checked = validate(spec)
    if checked["kind"] in ("score-sheets", "reference", "kit"):
        raise SpecError([f"kind: {checked['kind']!r} has no card sheet to lay out; use deck or calibration"])
    return plan_sheet(to_options(checked))


def __getattr__(name: str) -> Any:
    """Import the renderer of a kind other than decks when it is first used."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_LAZY[name]), name)
    globals()[name] = value
    return value
