"""Plan where the cards of one sheet go, on the front page and on the back, in millimetres."""

import math
from dataclasses import dataclass

from printing.options import PrintOptions

EDGE = 5.0  # most home printers cannot print nearer the paper's edge: no mark or text goes there
MARK_GAP = 0.5  # crop marks stop this far short of the bleed
MARK_LENGTH = 5.0
MARK_MIN_LENGTH = 2.0  # a shorter mark is hard to cut along
MARK_EDGE_CLEARANCE = 0.5  # marks of the two halves of a fold layout stop this far short of the fold line
MARGIN = EDGE + MARK_GAP + MARK_MIN_LENGTH  # paper edge (or fold line) to the nearest bleed edge
DEFAULT_BLEED = 3.0
BLEED_STEP = 0.5
# White space left between neighbouring cards' bleeds where the sheet has room, so a miscut shows paper rather
# than the neighbour's colours; trims nearer than APART_MIN are said to touch (in the slug).
GUTTER = 2.0
APART_MIN = 1.0
SLUG_ROOM = 3.0  # of the margins' spare length, kept out of the gutters for the slug's line (6 pt and clearances)
EPSILON = 1e-9


class SheetError(ValueError):
    """The cards do not fit on the paper."""


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in mm, origin at the page's bottom-left as in PDF."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, by: float) -> "Rect":
        return Rect(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)

    def mirror_x(self, axis: float) -> "Rect":
        """Reflect across the vertical line x = axis."""
        return Rect(2 * axis - self.right, self.y, self.w, self.h)

    def mirror_y(self, axis: float) -> "Rect":
        """Reflect across the horizontal line y = axis."""
        return Rect(self.x, 2 * axis - self.top, self.w, self.h)

    def shift(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def overlaps(self, other: "Rect") -> bool:
        """Tell whether the two share any area (touching edges do not count)."""
        return (
            self.x < other.right - EPSILON
            and other.x < self.right - EPSILON
            and self.y < other.top - EPSILON
            and other.y < self.top - EPSILON
        )


def bounds(rects: list[Rect]) -> Rect:
    """Return the smallest rectangle holding all of `rects`."""
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.top for r in rects) - y)


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float

    def mirror_x(self, axis: float) -> "Segment":
        return Segment(2 * axis - self.x1, self.y1, 2 * axis - self.x2, self.y2)

    def mirror_y(self, axis: float) -> "Segment":
        return Segment(self.x1, 2 * axis - self.y1, self.x2, 2 * axis - self.y2)

    def crosses(self, rect: Rect) -> bool:
        """Tell whether this horizontal or vertical segment runs through the inside of `rect`."""
        box = Rect(min(self.x1, self.x2), min(self.y1, self.y2), abs(self.x2 - self.x1), abs(self.y2 - self.y1))
        inside_x = rect.x + EPSILON < box.right and box.x < rect.right - EPSILON
        inside_y = rect.y + EPSILON < box.top and box.y < rect.top - EPSILON
        return inside_x and inside_y


@dataclass(frozen=True)
class Slot:
    """Where one card goes: its trim box on the front and on the back, and whether the back is turned 180°."""

    front: Rect
    back: Rect
    back_turned: bool


@dataclass(frozen=True)
class SheetPlan:
    page: tuple[float, float]  # width, height in mm as the sheet lies (landscape when wider)
    card: tuple[float, float]
    bleed: float
    duplex: str
    columns: int
    rows: int
    slots: tuple[Slot, ...]
    front_marks: tuple[Segment, ...]
    back_marks: tuple[Segment, ...]
    fold: Segment | None  # the fold line of the "fold" layout, where fronts and backs share one page
    gutter: tuple[float, float] = (0.0, 0.0)  # white space between neighbouring bleeds: across, down

    @property
    def touching(self) -> tuple[bool, bool]:
        """Whether neighbouring cards' trims lie nearer than APART_MIN: side by side, one above the other."""
        return (
            self.columns > 1 and 2 * self.bleed + self.gutter[0] < APART_MIN - EPSILON,
            self.rows > 1 and 2 * self.bleed + self.gutter[1] < APART_MIN - EPSILON,
        )

    @property
    def per_sheet(self) -> int:
        return len(self.slots)

    @property
    def landscape(self) -> bool:
        return self.page[0] > self.page[1]


@dataclass(frozen=True)
class _Layout:
    page: tuple[float, float]
    area: Rect  # where the front grid goes: the whole page, or the fronts' half of a fold layout
    fold: str  # "", "across" (horizontal fold line) or "down" (vertical fold line)


def plan_sheet(options: PrintOptions) -> SheetPlan:
    """Choose the orientation (and bleed, when not given) that fits the most cards, and place them.

    :raises SheetError: when not even one card fits.
    """
    card = options.card
    layouts = _layouts(options.paper_size, options.duplex)
    if options.bleed is None:
        most = max(_count(layout.area, card, 0.0) for layout in layouts)
        steps = [DEFAULT_BLEED - i * BLEED_STEP for i in range(int(DEFAULT_BLEED / BLEED_STEP) + 1)]
        bleed = next(b for b in steps if any(_count(layout.area, card, b) == most for layout in layouts))
    else:
        bleed = options.bleed
    best = max(layouts, key=lambda layout: _count(layout.area, card, bleed))  # first wins a tie: portrait
    if _count(best.area, card, bleed) == 0:
        raise SheetError(
            f"a {card[0]:g}x{card[1]:g} mm card with {bleed:g} mm bleed does not fit on "
            f"{options.paper.upper()} paper{' folded in half' if options.duplex == 'fold' else ''}"
        )
    return _place(best, card, bleed, options.duplex)


