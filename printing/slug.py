"""The slug: a line in a sheet's margin naming what the sheet was planned for (paper, card size, bleed, duplex)."""

from collections.abc import Iterator, Sequence
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas

from printing.fonts import REGULAR, register_fonts
from printing.options import CARD_SIZES
from printing.sheet import EDGE, Rect, Segment, SheetPlan

SIZE = 6.0  # points: the smallest size deskovka prints
CLEARANCE = 0.4  # mm between the slug and any mark or bleed
INK = HexColor("#555555")
TOUCHING = {(True, False): "side by side", (False, True): "top to bottom", (True, True): "on every side"}
TOUCH_SHORT = {(True, False): "columns", (False, True): "rows", (True, True): "cards"}
DUPLEX_NAMES = {"long": "long-edge duplex", "short": "short-edge duplex", "fold": "fold-over", "none": "one-sided"}


def slug_text(plan: SheetPlan, paper: str) -> tuple[str, ...]:
    """Name the paper, card size, bleed and duplex mode of a sheet: in full, then shorter for tight margins."""
    preset = next((name for name, size in CARD_SIZES.items() if size == plan.card), None)
    size = f"{plan.card[0]:g}×{plan.card[1]:g} mm"
    full = (
        f"deskovka · {paper.upper()} · {f'{preset} {size}' if preset else size} · bleed {plan.bleed:g} mm · "
        f"{DUPLEX_NAMES[plan.duplex]}"
    )
    short = f"{paper.upper()} · {size} · bleed {plan.bleed:g} mm · {DUPLEX_NAMES[plan.duplex]}"
    where = TOUCHING.get(plan.touching)
    if where is None:
        return full, short
    # No room for a gutter: the sheet says so, since a miscut there shows the neighbour's colours.
    return (
        f"{full} · no room for a gutter: cards touch {where}, cut exactly on the lines",
        f"{short} · cards touch {where}: cut exactly on the lines",
        f"{paper.upper()} · bleed {plan.bleed:g} mm · {TOUCH_SHORT[plan.touching]} touch: cut on the lines",
    )


def _box_height() -> float:
    """The height in mm a line of SIZE takes, as PDF readers measure a glyph (descent to descent + size)."""
    return SIZE / mm


def _blocked(box: Rect, rects: Sequence[Rect], marks: Sequence[Segment]) -> bool:
    grown = box.grow(CLEARANCE)
    if any(grown.overlaps(rect) for rect in rects):
        return True
    for mark in marks:
        x, y = min(mark.x1, mark.x2), min(mark.y1, mark.y2)
        if grown.overlaps(Rect(x - 0.01, y - 0.01, abs(mark.x2 - mark.x1) + 0.02, abs(mark.y2 - mark.y1) + 0.02)):
            return True
    return False


def _candidates(plan: SheetPlan, trims: Sequence[Rect], length: float, height: float) -> Iterator[tuple[Rect, int]]:
    """Boxes for the slug, along the bottom and top edges first, then up the sides (turned 90°)."""
    width, page_height = plan.page
    centres_x = [width / 2, *sorted({r.x + r.w / 2 for r in trims})]
    for y in (EDGE, page_height - EDGE - height):
        for centre in centres_x:
            yield Rect(centre - length / 2, y, length, height), 0
        yield Rect(EDGE, y, length, height), 0
        yield Rect(width - EDGE - length, y, length, height), 0
    centres_y = [page_height / 2, *sorted({r.y + r.h / 2 for r in trims})]
    for x in (EDGE, width - EDGE - height):
        for centre in centres_y:
            yield Rect(x, centre - length / 2, height, length), 90


def place_slug(
    plan: SheetPlan, texts: Sequence[str], trims: Sequence[Rect], marks: Sequence[Segment]
) -> tuple[str, Rect, int] | None:
    """Return the first text that fits, with its box and turn, clear of every card, mark and the paper's edge."""
    register_fonts()
    width, page_height = plan.page
    rects = [t.grow(plan.bleed) for t in trims]
    lines = [*marks, *([plan.fold] if plan.fold else [])]
    for text in texts:
        length, height = stringWidth(text, REGULAR, SIZE) / mm, _box_height()
        for box, turn in _candidates(plan, trims, length, height):
            inside = EDGE <= box.x and box.right <= width - EDGE and EDGE <= box.y and box.top <= page_height - EDGE
            if inside and not _blocked(box, rects, lines):
                return text, box, turn
    return None


@lru_cache(maxsize=64)
def _placed(
    plan: SheetPlan, texts: tuple[str, ...], trims: tuple[Rect, ...], marks: tuple[Segment, ...]
) -> tuple[str, Rect, int] | None:
    """Place the slug once per kind of page: every front (or back) page of a document puts it in the same spot."""
    return place_slug(plan, texts, trims, marks)


def draw_slug(
    canvas: Canvas, plan: SheetPlan, texts: Sequence[str], trims: Sequence[Rect], marks: Sequence[Segment]
) -> bool:
    """Draw the slug where it fits; return False when no margin has room for it."""
    spot = _placed(plan, tuple(texts), tuple(trims), tuple(marks))
    if spot is None:
        return False
    text, box, turn = spot
    descent = -getFont(REGULAR).face.descent / 1000 * SIZE  # points below the baseline
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setFont(REGULAR, SIZE)
    if turn:
        # Reads bottom to top; the baseline runs up the box at its right, less the descent.
        canvas.translate(box.right * mm - descent, box.y * mm)
        canvas.rotate(90)
    else:
        canvas.translate(box.x * mm, box.y * mm + descent)
    canvas.drawString(0, 0, text)
    canvas.restoreState()
    return True
