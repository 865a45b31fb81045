"""Draw a simple vector pictogram per theme, each defined once per PDF as a form and reused."""

import math
from collections.abc import Callable

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

SIZE = 100.0  # each pictogram is drawn in a SIZE x SIZE box, then scaled


def _fill(canvas: Canvas, path: PDFPathObject, even_odd: bool = False) -> None:
    canvas.drawPath(path, stroke=0, fill=1, fillMode=0 if even_odd else 1)


def _magnifier(canvas: Canvas) -> None:
    ring = canvas.beginPath()
    ring.circle(42, 58, 28)
    ring.circle(42, 58, 19)
    _fill(canvas, ring, even_odd=True)
    canvas.setLineWidth(12)
    canvas.setLineCap(1)
    canvas.line(63, 37, 84, 16)


def _flag(canvas: Canvas) -> None:
    canvas.rect(20, 10, 6, 82, stroke=0, fill=1)
    flag = canvas.beginPath()
    flag.moveTo(26, 90)
    flag.curveTo(45, 98, 60, 78, 84, 88)
    flag.lineTo(84, 52)
    flag.curveTo(60, 42, 45, 62, 26, 54)
    flag.close()
    _fill(canvas, flag)


def _notes(canvas: Canvas) -> None:
    for x in (24, 64):
        canvas.ellipse(x, 14, x + 20, 30, stroke=0, fill=1)
        canvas.rect(x + 15, 22, 5, 60, stroke=0, fill=1)
    beam = canvas.beginPath()
    beam.moveTo(39, 82)
    beam.lineTo(84, 92)
    beam.lineTo(84, 80)
    beam.lineTo(39, 70)
    beam.close()
    _fill(canvas, beam)


def _bulb(canvas: Canvas) -> None:
    bulb = canvas.beginPath()
    bulb.circle(50, 62, 28)
    bulb.circle(50, 62, 20)
    _fill(canvas, bulb, even_odd=True)
    canvas.rect(38, 22, 24, 14, stroke=0, fill=1)
    canvas.rect(41, 12, 18, 7, stroke=0, fill=1)
    canvas.setLineWidth(4)
    canvas.line(44, 36, 44, 56)
    canvas.line(56, 36, 56, 56)
    canvas.line(44, 56, 56, 56)


def _temple(canvas: Canvas) -> None:
    roof = canvas.beginPath()
    roof.moveTo(10, 72)
    roof.lineTo(50, 94)
    roof.lineTo(90, 72)
    roof.close()
    _fill(canvas, roof)
    canvas.rect(14, 64, 72, 6, stroke=0, fill=1)
    for x in (18, 34, 50, 66):
        canvas.rect(x + 2, 22, 12, 40, stroke=0, fill=1)
    canvas.rect(14, 14, 72, 6, stroke=0, fill=1)
    canvas.rect(8, 6, 84, 6, stroke=0, fill=1)


def _trophy(canvas: Canvas) -> None:
    cup = canvas.beginPath()
    cup.moveTo(26, 90)
    cup.lineTo(74, 90)
    cup.curveTo(74, 60, 64, 44, 50, 42)
    cup.curveTo(36, 44, 26, 60, 26, 90)
    cup.close()
    _fill(canvas, cup)
    canvas.setLineWidth(5)
    canvas.arc(12, 58, 34, 86, 90, 180)
    canvas.arc(66, 58, 88, 86, -90, 180)
    canvas.rect(46, 24, 8, 20, stroke=0, fill=1)
    canvas.rect(32, 12, 36, 12, stroke=0, fill=1)


def _palette(canvas: Canvas) -> None:
    palette = canvas.beginPath()
    palette.moveTo(50, 88)
    palette.curveTo(80, 88, 94, 66, 90, 46)
    palette.curveTo(86, 26, 66, 12, 46, 12)
    palette.curveTo(24, 12, 10, 30, 10, 50)
    palette.curveTo(10, 68, 22, 88, 50, 88)
    palette.close()
    palette.circle(36, 30, 7)
    for x, y in ((30, 60), (48, 72), (68, 64), (72, 40)):
        palette.circle(x, y, 6)
    _fill(canvas, palette, even_odd=True)


