"""Fit plain text into a box by shrinking and wrapping it; never interpret it as markup."""

import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

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


# Spaces no line breaks at: a no-break space, a narrow one (inside numbers), a figure space.
NO_BREAK = frozenset("\u00a0\u202f\u2007")
NARROW_NO_BREAK = "\u202f"
# A number written in groups of three ("55 000 фунтов", "200 000 lidí"): it stays on one line. Its first group has
# 1-3 digits, so "in 1969 300 ships" stays two numbers.
GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?!\d)")
GROUP_SPACE = re.compile(r"[ \u00a0\u2009\u202f]")
SPACES = re.compile(r" {2,}")


def _joined(number: re.Match[str]) -> str:
    return GROUP_SPACE.sub(NARROW_NO_BREAK, number.group())


def clean(text: str) -> str:
    """Return `text` composed (NFC) on one line, each run of whitespace or control characters one space, the
    groups of a number joined by narrow no-break spaces; a no-break space stays one."""
    text = unicodedata.normalize("NFC", text)
    if not text.isprintable():  # printable text has no control or separator characters but the plain space
        text = "".join(" " if unicodedata.category(c)[0] in "CZ" and c not in NO_BREAK else c for c in text)
        text = SPACES.sub(" ", text)
    text = text.strip(" ")
    if " " in text:
        text = GROUPED.sub(_joined, text)
    return SPACES.sub(" ", text) if "  " in text else text


@lru_cache(maxsize=65536)
def unit_width(text: str, font: str) -> float:
    """Return the width of `text` at size 1; widths scale with the size and add up (no kerning)."""
    return stringWidth(text, font, 1)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break cleaned `text` into lines no wider than `width`, between words, or inside a word too long for a line."""
    return list(_lines(text.split(" "), font, size, width))


def _lines(words: Sequence[str], font: str, size: float, width: float) -> Iterator[str]:
    """Yield the lines one by one, so a caller can stop early; each word is measured once (cached)."""
    room = width / size  # in units of size 1
    space = unit_width(" ", font)
    line: list[str] = []
    used = 0.0
    for word in words:
        if not word:
            continue
        needed = unit_width(word, font)
        if line and used + space + needed <= room:
            line.append(word)
            used += space + needed
            continue
        if line:
            yield " ".join(line)
        if needed <= room:
            line, used = [word], needed
            continue
        start, used = 0, 0.0
        for i, char in enumerate(word):
            char_width = unit_width(char, font)
            if i > start and used + char_width > room:
                yield word[start:i]
                start, used = i, 0.0
            used += char_width
        line = [word[start:]]
    if line:
        yield " ".join(line)


def _fits(lines: list[str], size: float, height: float, max_lines: int) -> bool:
    return len(lines) <= max_lines and len(lines) * size * LEADING <= height + 1e-6


def _room(size: float, height: float, max_lines: int) -> int:
    """Return how many lines of `size` the box can hold, at least one."""
    return max(1, min(max_lines, int((height + 1e-6) // (size * LEADING))))


@lru_cache(maxsize=8192)
def fit(
    text: str, font: str, width: float, height: float, max_size: float, min_size: float, max_lines: int = 99
) -> Fitted:
    """Return `text` wrapped at the largest size from `max_size` down to `min_size` that fits the box.

    At `min_size` what does not fit is cut and ends in an ellipsis. The cost is linear in the text's length:
    each try stops wrapping once it has more lines than the box holds, and a text is cleaned and split once.
    """
    words = clean(text).split(" ")
    steps = int(round((max_size - min_size) / SIZE_STEP))
    sizes = [max_size - i * SIZE_STEP for i in range(steps + 1)]
    low, high = 0, len(sizes)  # binary search for the first size that fits; size only shrinks lines
    while low < high:
        middle = (low + high) // 2
        size = sizes[middle]
        lines = list(islice(_lines(words, font, size, width), _room(size, height, max_lines) + 1))
        if _fits(lines, size, height, max_lines):
            high = middle
        else:
            low = middle + 1
    if low < len(sizes):
        return Fitted(tuple(_lines(words, font, sizes[low], width)), sizes[low])
    rest = _lines(words, font, min_size, width)
    kept = list(islice(rest, _room(min_size, height, max_lines) - 1))
    return Fitted((*kept, _last_line(rest, font, min_size, width)), min_size)


def _last_line(rest: Iterator[str], font: str, size: float, width: float) -> str:
    """Join the lines that no longer fit, only as many as one line can show, and end them in an ellipsis."""
    taken: list[str] = []
    used = -unit_width(" ", font)
    for line in rest:
        taken.append(line)
        used += unit_width(" ", font) + unit_width(line, font)
        if used * size > width:
            break
    return ellipsize(" ".join(taken), font, size, width)


def ellipsize(line: str, font: str, size: float, width: float) -> str:
    """Return `line` cut short enough to end in an ellipsis within `width`, in one pass over its characters."""
    if stringWidth(line, font, size) <= width:
        return line
    room = width / size - unit_width(ELLIPSIS, font)
    used, cut = 0.0, 0  # cut: the longest prefix whose text, without trailing spaces, fits beside the ellipsis
    for i, char in enumerate(line):
        used += unit_width(char, font)
        if char == " ":
            cut = i + 1
        elif used <= room + 1e-9:
            cut = i + 1
        else:
            break
    return line[:cut].rstrip() + ELLIPSIS


def draw_fitted(canvas: Canvas, fitted: Fitted, font: str, x: float, y: float, width: float, height: float) -> None:
    """Draw the lines centred in the box whose bottom-left corner is (x, y)."""
    canvas.setFont(font, fitted.size)
    centre = x + width / 2
    for line, baseline in zip(fitted.lines, baselines(fitted, y, height), strict=True):
        canvas.drawCentredString(centre, baseline, line)


def baselines(fitted: Fitted, y: float, height: float) -> list[float]:
    """Return the baseline of each line of `fitted` set centred in a box from `y` up `height` points."""
    leading = fitted.size * LEADING
    top = y + (height + fitted.height) / 2
    return [
        top - i * leading - (leading - fitted.size) / 2 - fitted.size * BASELINE_DROP for i in range(len(fitted.lines))
    ]


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
