"""Estimate what rendering a print spec costs, before anything is queued: pages, card sides, text and pictures.

The rates are seconds on the project's machine (2 Xeon cores, ReportLab without its C accelerator), measured by
`bench/bench_print_cost.py` and rounded up, so the estimate errs high. A spec over BUDGET is refused; one up to
SMALL goes to the small jobs' queue, which has a worker of its own.
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.decks import store
from engine.decks.model import Deck, pick_language
from engine.decks.part import part_of
from printing.faces import face_layout
from printing.images import picture_header, print_pixels
from printing.kit_spec import kit_parts
from printing.sheet import plan_sheet
from printing.spec import to_options, validate
from printing.themes import theme_name, theme_of

PER_PAGE = 0.005
PER_CARD_SIDE = 0.004
PER_TEXT_CHAR = 1e-6
PER_PICTURE = 0.02
PER_DECODED_BYTE = {"PNG": 40e-9, "JPEG": 15e-9}  # decoding and shrinking, per byte of the picture as stored
PER_PRINTED_PIXEL = 500e-9  # the shrunk picture, put into the PDF (compressed, hashed)
# Each scan of a JPEG beyond the 10 of libjpeg's progressive pictures (what the JPEG rate was measured with) is one
# more pass over all its pixels, at full size even when decoded at a reduced scale.
PER_SCANNED_PIXEL = 3e-9
MEASURED_SCANS = 10
BYTES_PER_PIXEL = {"1": 0.125, "L": 1, "P": 1, "LA": 2, "I;16": 2, "I;16B": 2, "I": 4, "RGB": 3, "RGBA": 4, "CMYK": 4}
PER_SCORE_SHEET = 0.002  # the blank sheet is one form, drawn once
FIXED = 0.3  # fonts, forms and the file itself
BUDGET = 30.0
SMALL = 3.0


@dataclass(frozen=True)
class Cost:
    """What a spec asks the printer to do, and how many seconds that takes here."""

    pages: int
    card_sides: int = 0
    text: int = 0  # characters fitted onto cards
    pictures: int = 0  # distinct pictures, each decoded once
    picture_pixels: int = 0  # their pixels as stored, before shrinking to print size
    scanned_pixels: int = 0  # their pixels times their scans: what decoding them passes over
    seconds: float = 0.0

    @property
    def small(self) -> bool:
        return self.seconds <= SMALL

    @property
    def over_budget(self) -> bool:
        return self.seconds > BUDGET

    def as_dict(self) -> dict[str, Any]:
        return {
            "pages": self.pages,
            "card_sides": self.card_sides,
            "text": self.text,
            "pictures": self.pictures,
            "picture_pixels": self.picture_pixels,
            "scanned_pixels": self.scanned_pixels,
            "seconds": round(self.seconds, 2),
        }


def estimate(spec: Mapping[str, Any], deck: Deck | None = None) -> Cost:
    """Estimate a normalised spec (see `printing.validate`); `deck` stands in for its "deck" id."""
    if spec["kind"] == "deck":
        return deck_cost(part_of(deck or store.get_deck(spec["deck"]), spec.get("part")), spec)
    if spec["kind"] == "kit":
        return kit_cost(spec, deck)
    if spec["kind"] == "score-sheets":
        pages = math.ceil(spec["count"] / spec["per_page"])
        return Cost(pages, seconds=FIXED + spec["count"] * PER_SCORE_SHEET)
    return Cost(2, seconds=FIXED + 2 * PER_PAGE)  # calibration and reference cards: one sheet, front and back


def kit_cost(kit: Mapping[str, Any], deck: Deck | None = None) -> Cost:
    """The sum of a kit's parts, each estimated as printed alone (each pays FIXED: the estimate errs high)."""
    costs = [
        estimate(validate(part, deck if part["kind"] == "deck" else None), deck if part["kind"] == "deck" else None)
        for _, part in kit_parts(kit)
    ]
    names = ("pages", "card_sides", "text", "pictures", "picture_pixels", "scanned_pixels")
    sums = {name: sum(getattr(cost, name) for cost in costs) for name in names}
    return Cost(**sums, seconds=sum(cost.seconds for cost in costs))


def deck_cost(deck: Deck, spec: Mapping[str, Any]) -> Cost:
    """Estimate printing every card of `deck` with a normalised deck spec."""
    plan = plan_sheet(to_options(spec))
    lang = spec["language"]
    sheets = math.ceil(len(deck.cards) / plan.per_sheet)
    pages = sheets * (1 if plan.fold else 2)
    sides = 2 * len(deck.cards)
    text = len(pick_language(deck.title, lang))
    pictures: dict[str, tuple[str, str, int, int, int]] = {}
    for card in deck.cards:
        text += len(pick_language(card.title, lang)) + len(theme_name(theme_of(card.theme, card.colour), lang))
        text += len(card.theme) + len(deck.label(card, lang))
        if card.image and card.image not in pictures and (header := picture_header(card.image)):
            pictures[card.image] = header
    box = face_layout(plan.card, plan.bleed, False, lang).picture
    printed = math.prod(print_pixels(box[2], box[3]))
    pixels = sum(width * height for _, _, width, height, _ in pictures.values())
    scanned = sum(width * height * scans for _, _, width, height, scans in pictures.values())
    seconds = (
        FIXED
        + pages * PER_PAGE
        + sides * PER_CARD_SIDE
        + text * PER_TEXT_CHAR
        + sum(_picture_seconds(header, printed) for header in pictures.values())
    )
    return Cost(pages, sides, text, len(pictures), pixels, scanned, seconds)


def _picture_seconds(header: tuple[str, str, int, int, int], printed: int) -> float:
    kind, mode, width, height, scans = header
    decoded = width * height * BYTES_PER_PIXEL.get(mode, 8)
    passes = max(0, scans - MEASURED_SCANS) * width * height * PER_SCANNED_PIXEL
    return PER_PICTURE + decoded * PER_DECODED_BYTE[kind] + passes + min(width * height, printed) * PER_PRINTED_PIXEL