def _book(canvas: Canvas) -> None:
    for side in (-1, 1):
        page = canvas.beginPath()
        page.moveTo(50, 22)
        page.curveTo(50 + side * 14, 30, 50 + side * 30, 30, 50 + side * 42, 24)
        page.lineTo(50 + side * 42, 78)
        page.curveTo(50 + side * 30, 84, 50 + side * 14, 84, 50, 76)
        page.close()
        _fill(canvas, page)
    canvas.setStrokeColorRGB(1, 1, 1)
    canvas.setLineWidth(3)
    canvas.line(50, 22, 50, 76)


def _swords(canvas: Canvas) -> None:
    for angle in (45, -45):
        canvas.saveState()
        canvas.translate(50, 50)
        canvas.rotate(angle)
        blade = canvas.beginPath()
        blade.moveTo(-4, -22)
        blade.lineTo(-4, 34)
        blade.lineTo(0, 44)
        blade.lineTo(4, 34)
        blade.lineTo(4, -22)
        blade.close()
        _fill(canvas, blade)
        canvas.rect(-14, -28, 28, 6, stroke=0, fill=1)
        canvas.rect(-3, -44, 6, 16, stroke=0, fill=1)
        canvas.restoreState()


def _mask(canvas: Canvas) -> None:
    mask = canvas.beginPath()
    mask.moveTo(14, 82)
    mask.curveTo(38, 90, 62, 90, 86, 82)
    mask.curveTo(86, 40, 70, 12, 50, 12)
    mask.curveTo(30, 12, 14, 40, 14, 82)
    mask.close()
    mask.ellipse(27, 56, 18, 10)
    mask.ellipse(55, 56, 18, 10)
    mask.moveTo(34, 38)
    mask.curveTo(42, 26, 58, 26, 66, 38)
    mask.curveTo(58, 32, 42, 32, 34, 38)
    mask.close()
    _fill(canvas, mask, even_odd=True)


def _atom(canvas: Canvas) -> None:
    canvas.setLineWidth(4)
    for angle in (0, 60, 120):
        canvas.saveState()
        canvas.translate(50, 50)
        canvas.rotate(angle)
        canvas.ellipse(-42, -15, 42, 15, stroke=1, fill=0)
        canvas.restoreState()
    canvas.circle(50, 50, 8, stroke=0, fill=1)


def _star(canvas: Canvas) -> None:
    star = canvas.beginPath()
    for i in range(10):
        radius = 42 if i % 2 == 0 else 18
        angle = math.pi / 2 + i * math.pi / 5
        point = (50 + radius * math.cos(angle), 48 + radius * math.sin(angle))
        star.moveTo(*point) if i == 0 else star.lineTo(*point)
    star.close()
    _fill(canvas, star)


PICTOGRAMS: dict[str, Callable[[Canvas], None]] = {
    "discoveries": _magnifier,
    "events": _flag,
    "music": _notes,
    "inventions": _bulb,
    "monuments": _temple,
    "sport": _trophy,
    "art": _palette,
    "story": _book,
    "red": _swords,
    "beige": _mask,
    "blue": _atom,
    "": _star,
}


def draw_pictogram(canvas: Canvas, key: str, colour: str, x: float, y: float, size: float) -> None:
    """Draw the pictogram for `key` (a theme or Chronology colour; else a star) in the square at (x, y)."""
    key = key if key in PICTOGRAMS else ""
    name = f"pictogram-{key or 'plain'}-{colour.lstrip('#')}"
    if not canvas.hasForm(name):
        canvas.beginForm(name, 0, 0, SIZE, SIZE)
        canvas.setFillColor(HexColor(colour))
        canvas.setStrokeColor(HexColor(colour))
        PICTOGRAMS[key](canvas)
        canvas.endForm()
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size / SIZE, size / SIZE)
    canvas.doForm(name)
    canvas.restoreState()
