"""The paper, card sizes and duplex modes a sheet can be planned for, in millimetres."""

import re
from dataclasses import dataclass

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63, 88),
    "bridge": (57, 89),
    "mini-euro": (44, 68),
    "tarot": (70, 120),
}
PAPERS: dict[str, tuple[float, float]] = {"a4": (210, 297), "letter": (215.9, 279.4)}
DUPLEX_MODES = ("long", "short", "fold", "none")

CUSTOM_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class PrintOptions:
    """A checked spec in the planner's units (millimetres)."""

    paper: str
    card: tuple[float, float]
    duplex: str
    bleed: float | None  # None: the most bleed, up to 3 mm, that keeps the most cards on a sheet
    back_offset: tuple[float, float]
    lang: str

    @property
    def paper_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]


def card_size(size: str) -> tuple[float, float] | None:
    """Return the card size in mm named by a preset or "WxH", or None if it names none."""
    if size.lower() in CARD_SIZES:
        return CARD_SIZES[size.lower()]
    match = CUSTOM_SIZE.match(size)
    return (float(match[1]), float(match[2])) if match else None
