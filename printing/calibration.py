"""Print a sheet to measure a printer's back offset: crosses on the front, mm scales on the back."""

import io
from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.document import (
    SIDES,
    SIDES_FOLDED,
    draw_fold,
    draw_marks,
    new_canvas,
    page_marks,
    page_trims,
    set_boxes,
)
from printing.fonts import BOLD, REGULAR
from printing.sheet import Rect, SheetPlan, plan_sheet
from printing.slug import draw_slug, slug_text
from printing.spec import to_options, validate
from printing.text import draw_text
from printing.translations import texts

SCALE_MM = 10  # the back's scales run from -SCALE_MM to +SCALE_MM: every back offset the printer takes
LABEL_EVERY = 5  # mm between the scales' numbers
LABEL_SIZE = 6  # points
CROSS_MM = 8
OUTLINE = HexColor("#9a9a9a")
INK = HexColor("#000000")
ACCENT = HexColor("#c62828")
POINT_DECIMALS = ("en",)  # the print languages that write 0.5; the others write 0,5


def number(value: float, lang: str) -> str:
    """Write a length as the language does: `0.5` or `0,5`, and a true minus sign."""
    text = f"{value:g}".replace("-", "−")
    return text if lang in POINT_DECIMALS else text.replace(".", ",")


def render_calibration(
    options: Mapping[str, Any] | None = None, progress: Callable[[int, int], None] | None = None
) -> bytes:
    """Print a front page of crosses and a back page of scales at the cards' places, using the deck's layout.

    :raises SpecError: for invalid options.
    """
    spec = validate({**(options or {}), "kind": "calibration"})
    plan = plan_sheet(to_options(spec))
    buffer = io.BytesIO()
    say = texts("calibration", spec["language"])
    canvas = new_canvas(buffer, plan, say["title"])
    offset = tuple(spec["back_offset"]) if plan.duplex in ("long", "short") else (0.0, 0.0)
    sides = SIDES_FOLDED if plan.fold else SIDES
    if progress:
        progress(0, len(sides))
    for done, side in enumerate(sides, start=1):
        page_offset = offset if side == "back" else (0.0, 0.0)
        canvas.saveState()
        canvas.translate(page_offset[0] * mm, page_offset[1] * mm)
        for place, slot in enumerate(plan.slots, start=1):
            if side in ("front", "both"):
                _front(canvas, slot.front, place, _settings(plan, spec), say)
            if side in ("back", "both"):
                _back(canvas, slot.back, place, spec, plan)
        draw_marks(canvas, page_marks(plan, side))
        if plan.fold:
            draw_fold(canvas, plan.fold)
        draw_slug(canvas, plan, slug_text(plan, spec["paper"]), page_trims(plan, side), page_marks(plan, side))
        canvas.restoreState()
        set_boxes(canvas, plan, side, page_offset)
        canvas.showPage()
        if progress:
            progress(done, len(sides))
    canvas.save()
    return buffer.getvalue()


def _outline(canvas: Canvas, trim: Rect) -> None:
    canvas.setStrokeColor(OUTLINE)
    canvas.setLineWidth(0.4)
    canvas.rect(trim.x * mm, trim.y * mm, trim.w * mm, trim.h * mm, stroke=1, fill=0)


def _offset(spec: Mapping[str, Any]) -> dict[str, str]:
    x, y = spec["back_offset"]
    return {"x": number(x, spec["language"]), "y": number(y, spec["language"])}


def _settings(plan: SheetPlan, spec: Mapping[str, Any]) -> str:
    lang = spec["language"]
    say = texts("calibration", lang)
    settings = say["settings"].format(
        paper=spec["paper"].upper(),
        card=f"{number(plan.card[0], lang)}×{number(plan.card[1], lang)}",
        bleed=number(plan.bleed, lang),
        duplex=say["duplex"][plan.duplex],
    )
    if plan.duplex in ("long", "short"):
        settings += " · " + say["back_offset"].format(**_offset(spec))
    return settings


