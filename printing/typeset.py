"""Set headed lists of rules onto card faces, or fail: never shrink below a readable size, never cut."""

from collections.abc import Sequence
from dataclasses import dataclass

from printing.fonts import BOLD, REGULAR, register_fonts
from printing.text import LEADING, SIZE_STEP, Fitted, clean, unit_width, wrap

BULLET = "•"
HEADING_SCALE = 1.12
ITEM_GAP = 0.2  # of the body size, after each item
SECTION_GAP = 0.55  # of the body size, before a heading that does not open a face


class TextOverflow(ValueError):
    """A text does not fit its box at the smallest size allowed."""


@dataclass(frozen=True)
class Section:
    """A heading and its items (each one paragraph, printed with a bullet)."""

    heading: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    """One line to draw: `x` from the box's left, `baseline` down from the box's top, in points."""

    text: str
    font: str
    size: float
    x: float
    baseline: float


@dataclass(frozen=True)
class Setting:
    """Sections set on one or more faces at one body size."""

    faces: tuple[tuple[Line, ...], ...]
    size: float


def fit_or_fail(
    text: str, font: str, box: tuple[float, float], max_size: float, min_size: float, max_lines: int = 1
) -> Fitted:
    """Return `text` wrapped at the largest size from `max_size` down to `min_size` that fits (width, height).

    :raises TextOverflow: when even `min_size` does not fit.
    """
    register_fonts()
    width, height = box
    text = clean(text)
    size = max_size
    while size >= min_size - 1e-9:
        lines = wrap(text, font, size, width)
        if len(lines) <= max_lines and len(lines) * size * LEADING <= height + 1e-6:
            return Fitted(tuple(lines), size)
        size -= SIZE_STEP
    raise TextOverflow(f"{text!r} does not fit {width:.0f}x{height:.0f} pt at {min_size:g} pt or more")


def _set_unit(
    heading: str | None, item: str, size: float, width: float, top: float, opens_face: bool
) -> tuple[list[Line], float]:
    """Set an item (with its section's heading, if it is the first) from `top`; return its lines and new top."""
    lines: list[Line] = []
    if heading is not None:
        heading_size = size * HEADING_SCALE
        top += 0 if opens_face else size * SECTION_GAP
        for text in wrap(clean(heading), BOLD, heading_size, width):
            lines.append(Line(text, BOLD, heading_size, 0.0, top + heading_size * 0.9))
            top += heading_size * LEADING
    indent = unit_width(BULLET + " ", REGULAR) * size
    texts = wrap(clean(item), REGULAR, size, width - indent)
    lines.append(Line(BULLET, REGULAR, size, 0.0, top + size * 0.9))
    for i, text in enumerate(texts):
        lines.append(Line(text, REGULAR, size, indent, top + size * 0.9 + i * size * LEADING))
    return lines, top + len(texts) * size * LEADING + size * ITEM_GAP


def _units(sections: Sequence[Section]) -> list[tuple[str | None, str]]:
    """Keep each heading with its first item, so no heading ends a face."""
    return [(section.heading if i == 0 else None, item) for section in sections for i, item in enumerate(section.items)]


def set_at(
    sections: Sequence[Section], size: float, box: tuple[float, float], max_faces: int
) -> tuple[tuple[Line, ...], ...] | None:
    """Set the sections at one body size, filling faces in order; None if they need more than `max_faces`."""
    register_fonts()
    width, height = box
    faces: list[list[Line]] = [[]]
    top = 0.0
    for heading, item in _units(sections):
        lines, bottom = _set_unit(heading, item, size, width, top, not faces[-1])
        if bottom - size * ITEM_GAP > height + 1e-6:
            if not faces[-1]:
                return None
            faces.append([])
            if len(faces) > max_faces:
                return None
            lines, bottom = _set_unit(heading, item, size, width, 0.0, True)
            if bottom - size * ITEM_GAP > height + 1e-6:
                return None
        faces[-1].extend(lines)
        top = bottom
    return tuple(tuple(face) for face in faces)


def set_sections(
    sections: Sequence[Section],
    box: tuple[float, float],
    max_size: float,
    min_size: float,
    one_face_min: float,
    max_faces: int = 2,
) -> Setting:
    """Set the sections on one face at `one_face_min` or more, else on up to `max_faces` at the largest size.

    :raises TextOverflow: when they need more faces even at `min_size`.
    """
    steps = int(round((max_size - min_size) / SIZE_STEP))
    sizes = [max_size - i * SIZE_STEP for i in range(steps + 1)]
    for size in (s for s in sizes if s >= one_face_min - 1e-9):
        faces = set_at(sections, size, box, 1)
        if faces is not None:
            return Setting(faces, size)
    for size in sizes:
        faces = set_at(sections, size, box, max_faces)
        if faces is not None:
            return Setting(faces, size)
    raise TextOverflow(f"the text needs more than {max_faces} faces at {min_size:g} pt")
