"""Draw one Lost Cities: Roll & Write score sheet from the engine's layout, in a fixed design box.

Everything the layout says (columns, symbols, arrows, urns, bridges, points per level) comes from it;
this module only decides where things go and how they look.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from engine.lost_cities.layout import ARTEFACTS, DICE, Layout
from printing.fonts import BOLD, REGULAR
from printing.symbols import arrow, draw_bridge, draw_symbol, urn
from printing.text import BASELINE_DROP, LEADING, Fitted, draw_fitted
from printing.themes import on_colour
from printing.typeset import fit_or_fail

WIDTH, HEIGHT = 128 * mm, 192 * mm  # the design box; a sheet is scaled to its place on the page
INK = HexColor("#1a1a1a")
FAINT = HexColor("#c8c8c8")
COLOURS = {
    "red": "#c62828",
    "orange": "#ef6c00",
    "yellow": "#f9a825",
    "green": "#2e7d32",
    "blue": "#1565c0",
    "purple": "#6a1b9a",
    ARTEFACTS: "#6d4c41",
    DICE: "#455a64",
}
OTHER_COLOUR = "#757575"
TINT = 0.84  # how much white goes into a space's fill
SPACE_W, STRIP_W = 9.6 * mm, 5.2 * mm
HEAD = (163.5 * mm, 10 * mm)  # bottom, height of the column heads
SPACES_TOP = 161.5 * mm
SPACES_BOTTOM = 57.5 * mm
BRIDGE_GAP = 5 * mm
BASE = (46.5 * mm, 10 * mm)  # the row under space 1: doubling circles and the points for no mark
COLUMN_SCORE = (36 * mm, 8.5 * mm)
TOTALS = (19 * mm, 11 * mm)  # the boxes; their labels sit just above
LEGEND = (1 * mm, 16 * mm)
POINTS_SIZE = 6.5


@dataclass(frozen=True)
class Header:
    """Where a sheet's own texts go: the player's name and the game number, as (x, y, width, height)."""

    name: tuple[float, float, float, float]
    number: tuple[float, float, float, float]


def column_left(index: int, count: int) -> float:
    return index * WIDTH / count + (WIDTH / count - SPACE_W - STRIP_W) / 2


def space_bottom(space: int, layout: Layout) -> float:
    """Return the bottom of a space (1 = lowest); the bridge's gap lies just below `layout.bridge_space`."""
    height = space_height(layout)
    return SPACES_BOTTOM + (space - 1) * height + (BRIDGE_GAP if space >= layout.bridge_space else 0)


def space_height(layout: Layout) -> float:
    return (SPACES_TOP - SPACES_BOTTOM - BRIDGE_GAP) / layout.spaces


def colour_of(column: Mapping[str, Any]) -> str:
    return COLOURS.get(column["id"], OTHER_COLOUR)


def points_of(layout: Layout, column: Mapping[str, Any]) -> tuple[int, ...]:
    """Return the points for 0..spaces marks in this column."""
    return {ARTEFACTS: layout.artefact_points, DICE: layout.dice_points}.get(column["kind"], layout.colour_points)


def _tint(hex_colour: str) -> Color:
    colour = HexColor(hex_colour)
    return Color(*(c + (1 - c) * TINT for c in (colour.red, colour.green, colour.blue)))


def header(labels: Mapping[str, str]) -> Header:
    """Return where the name and the game number go, after their labels."""
    player = _label_width(labels["player"])
    game = _label_width(labels["game"])
    game_x = WIDTH - 24 * mm - game
    name_x = player + 1.5 * mm
    return Header(
        (name_x, 176.5 * mm, game_x - 4 * mm - name_x, 6.5 * mm),
        (game_x + game + 1.5 * mm, 175.5 * mm, WIDTH - game_x - game - 1.5 * mm, 7 * mm),
    )


def _label_width(text: str) -> float:
    fitted = fit_or_fail(text, BOLD, (30 * mm, 5 * mm), 8.5, 8.5)  # a translated label too long fails here
    return stringWidth(fitted.lines[0], BOLD, fitted.size)


