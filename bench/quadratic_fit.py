"""The text fitting deskovka used before 2026-11-30, the "before" contender of `bench_print_cost.py --fit`.

Its ellipsis dropped one character at a time from the whole rest of the text and measured what was left again,
so a text too long for its box cost the square of its length.
"""

from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from printing.text import ELLIPSIS, LEADING, SIZE_STEP, Fitted, clean, unit_width


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    room = width / size
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


@lru_cache(maxsize=8192)
def fit(
    text: str, font: str, width: float, height: float, max_size: float, min_size: float, max_lines: int = 99
) -> Fitted:
    text = clean(text)
    steps = int(round((max_size - min_size) / SIZE_STEP))
    sizes = [max_size - i * SIZE_STEP for i in range(steps + 1)]
    low, high = 0, len(sizes)
    while low < high:
        middle = (low + high) // 2
        lines = wrap(text, font, sizes[middle], width)
        if len(lines) <= max_lines and len(lines) * sizes[middle] * LEADING <= height + 1e-6:
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
    if stringWidth(line, font, size) <= width:
        return line
    while line and stringWidth(line.rstrip() + ELLIPSIS, font, size) > width:
        line = line[:-1]
    return line.rstrip() + ELLIPSIS
