"""Print a game's reference card (set-up, a turn, special rules, end and scoring) on one or two faces.

A sheet holds as many copies as fit, one per player; each face is drawn once as a form and reused.
"""

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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
from printing.options import PrintOptions
from printing.sheet import Rect, SheetPlan, plan_sheet
from printing.slug import draw_slug, slug_text
from printing.spec import REFERENCE_SIZES, validate
from printing.text import Fitted, draw_fitted
from printing.themes import on_colour
from printing.translations import SECTIONS, texts
from printing.typeset import Section, Setting, fit_or_fail, set_sections

Progress = Callable[[int, int], None]
MIN_SIZE = 6.0  # points: no rule is printed smaller
INK = HexColor("#1a1a1a")
MUTED = HexColor("#5f5f5f")
GAME_COLOURS = {
    "timeline": "#1f6fb2",
    "chronology": "#a63d40",
    "lost-cities": "#c0631a",
    "around-the-world": "#2a7f62",
    "ticket-to-ride-europe": "#6a4c93",
}


@dataclass(frozen=True)
class Style:
    """Measures of one card size, in mm and points."""

    margin: float  # mm, trim to text
    band: float  # mm, the title band's height
    title: tuple[float, float]  # largest, smallest title size
    subline: float  # mm under the band: the player count and the face number
    small: float  # their size
    body: float  # largest body size
    one_face_min: float  # a body size still comfortable enough to keep every rule on one face
    min_body: float = MIN_SIZE  # the smallest body size: the rules flow onto the back rather than go below it


STYLES = {
    "poker": Style(margin=2.8, band=8.5, title=(10.0, 7.0), subline=3.6, small=6.5, body=8.0, one_face_min=7.0),
    "a6": Style(
        margin=5.0, band=14.0, title=(15.0, 9.0), subline=4.6, small=8.0, body=10.5, one_face_min=8.5, min_body=8.0
    ),
    "a5": Style(
        margin=7.0, band=18.0, title=(20.0, 11.0), subline=6.0, small=9.5, body=12.5, one_face_min=10.0, min_body=9.0
    ),
}


@dataclass(frozen=True)
class CardPlan:
    """A game's card, set: its title and its rules on one or two faces."""

    game: str
    size: str
    title: Fitted
    players: Fitted
    setting: Setting

    @property
    def faces(self) -> int:
        return len(self.setting.faces)


def _measures(size: str) -> tuple[Style, float, float]:
    width, height = (side * mm for side in REFERENCE_SIZES[size])
    return STYLES[size], width, height


def _body_box(size: str) -> tuple[float, float]:
    style, width, height = _measures(size)
    return width - 2 * style.margin * mm, height - (2 * style.margin + style.band + style.subline) * mm


def plan_card(game_texts: Mapping[str, Any], headings: Mapping[str, str], game: str, size: str) -> CardPlan:
    """Set a game's texts on a card of `size`.

    :raises TextOverflow: when the title or the rules do not fit at a readable size.
    """
    style, width, _ = _measures(size)
    band_w = width - 2 * (style.margin + 1) * mm
    title = fit_or_fail(game_texts["title"], BOLD, (band_w, (style.band - 2) * mm), *style.title, max_lines=2)
    players = fit_or_fail(
        game_texts["players"], REGULAR, (band_w * 0.8, style.subline * mm), style.small, style.min_body
    )
    sections = [Section(headings[key], tuple(game_texts[key])) for key in SECTIONS]
    setting = set_sections(sections, _body_box(size), style.body, style.min_body, style.one_face_min)
    return CardPlan(game, size, title, players, setting)


def card_plan(game: str, lang: str, size: str) -> CardPlan:
    """Set the shipped texts of a game's card in `lang`.

    :raises TextOverflow: when they do not fit at a readable size.
    """
    reference = texts("reference", lang)
    return plan_card(reference[game], reference["headings"], game, size)