def draw_left(canvas: Canvas, fitted: Fitted, font: str, x: float, y: float, height: float) -> None:
    """Draw fitted lines left-aligned, centred in the height above (x, y)."""
    canvas.setFont(font, fitted.size)
    leading = fitted.size * LEADING
    top = y + (height + fitted.height) / 2
    for i, line in enumerate(fitted.lines):
        canvas.drawString(x, top - i * leading - (leading - fitted.size) / 2 - fitted.size * BASELINE_DROP, line)


def draw_sheet(canvas: Canvas, layout: Layout, title: str, labels: Mapping[str, str]) -> None:
    """Draw everything a blank sheet shows, in design coordinates (origin at the bottom-left)."""
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setStrokeColor(INK)
    _draw_header(canvas, title, labels)
    columns = layout.raw["columns"]
    for index, column in enumerate(columns):
        _draw_column(canvas, layout, column, column_left(index, len(columns)))
    _draw_totals(canvas, labels)
    _draw_legend(canvas, layout, labels)
    canvas.restoreState()


def _draw_header(canvas: Canvas, title: str, labels: Mapping[str, str]) -> None:
    box = (WIDTH, 8 * mm)
    draw_fitted(canvas, fit_or_fail(title, BOLD, box, 15, 9), BOLD, 0, 184 * mm, *box)
    places = header(labels)
    canvas.setFont(BOLD, 8.5)
    name_x, name_y, name_w, _ = places.name
    canvas.drawString(0, name_y + 1 * mm, labels["player"])
    canvas.setLineWidth(0.5)
    canvas.line(name_x, name_y, name_x + name_w, name_y)
    number_x, number_y, number_w, number_h = places.number
    canvas.drawRightString(number_x - 1.5 * mm, name_y + 1 * mm, labels["game"])
    canvas.roundRect(number_x, number_y, number_w, number_h, 1.2 * mm, stroke=1, fill=0)


def _draw_column(canvas: Canvas, layout: Layout, column: Mapping[str, Any], left: float) -> None:
    colour = colour_of(column)
    width = SPACE_W + STRIP_W
    centre = left + SPACE_W / 2
    canvas.setFillColor(HexColor(colour))
    canvas.roundRect(left, HEAD[0], width, HEAD[1], 1.5 * mm, stroke=0, fill=1)
    canvas.setFillColor(HexColor(on_colour(colour)))
    draw_symbol(canvas, column["symbol"]["shape"], left + width / 2, HEAD[0] + HEAD[1] / 2, 7 * mm)
    height = space_height(layout)
    points = points_of(layout, column)
    arrows = layout.arrows.get(column["id"], frozenset())
    urns = layout.urns.get(column["id"], frozenset())
    for space in range(1, layout.spaces + 1):
        bottom = space_bottom(space, layout)
        canvas.setFillColor(_tint(colour))
        canvas.setStrokeColor(HexColor(colour))
        canvas.setLineWidth(0.7)
        canvas.rect(left, bottom, SPACE_W, height, stroke=1, fill=1)
        if column["kind"] in (ARTEFACTS, DICE):
            canvas.setFillColor(FAINT)
            draw_symbol(canvas, column["symbol"]["shape"], centre, bottom + height / 2, min(SPACE_W, height) * 0.62)
        canvas.setFillColor(INK)
        if space in arrows:
            arrow(canvas, left + 1.9 * mm, bottom + height - 1.9 * mm, 2.6 * mm)
        if space in urns:
            urn(canvas, left + SPACE_W - 2.1 * mm, bottom + height - 2.2 * mm, 2.6 * mm)
        _points(canvas, left, bottom + height / 2, str(points[space]))
    _points(canvas, left, BASE[0] + BASE[1] / 2, str(points[0]))
    if column["kind"] == "colour":
        _doubling_circle(canvas, layout, colour, centre, BASE[0] + BASE[1] / 2)
    bridge_bottom = space_bottom(layout.bridge_space, layout) - BRIDGE_GAP
    canvas.setStrokeColor(INK)
    draw_bridge(canvas, left - 0.4 * mm, bridge_bottom + 0.9 * mm, SPACE_W + 0.8 * mm, BRIDGE_GAP - 1.8 * mm)
    _points(canvas, left, bridge_bottom + BRIDGE_GAP / 2, f"+{layout.bridge_bonus}")
    canvas.setStrokeColor(HexColor(colour))
    canvas.setFillColor(white)
    canvas.setLineWidth(0.9)
    canvas.roundRect(left, COLUMN_SCORE[0], width, COLUMN_SCORE[1], 1.2 * mm, stroke=1, fill=1)


