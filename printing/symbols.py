"""Draw the score sheet's symbols: the expedition shapes, urn, die, arrow and bridge, centred on a point."""

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

Symbol = Callable[[Canvas, float, float, float], None]


def _polygon(canvas: Canvas, points: list[tuple[float, float]]) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _star_points(cx: float, cy: float, outer: float, inner: float, tips: int = 5) -> list[tuple[float, float]]:
    return [
        (
            cx + (outer if i % 2 == 0 else inner) * math.cos(math.pi / 2 + i * math.pi / tips),
            cy + (outer if i % 2 == 0 else inner) * math.sin(math.pi / 2 + i * math.pi / tips),
        )
        for i in range(2 * tips)
    ]


def triangle(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    r = size / 2
    _polygon(canvas, [(cx - r, cy - r * 0.8), (cx + r, cy - r * 0.8), (cx, cy + r * 0.95)])


def circle(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    canvas.circle(cx, cy, size * 0.45, stroke=0, fill=1)


def square(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    r = size * 0.4
    canvas.rect(cx - r, cy - r, 2 * r, 2 * r, stroke=0, fill=1)


def diamond(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    r = size / 2
    _polygon(canvas, [(cx, cy + r), (cx + r * 0.75, cy), (cx, cy - r), (cx - r * 0.75, cy)])


def star(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    _polygon(canvas, _star_points(cx, cy - size * 0.04, size * 0.52, size * 0.22))


def cross(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    long, short = size * 0.46, size * 0.15
    canvas.rect(cx - long, cy - short, 2 * long, 2 * short, stroke=0, fill=1)
    canvas.rect(cx - short, cy - long, 2 * short, 2 * long, stroke=0, fill=1)


def urn(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    r = size / 2
    path = canvas.beginPath()
    path.moveTo(cx - r * 0.45, cy + r)
    path.lineTo(cx + r * 0.45, cy + r)
    path.lineTo(cx + r * 0.3, cy + r * 0.7)
    path.curveTo(cx + r * 1.05, cy + r * 0.45, cx + r * 0.9, cy - r * 0.6, cx + r * 0.4, cy - r * 0.8)
    path.lineTo(cx + r * 0.5, cy - r)
    path.lineTo(cx - r * 0.5, cy - r)
    path.lineTo(cx - r * 0.4, cy - r * 0.8)
    path.curveTo(cx - r * 0.9, cy - r * 0.6, cx - r * 1.05, cy + r * 0.45, cx - r * 0.3, cy + r * 0.7)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def die(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    r, pip = size * 0.42, size * 0.08
    path = canvas.beginPath()
    path.roundRect(cx - r, cy - r, 2 * r, 2 * r, size * 0.12)
    for dx, dy in ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)):
        path.circle(cx + dx * r * 0.5, cy + dy * r * 0.5, pip)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=0)  # even-odd: the pips are holes


def arrow(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    r = size / 2
    for dy in (-r * 0.45, r * 0.2):
        _polygon(
            canvas,
            [
                (cx - r, cy + dy - r * 0.25),
                (cx, cy + dy + r * 0.55),
                (cx + r, cy + dy - r * 0.25),
                (cx + r * 0.55, cy + dy - r * 0.25),
                (cx, cy + dy + r * 0.15),
                (cx - r * 0.55, cy + dy - r * 0.25),
            ],
        )


def unknown(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    """A ring: the shape a layout names is not one this printer knows."""
    path = canvas.beginPath()
    path.circle(cx, cy, size * 0.45)
    path.circle(cx, cy, size * 0.28)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=0)


SHAPES: dict[str, Symbol] = {
    "triangle": triangle,
    "circle": circle,
    "square": square,
    "diamond": diamond,
    "star": star,
    "cross": cross,
    "urn": urn,
    "die": die,
}


def draw_symbol(canvas: Canvas, shape: str, cx: float, cy: float, size: float) -> None:
    """Draw the named shape, filled with the current fill colour, in a `size` square centred on (cx, cy)."""
    SHAPES.get(shape, unknown)(canvas, cx, cy, size)


def draw_bridge(canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
    """Draw a plank bridge across the box at (x, y): two rails and the planks between them."""
    canvas.saveState()
    canvas.setLineWidth(height * 0.12)
    canvas.line(x, y + height * 0.12, x + width, y + height * 0.12)
    canvas.line(x, y + height * 0.88, x + width, y + height * 0.88)
    planks = max(3, int(width / (height * 0.7)))
    canvas.setLineWidth(height * 0.09)
    for i in range(planks + 1):
        px = x + width * i / planks
        canvas.line(px, y + height * 0.12, px, y + height * 0.88)
    canvas.restoreState()
