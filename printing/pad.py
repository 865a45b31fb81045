"""Print a pad of Lost Cities: Roll & Write score sheets: one or two sheets a page, the blank sheet drawn once."""

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engine.lost_cities.layout import Layout, default_layout
from printing.fonts import REGULAR, register_fonts
from printing.options import PAPERS
from printing.score_sheet import HEIGHT, WIDTH, draw_owner, draw_sheet
from printing.spec import validate
from printing.translations import texts

Progress = Callable[[int, int], None]
MARGIN = 5 * mm  # what most printers cannot reach, around each sheet
FORM = "score-sheet"
CUT_COLOUR = HexColor("#9a9a9a")


@dataclass(frozen=True)
class Place:
    """Where one sheet goes on its page: bottom-left corner and scale of the design box, in points."""

    x: float
    y: float
    scale: float


def pad_pages(paper: str, per_page: int) -> tuple[tuple[float, float], tuple[Place, ...]]:
    """Return the page size (points) and the sheets' places: one upright page, or a landscape page halved."""
    width, height = (side * mm for side in PAPERS[paper])
    if per_page == 2:
        width, height = height, width
    cell = width / per_page
    places = []
    for i in range(per_page):
        room_w, room_h = cell - 2 * MARGIN, height - 2 * MARGIN
        scale = min(room_w / WIDTH, room_h / HEIGHT)
        x = i * cell + MARGIN + (room_w - WIDTH * scale) / 2
        places.append(Place(x, MARGIN + (room_h - HEIGHT * scale) / 2, scale))
    return (width, height), tuple(places)


def render_score_sheets(
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    layout: Layout | None = None,
    use_form: bool = True,
) -> bytes:
    """Print `count` score sheets from the engine's layout (or `layout`); `use_form=False` redraws each sheet.

    :raises SpecError: for invalid options.
    """
    spec = validate({**(options or {}), "kind": "score-sheets"})
    layout = layout or default_layout()
    title = texts("reference", spec["language"])["lost-cities"]["title"]
    labels = texts("sheet", spec["language"])
    page, places = pad_pages(spec["paper"], spec["per_page"])
    buffer = io.BytesIO()
    canvas = _canvas(buffer, page, title)
    if use_form:
        canvas.beginForm(FORM, 0, 0, WIDTH, HEIGHT)
        draw_sheet(canvas, layout, title, labels)
        canvas.endForm()
    count, names = spec["count"], spec["names"]
    pages = -(-count // len(places))
    if progress:
        progress(0, pages)
    for number in range(pages):
        for slot, place in enumerate(places):
            sheet = number * len(places) + slot
            if sheet >= count:
                break
            canvas.saveState()
            canvas.translate(place.x, place.y)
            canvas.scale(place.scale, place.scale)
            if use_form:
                canvas.doForm(FORM)
            else:
                draw_sheet(canvas, layout, title, labels)
            draw_owner(canvas, labels, names[sheet % len(names)] if names else None, spec["game_number"])
            canvas.restoreState()
        if len(places) == 2:
            _cut_line(canvas, page)
        canvas.showPage()
        if progress:
            progress(number + 1, pages)
    canvas.save()
    return buffer.getvalue()


def _canvas(buffer: io.BytesIO, page: tuple[float, float], title: str) -> Canvas:
    register_fonts()
    canvas = Canvas(buffer, pagesize=page, invariant=1, pageCompression=1, initialFontName=REGULAR)
    canvas.setTitle(title)
    canvas.setAuthor("deskovka")
    canvas.setCreator("deskovka")
    return canvas


def _cut_line(canvas: Canvas, page: tuple[float, float]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(CUT_COLOUR)
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 3)
    canvas.line(page[0] / 2, MARGIN, page[0] / 2, page[1] - MARGIN)  # home printers cannot print nearer the edge
    canvas.restoreState()