def _points(canvas: Canvas, left: float, middle: float, text: str) -> None:
    canvas.setFillColor(INK)
    canvas.setFont(BOLD, POINTS_SIZE)
    canvas.drawCentredString(left + SPACE_W + STRIP_W / 2 + 0.3 * mm, middle - POINTS_SIZE * 0.36, text)


def _doubling_circle(canvas: Canvas, layout: Layout, colour: str, x: float, y: float) -> None:
    canvas.setStrokeColor(HexColor(colour))
    canvas.setFillColor(white)
    canvas.setLineWidth(0.9)
    canvas.circle(x, y, 3.8 * mm, stroke=1, fill=1)
    canvas.setFillColor(FAINT)
    canvas.setFont(BOLD, 7)
    canvas.drawCentredString(x, y - 7 * 0.36, f"×{layout.double_factor}")


def _draw_totals(canvas: Canvas, labels: Mapping[str, str]) -> None:
    bottom, height = TOTALS
    width = 36 * mm
    step = (WIDTH - width) / 2
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.9)
    for i, key in enumerate(("columns", "bridges", "total")):
        x = i * step
        canvas.setFillColor(INK)
        label = fit_or_fail(labels[key], BOLD, (width, 3.5 * mm), 7.5, 5.5)
        draw_fitted(canvas, label, BOLD, x, bottom + height + 0.6 * mm, width, 3.5 * mm)
        canvas.setLineWidth(1.6 if key == "total" else 0.9)
        canvas.roundRect(x, bottom, width, height, 1.5 * mm, stroke=1, fill=0)
        if i:
            canvas.setFont(BOLD, 14)
            canvas.drawCentredString(x - (step - width) / 2, bottom + height / 2 - 5, "+" if i == 1 else "=")


def _draw_legend(canvas: Canvas, layout: Layout, labels: Mapping[str, str]) -> None:
    bottom, height = LEGEND
    row = height / 2
    half = WIDTH / 2
    icon = 5 * mm
    for i, key in enumerate(("legend_arrow", "legend_urn", "legend_bridge", "legend_double")):
        x, y = (i % 2) * half, bottom + (1 - i // 2) * row
        canvas.setFillColor(INK)
        canvas.setStrokeColor(INK)
        if key == "legend_arrow":
            arrow(canvas, x + icon / 2, y + row / 2, 3 * mm)
        elif key == "legend_urn":
            urn(canvas, x + icon / 2, y + row / 2, 3.4 * mm)
        elif key == "legend_bridge":
            draw_bridge(canvas, x, y + row / 2 - 1.4 * mm, icon, 2.8 * mm)
        else:
            canvas.setLineWidth(0.7)
            canvas.circle(x + icon / 2, y + row / 2, 2.3 * mm, stroke=1, fill=0)
            canvas.setFont(BOLD, 5)
            canvas.drawCentredString(x + icon / 2, y + row / 2 - 1.8, f"×{layout.double_factor}")
        canvas.setFillColor(INK)
        text_w = half - icon - 3 * mm
        fitted = fit_or_fail(labels[key], REGULAR, (text_w, row - 0.6 * mm), 6.5, 5.5, max_lines=2)
        draw_left(canvas, fitted, REGULAR, x + icon + 1.5 * mm, y + 0.3 * mm, row - 0.6 * mm)


def draw_owner(canvas: Canvas, labels: Mapping[str, str], name: str | None, game_number: int | None) -> None:
    """Write one sheet's player name and game number into its header, in design coordinates."""
    places = header(labels)
    canvas.setFillColor(INK)
    if name:
        x, y, width, height = places.name
        fitted = fit_or_fail(name, REGULAR, (width, height), 11, 6, max_lines=2)
        draw_left(canvas, fitted, REGULAR, x + 1 * mm, y + 0.5 * mm, height)
    if game_number is not None:
        x, y, width, height = places.number
        draw_fitted(canvas, fit_or_fail(str(game_number), BOLD, (width, height), 11, 6), BOLD, x, y, width, height)
