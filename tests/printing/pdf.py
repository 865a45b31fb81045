"""Read back what a printed PDF holds: card rectangles, text inside them, lines and fonts."""

import io
from dataclasses import dataclass

import pdfplumber
from reportlab.lib.units import mm

from printing.sheet import SheetPlan

TOLERANCE = 0.1 * mm  # points


@dataclass(frozen=True)
class Box:
    """A rectangle in points, origin at the page's bottom-left like the planner's."""

    x: float
    y: float
    w: float
    h: float

    def near(self, other: "Box", tolerance: float = TOLERANCE) -> bool:
        return all(abs(a - b) <= tolerance for a, b in zip(self.tuple(), other.tuple(), strict=True))

    def tuple(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)

    def holds(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h


def open_pdf(data: bytes) -> pdfplumber.PDF:
    return pdfplumber.open(io.BytesIO(data))


def card_boxes(page: pdfplumber.page.Page, plan: SheetPlan) -> list[Box]:
    """Return the filled rectangles the size of a card with its bleed: one per card face."""
    width, height = (plan.card[0] + 2 * plan.bleed) * mm, (plan.card[1] + 2 * plan.bleed) * mm
    return [
        Box(r["x0"], page.height - r["bottom"], r["width"], r["height"])
        for r in page.rects
        if abs(r["width"] - width) < 0.01 and abs(r["height"] - height) < 0.01
    ]


def text_in(page: pdfplumber.page.Page, box: Box, turned: bool = False) -> str:
    """Return the text inside `box` in reading order; `turned` reads it as printed upside down."""
    chars = [c for c in page.chars if box.holds((c["x0"] + c["x1"]) / 2, page.height - (c["top"] + c["bottom"]) / 2)]
    sign = -1 if turned else 1
    chars.sort(key=lambda c: (sign * round(c["top"], 1), sign * c["x0"]))
    return "".join(c["text"] for c in chars)


def segments(page: pdfplumber.page.Page) -> list[tuple[float, float, float, float]]:
    """Return every straight line on the page as (x1, y1, x2, y2) in points, y up."""
    return [(ln["x0"], page.height - ln["bottom"], ln["x1"], page.height - ln["top"]) for ln in page.lines]
