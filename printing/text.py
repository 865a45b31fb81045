"""Fit plain text into a box by shrinking and wrapping it; never interpret it as markup."""

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

ELLIPSIS = "…"
LEADING = 1.15
SIZE_STEP = 0.25
BASELINE_DROP = 0.78  # of the font size, from a line's top to its baseline: centres Roboto's caps and x-height


@dataclass(frozen=True)
class Fitted:
    """Lines of text at one font size, ready to draw."""

    lines: tuple[str, ...]
    size: float

    @property
    def height(self) -> float:
        return self.size * LEADING * len(self.lines)


def clean(text: str) -> str:
    """Return `text` composed (NFC) on one line, each run of whitespace or control characters one space."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text)
    return " ".join(text.split())


@lru_cache(maxsize=65536)
def unit_width(text: str, font: str) -> float:
    """Return the width of `text` at size 1; widths scale with the size and add up (no kerning)."""
    return stringWidth(text, font, 1)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break `text` into lines no wider than `width`, between words, or inside a word too long for a line."""
    room = width / size  # in units of size 1
    space = unit_width(" ", font)
    lines: list[str] = []
    line, used = "", 0.0
    for word in text.split(" "):
        needed = unit_width(word, font)
        if line and used + space + needed <= room:
            line, used = f"{line} {word}", used + space + needed
            continue
        if line:
            lines.append(line)
        if needed <= room:
            line, used = word, needed
            continue
        line, used = "", 0.0
        for char in word:
            char_width = unit_width(char, font)
            if line and used + char_width > room:
                lines.append(line)
                line, used = "", 0.0
            line, used = line + char, used + char_width
    if line:
        lines.append(line)
    return lines


def _fits(lines: list[str], size: float, height: float, max_lines: int) -> bool:
    return len(lines) <= max_lines and len(lines) * size * LEADING <= height + 1e-6


@lru_cache(maxsize=8192)
def fit(
    text: str, font: str, width: float, height: float, max_size: float, min_size: float, max_lines: int = 99
) -> Fitted:
    """Return `text` wrapped at the largest size from `max_size` down to `min_size` that fits the box.

    At `min_size` what does not fit is cut and ends in an ellipsis.
    """
    text = clean(text)
    steps = int(round((max_size - min_size) / SIZE_STEP))
    sizes = [max_size - i * SIZE_STEP for i in range(steps + 1)]
    low, high = 0, len(sizes)  # binary search for the first size that fits; size only shrinks lines
    while low < high:
        middle = (low + high) // 2
        if _fits(wrap(text, font, sizes[middle], width), sizes[middle], height, max_lines):
            high = middle
        else:
            low = middle + 1
    if low < len(sizes):
        return Fitted(tuple(wrap(text, font, sizes[low], width)), sizes[low])
    lines = wrap(text, font, min_size, width)
    room = max(1, min(max_lines, int((height + 1e-6) // (min_size * LEADING))))
    kept = lines[:room]
    kept[-1] = ellipsize(" ".join(lines[room - 1 :]), font, min_size, width)
    return Fitted(tuple(kept), min_size)


def ellipsize(line: str, font: str, size: float, width: float) -> str:
    """Return `line` cut short enough to end in an ellipsis within `width`."""
    if stringWidth(line, font, size) <= width:
        return line
    while line and stringWidth(line.rstrip() + ELLIPSIS, font, size) > width:
        line = line[:-1]
    return line.rstrip() + ELLIPSIS


def draw_fitted(canvas: Canvas, fitted: Fitted, font: str, x: float, y: float, width: float, height: float) -> None:
    """Draw the lines centred in the box whose bottom-left corner is (x, y)."""
    canvas.setFont(font, fitted.size)
    leading = fitted.size * LEADING
    top = y + (height + fitted.height) / 2
    centre = x + width / 2
    for i, line in enumerate(fitted.lines):
        canvas.drawCentredString(
            centre, top - i * leading - (leading - fitted.size) / 2 - fitted.size * BASELINE_DROP, line
        )


def draw_text(
    canvas: Canvas,
    text: str,
    font: str,
    box: tuple[float, float, float, float],
    max_size: float,
    min_size: float,
    max_lines: int = 99,
) -> Fitted:
    """Fit `text` into `box` (x, y, width, height in points) and draw it centred."""
    x, y, width, height = box
    fitted = fit(text, font, width, height, max_size, min_size, max_lines)
    draw_fitted(canvas, fitted, font, x, y, width, height)
    return fitted
