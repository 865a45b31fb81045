"""The screen: a block of scattered digits on the question side, right in front of the date on the other side.

Held to the light, 80 g/m² paper lets the date side's white digits show through its pale question side; behind a
block of the same colour filled with digits of the same size, they are lost among the others.
"""

import hashlib
import math
from functools import cache

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from printing.fonts import BOLD
from printing.lettering import text_block
from printing.text import unit_width

CONTRAST = 0.32  # how far the pattern's digits go from the block's colour toward the text colour
ROWS_PER_LINE = 2  # rows of digits per label height, so every place a digit of the date may be is covered
_DIGITS = bytes(ord("0") + b % 10 for b in range(256))  # a digest's byte -> the digit of its value modulo 10


@cache
def _mix(base: str, toward: str, amount: float) -> Color:
    a, b = HexColor(base), HexColor(toward)
    return Color(*(x + amount * (y - x) for x, y in ((a.red, b.red), (a.green, b.green), (a.blue, b.blue))))


def _row(seed: str, row: int, count: int, avoid: str) -> str:
    """Digits in an order of their own for each card and row, the same in every print, never spelling `avoid`."""
    for attempt in range(1000):
        stream = ""
        while len(stream) < count:
            digest = hashlib.sha256(f"{seed}:{row}:{attempt}:{len(stream)}".encode()).digest()
            stream += digest.translate(_DIGITS).decode("ascii")
        if not avoid or avoid not in stream[:count]:
            return stream[:count]
    raise AssertionError("unreachable: a row of random digits keeps spelling the year")


def draw_screen(
    canvas: Canvas,
    box: tuple[float, float, float, float],
    colour: str,
    ink: str,
    size: float,
    radius: float,
    seed: str,
    clear: float = 0.0,
    avoid: str = "",
) -> None:
    """Write rows of `size` digits a little from `colour` toward `ink` over `box` (points), clipped to its corners.

    The block's ground of `colour` is the face's form (`printing.faces`), drawn before; the top `clear` points stay
    plain, for a line of text; no row spells `avoid` (the card's own year).
    """
    x, y, width, height = box
    canvas.saveState()
    path = canvas.beginPath()
    path.roundRect(x, y, width, height, radius)
    canvas.clipPath(path, stroke=0, fill=0)
    below = canvas.beginPath()
    below.rect(x, y, width, height - clear)
    canvas.clipPath(below, stroke=0, fill=0)
    step, digit = size / ROWS_PER_LINE, unit_width("0", BOLD) * size
    # Rows from just below the box to its plain top; the clip trims what sticks out (digits sit on the baseline).
    rows = math.ceil((height - clear + 0.2 * size) / step)
    with text_block(canvas) as block:
        block.fill(_mix(colour, ink, CONTRAST))
        for row in range(rows):
            # Each row starts at its own offset, so no column of digits lines up with the date's.
            shift = (row * 0.37 % 1) * digit
            count = math.ceil((width + shift) / digit)
            block.line(_row(seed, row, count, avoid), BOLD, size, x - shift, y - 0.2 * size + row * step)
    canvas.restoreState()