def draw_face(canvas: Canvas, plan: CardPlan, face: int) -> None:
    """Draw one face of the card with its bottom-left corner at the origin."""
    style, width, height = _measures(plan.size)
    colour = GAME_COLOURS[plan.game]
    inset = style.margin * mm
    canvas.setStrokeColor(HexColor(colour))
    canvas.setLineWidth(0.8)
    canvas.roundRect(1.2 * mm, 1.2 * mm, width - 2.4 * mm, height - 2.4 * mm, 2.5 * mm, stroke=1, fill=0)
    band_top = height - inset
    canvas.setFillColor(HexColor(colour))
    canvas.roundRect(inset, band_top - style.band * mm, width - 2 * inset, style.band * mm, 1.5 * mm, stroke=0, fill=1)
    canvas.setFillColor(HexColor(on_colour(colour)))
    band = (inset + 1 * mm, band_top - (style.band - 1) * mm, width - 2 * (inset + 1 * mm), (style.band - 2) * mm)
    draw_fitted(canvas, plan.title, BOLD, *band)
    canvas.setFillColor(MUTED)
    baseline = band_top - style.band * mm - style.subline * mm * 0.72
    canvas.setFont(REGULAR, plan.players.size)
    canvas.drawString(inset, baseline, plan.players.lines[0])
    if plan.faces > 1:
        canvas.drawRightString(width - inset, baseline, f"{face + 1}/{plan.faces}")
    top = band_top - (style.band + style.subline) * mm
    for line in plan.setting.faces[face]:
        canvas.setFillColor(HexColor(colour) if line.font == BOLD else INK)
        canvas.setFont(line.font, line.size)
        canvas.drawString(inset + line.x, top - line.baseline, line.text)


def render_reference(options: Mapping[str, Any] | None = None, progress: Progress | None = None) -> bytes:
    """Print a sheet of one game's reference card: fronts, then backs if the rules need two faces.

    :raises SpecError: for invalid options.
    :raises TextOverflow: when the shipped texts do not fit the card (a test keeps this from happening).
    """
    spec = validate({**(options or {}), "kind": "reference"})
    card = card_plan(spec["game"], spec["language"], spec["size"])
    duplex = spec["duplex"] if card.faces == 2 else "none"
    x, y = spec["back_offset"]
    plan = plan_sheet(PrintOptions(spec["paper"], REFERENCE_SIZES[spec["size"]], duplex, 0.0, (x, y), spec["language"]))
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, plan, " ".join(card.title.lines))
    forms = []
    for face in range(card.faces):
        name = f"reference-face-{face + 1}"
        canvas.beginForm(name, 0, 0, *(side * mm for side in REFERENCE_SIZES[spec["size"]]))
        draw_face(canvas, card, face)
        canvas.endForm()
        forms.append(name)
    sides = ("front",) if card.faces == 1 else SIDES_FOLDED if plan.fold else SIDES
    if progress:
        progress(0, len(sides))
    for done, side in enumerate(sides, start=1):
        offset = (x, y) if side == "back" and duplex in ("long", "short") else (0.0, 0.0)
        _draw_page(canvas, plan, forms, side, offset, slug_text(plan, spec["paper"]))
        canvas.showPage()
        if progress:
            progress(done, len(sides))
    canvas.save()
    return buffer.getvalue()


def _draw_page(
    canvas: Canvas, plan: SheetPlan, forms: list[str], side: str, offset: tuple[float, float], slug: Sequence[str]
) -> None:
    canvas.saveState()
    canvas.translate(offset[0] * mm, offset[1] * mm)
    for slot in plan.slots:
        if side in ("front", "both"):
            _place(canvas, forms[0], slot.front, False)
        if side in ("back", "both"):
            _place(canvas, forms[1], slot.back, slot.back_turned)
    draw_marks(canvas, page_marks(plan, side))
    if plan.fold:
        draw_fold(canvas, plan.fold)
    draw_slug(canvas, plan, slug, page_trims(plan, side), page_marks(plan, side))
    canvas.restoreState()
    set_boxes(canvas, plan, side, offset)


def _place(canvas: Canvas, form: str, trim: Rect, turned: bool) -> None:
    canvas.saveState()
    if turned:
        canvas.translate(trim.right * mm, trim.top * mm)
        canvas.rotate(180)
    else:
        canvas.translate(trim.x * mm, trim.y * mm)
    canvas.doForm(form)
    canvas.restoreState()