def _layouts(paper: tuple[float, float], duplex: str) -> list[_Layout]:
    layouts = []
    for width, height in (paper, (paper[1], paper[0])):
        if duplex != "fold":
            layouts.append(_Layout((width, height), Rect(0, 0, width, height), ""))
            continue
        layouts.append(_Layout((width, height), Rect(0, height / 2, width, height / 2), "across"))
        layouts.append(_Layout((width, height), Rect(0, 0, width / 2, height), "down"))
    return layouts


def _fit(length: float, side: float, bleed: float) -> int:
    return max(0, math.floor((length - 2 * MARGIN + EPSILON) / (side + 2 * bleed)))


def _count(area: Rect, card: tuple[float, float], bleed: float) -> int:
    return _fit(area.w, card[0], bleed) * _fit(area.h, card[1], bleed)


def _place(layout: _Layout, card: tuple[float, float], bleed: float, duplex: str) -> SheetPlan:
    area, (width, height) = layout.area, layout.page
    columns, rows = _fit(area.w, card[0], bleed), _fit(area.h, card[1], bleed)
    pitch_x, pitch_y = card[0] + 2 * bleed, card[1] + 2 * bleed
    gutter = (_gutter(area.w, columns, pitch_x), _gutter(area.h, rows, pitch_y))
    step_x, step_y = pitch_x + gutter[0], pitch_y + gutter[1]
    left = area.x + (area.w - columns * step_x + gutter[0]) / 2
    top = area.top - (area.h - rows * step_y + gutter[1]) / 2
    fronts = [
        Rect(left + column * step_x + bleed, top - row * step_y - pitch_y + bleed, card[0], card[1])
        for row in range(rows)
        for column in range(columns)
    ]
    front_marks = crop_marks(fronts, bleed, area, layout.page)
    flip, fold = _flip(layout, duplex)
    if flip == "y":
        axis = area.y if layout.fold else height / 2
        slots = [Slot(f, f.mirror_y(axis), True) for f in fronts]
        back_marks = [m.mirror_y(axis) for m in front_marks]
    elif flip == "x":
        axis = area.right if layout.fold else width / 2
        slots = [Slot(f, f.mirror_x(axis), False) for f in fronts]
        back_marks = [m.mirror_x(axis) for m in front_marks]
    else:  # "none": backs print one-sided at the fronts' places, to be cut out and glued
        slots = [Slot(f, f, False) for f in fronts]
        back_marks = front_marks
    return SheetPlan(
        (width, height),
        card,
        bleed,
        duplex,
        columns,
        rows,
        tuple(slots),
        tuple(front_marks),
        tuple(back_marks),
        fold,
        gutter,
    )


def _gutter(length: float, count: int, pitch: float) -> float:
    """The gutter the margins leave room for between `count` cards along `length`, in tenths of a mm, at most GUTTER."""
    if count < 2:
        return 0.0
    spare = (length - 2 * MARGIN - SLUG_ROOM - count * pitch + EPSILON) / (count - 1)
    return max(0.0, min(GUTTER, math.floor(spare * 10) / 10))


# A back goes where it lands behind its front once the sheet turns over (in the duplex unit, or by
# folding), and must read upright when the cut card turns over its own vertical axis like a book's
# page; so where the sheet turns over a horizontal axis ("y"), the back is drawn turned 180°.
def _flip(layout: _Layout, duplex: str) -> tuple[str, Segment | None]:
    """Return the page axis a card's back is mirrored along ("x", "y" or "") and the fold line, if any."""
    width, height = layout.page
    if layout.fold == "across":
        return "y", Segment(EDGE, layout.area.y, width - EDGE, layout.area.y)
    if layout.fold == "down":
        return "x", Segment(layout.area.right, EDGE, layout.area.right, height - EDGE)
    if duplex == "none":
        return "", None
    # A printer turns the sheet over its physical long or short edge; on a landscape page the long
    # edge runs along x, so a long-edge flip mirrors y there.
    long_edge_vertical = height >= width
    return ("x" if (duplex == "long") == long_edge_vertical else "y"), None


def crop_marks(trims: list[Rect], bleed: float, area: Rect, page: tuple[float, float]) -> list[Segment]:
    """Return the marks extending every cut line into the margin around the grid, clear of all bleed.

    Marks stop EDGE short of the paper's edges, where home printers cannot print, and just short of a fold line.
    """
    grid = bounds(trims).grow(bleed)
    xs = sorted({round(v, 6) for r in trims for v in (r.x, r.right)})
    ys = sorted({round(v, 6) for r in trims for v in (r.y, r.top)})

    def clearance(edge: float, paper_edge: float) -> float:
        return EDGE if abs(edge - paper_edge) < EPSILON else MARK_EDGE_CLEARANCE

    marks = []
    for start, room, direction in (
        (grid.y - MARK_GAP, grid.y - area.y - clearance(area.y, 0), -1),
        (grid.top + MARK_GAP, area.top - grid.top - clearance(area.top, page[1]), 1),
    ):
        length = min(MARK_LENGTH, room - MARK_GAP)
        marks += [Segment(x, start, x, start + direction * length) for x in xs if length > 0]
    for start, room, direction in (
        (grid.x - MARK_GAP, grid.x - area.x - clearance(area.x, 0), -1),
        (grid.right + MARK_GAP, area.right - grid.right - clearance(area.right, page[0]), 1),
    ):
        length = min(MARK_LENGTH, room - MARK_GAP)
        marks += [Segment(start, y, start + direction * length, y) for y in ys if length > 0]
    return marks
