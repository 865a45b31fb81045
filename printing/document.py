"""Print a deck: sheets of card fronts, each followed by its back page (or both halves on one page)."""

import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engine.decks.model import Card, Deck, pick_language
from engine.decks.part import part_of
from printing.faces import draw_face
from printing.fonts import REGULAR, register_fonts
from printing.sheet import Rect, Segment, SheetPlan, bounds, plan_sheet
from printing.slug import draw_slug, slug_text
from printing.spec import to_options, validate

Progress = Callable[[int, int], None]
SIDES = ("front", "back")  # a page of fronts (no date), then its page of backs (the date side)
SIDES_FOLDED = ("both",)
MARK_COLOUR = HexColor("#000000")
MARK_WIDTH = 0.25  # points
FOLD_COLOUR = HexColor("#9a9a9a")


def new_canvas(buffer: io.BytesIO, plan: SheetPlan, title: str) -> Canvas:
    """Start a reproducible PDF (fixed dates and ids) with Roboto as its only font."""
    register_fonts()
    canvas = Canvas(
        buffer,
        pagesize=(plan.page[0] * mm, plan.page[1] * mm),
        invariant=1,
        pageCompression=1,
        initialFontName=REGULAR,
    )
    canvas.setTitle(title)
    canvas.setAuthor("deskovka")
    canvas.setCreator("deskovka")
    return canvas


def render_deck(deck: Deck, options: Mapping[str, Any] | None = None, progress: Progress | None = None) -> bytes:
    """Print every card of `deck`; `options` holds the spec's keys other than "kind" and "deck".

    :raises SpecError: for invalid options.
    """
    spec = validate({**(options or {}), "kind": "deck"}, deck=deck)
    deck = part_of(deck, spec.get("part"))
    plan = plan_sheet(to_options(spec))
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, plan, pick_language(deck.title, spec["language"]))
    sheets = list(_chunks(deck.cards, plan.per_sheet))
    sides = SIDES_FOLDED if plan.fold else SIDES
    total = len(sheets) * len(sides)
    if progress:
        progress(0, total)
    slug = slug_text(plan, spec["paper"])
    for number, cards in enumerate(sheets):
        for side, side_name in enumerate(sides):
            offset = tuple(spec["back_offset"]) if side_name == "back" and plan.duplex in ("long", "short") else (0, 0)
            _draw_page(canvas, plan, deck, cards, side_name, spec["language"], offset, slug)
            canvas.showPage()
            if progress:
                progress(number * len(sides) + side + 1, total)
    canvas.save()
    return buffer.getvalue()


def _chunks(cards: Sequence[Card], size: int) -> Iterator[Sequence[Card]]:
    for start in range(0, len(cards), size):
        yield cards[start : start + size]


def _draw_page(
    canvas: Canvas,
    plan: SheetPlan,
    deck: Deck,
    cards: Sequence[Card],
    side: str,
    lang: str,
    offset: tuple[float, float],
    slug: Sequence[str],
) -> None:
    canvas.saveState()
    canvas.translate(offset[0] * mm, offset[1] * mm)
    for card, slot in zip(cards, plan.slots, strict=False):
        if side in ("front", "both"):
            _draw_card(canvas, plan, deck, card, slot.front, False, False, lang)
        if side in ("back", "both"):
            _draw_card(canvas, plan, deck, card, slot.back, slot.back_turned, True, lang)
    draw_marks(canvas, page_marks(plan, side))
    if plan.fold:
        draw_fold(canvas, plan.fold)
    draw_slug(canvas, plan, slug, page_trims(plan, side), page_marks(plan, side))
    canvas.restoreState()
    set_boxes(canvas, plan, side, offset)


def _draw_card(
    canvas: Canvas, plan: SheetPlan, deck: Deck, card: Card, trim: Rect, turned: bool, dated: bool, lang: str
) -> None:
    canvas.saveState()
    if turned:
        canvas.translate(trim.right * mm, trim.top * mm)
        canvas.rotate(180)
    else:
        canvas.translate(trim.x * mm, trim.y * mm)
    draw_face(canvas, deck, card, dated, lang, plan.card, plan.bleed)
    canvas.restoreState()


def page_marks(plan: SheetPlan, side: str) -> tuple[Segment, ...]:
    """Return the crop marks of a "front", "back" or "both" page."""
    return {"front": plan.front_marks, "back": plan.back_marks}.get(side, plan.front_marks + plan.back_marks)


def draw_marks(canvas: Canvas, marks: Sequence[Segment]) -> None:
    """Draw crop marks as hairlines."""
    canvas.setStrokeColor(MARK_COLOUR)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.lines([(m.x1 * mm, m.y1 * mm, m.x2 * mm, m.y2 * mm) for m in marks])


def draw_fold(canvas: Canvas, fold: Segment) -> None:
    """Draw the fold line dashed."""
    canvas.saveState()
    canvas.setStrokeColor(FOLD_COLOUR)
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 3)
    canvas.line(fold.x1 * mm, fold.y1 * mm, fold.x2 * mm, fold.y2 * mm)
    canvas.restoreState()


def page_trims(plan: SheetPlan, side: str) -> list[Rect]:
    """Return the trim boxes of every slot of a "front", "back" or "both" page."""
    fronts, backs = [s.front for s in plan.slots], [s.back for s in plan.slots]
    return {"front": fronts, "back": backs}.get(side, fronts + backs)


def set_boxes(canvas: Canvas, plan: SheetPlan, side: str, offset: tuple[float, float]) -> None:
    """Set the page's TrimBox and BleedBox around its grid of cards, kept inside the paper."""
    trim = bounds(page_trims(plan, side)).shift(*offset)
    width, height = plan.page

    def points(rect: Rect) -> tuple[float, float, float, float]:
        x1, y1 = max(rect.x, 0), max(rect.y, 0)
        x2, y2 = min(rect.right, width), min(rect.top, height)
        return (round(x1 * mm, 3), round(y1 * mm, 3), round(x2 * mm, 3), round(y2 * mm, 3))

    canvas.setTrimBox(points(trim))
    canvas.setBleedBox(points(trim.grow(plan.bleed)))