def _front(canvas: Canvas, trim: Rect, place: int, settings: str, say: Mapping[str, Any]) -> None:
    _outline(canvas, trim)
    cx, cy = (trim.x + trim.w / 2) * mm, (trim.y + trim.h / 2) * mm
    canvas.setStrokeColor(ACCENT)
    canvas.setLineWidth(0.3)
    canvas.lines([(cx - CROSS_MM * mm, cy, cx + CROSS_MM * mm, cy), (cx, cy - CROSS_MM * mm, cx, cy + CROSS_MM * mm)])
    canvas.circle(cx, cy, 1 * mm, stroke=1, fill=0)
    canvas.setFillColor(INK)
    canvas.setFont(BOLD, 9)
    canvas.drawString(trim.x * mm + 2 * mm, trim.top * mm - 5 * mm, str(place))
    box = (
        trim.x * mm + 2 * mm,
        cy + (CROSS_MM + 1) * mm,
        trim.w * mm - 4 * mm,
        trim.top * mm - 6 * mm - cy - (CROSS_MM + 1) * mm,
    )
    draw_text(canvas, say["front"].format(settings=settings), REGULAR, box, 7, 6)
    bar = 10 * min(5, int((trim.w - 6) // 10))  # a bar of whole centimetres to check the print scale
    if bar >= 10:
        left, y = cx - bar * mm / 2, trim.y * mm + 6 * mm
        canvas.setStrokeColor(INK)
        canvas.line(left, y, left + bar * mm, y)
        canvas.lines([(left + i * 10 * mm, y, left + i * 10 * mm, y + 2 * mm) for i in range(bar // 10 + 1)])
        canvas.setFont(REGULAR, 6)
        canvas.drawCentredString(cx, y - 3 * mm, say["scale_bar"].format(length=bar))


def _back(canvas: Canvas, trim: Rect, place: int, spec: Mapping[str, Any], plan: SheetPlan) -> None:
    _outline(canvas, trim)
    cx, cy = (trim.x + trim.w / 2) * mm, (trim.y + trim.h / 2) * mm
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.25)
    ticks = []
    for step in range(-SCALE_MM, SCALE_MM + 1):
        length = (1.8 if step % 5 == 0 else 1.0) * mm
        at = step * mm
        ticks += [(cx + at, cy - length, cx + at, cy + length), (cx - length, cy + at, cx + length, cy + at)]
    ticks += [
        (cx - SCALE_MM * mm, cy, cx + SCALE_MM * mm, cy),
        (cx, cy - SCALE_MM * mm, cx, cy + SCALE_MM * mm),
    ]
    canvas.lines(ticks)
    canvas.setFillColor(INK)
    canvas.setFont(REGULAR, LABEL_SIZE)
    # x's numbers sit above its axis, y's to the left of its axis at the height of their ticks, each far enough
    # from the corner they share (x at -5, y at +5) that their boxes never meet.
    for step in range(-SCALE_MM, SCALE_MM + 1, LABEL_EVERY):
        if step:
            label = f"{step:+d}".replace("-", "−")
            canvas.drawCentredString(cx + step * mm, cy + 2.0 * mm, label)
            canvas.drawRightString(cx - 2.6 * mm, cy + (step - 0.6) * mm, label)
    canvas.drawString(cx + (SCALE_MM + 1.2) * mm, cy - 1.7, "x")
    canvas.drawCentredString(cx, cy + (SCALE_MM + 1.5) * mm, "y")
    canvas.setFont(BOLD, 9)
    canvas.drawString(trim.x * mm + 2 * mm, trim.top * mm - 5 * mm, str(place))
    say = texts("calibration", spec["language"])
    advice = say["advice_fold"] if plan.fold else say["advice"].format(**_offset(spec))
    box = (
        trim.x * mm + 2 * mm,
        trim.y * mm + 2 * mm,
        trim.w * mm - 4 * mm,
        cy - (SCALE_MM + 6) * mm - trim.y * mm,
    )
    draw_text(canvas, advice, REGULAR, box, 7, 6)
