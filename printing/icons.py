"""Pictograms from an icon font: several per theme, a card's chosen by its place among its theme's cards, so that
neighbouring cards of one theme differ (the glyphs, their font, source and licence named in icons.json)."""

import json
from functools import cache
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from engine.decks.model import Card, Deck

ICONS = Path(__file__).with_name("icons.json")
FONT = "FontAwesomeSolid"
# Font Awesome draws each glyph in an em square sitting from -1/8 to 7/8 of the size around the baseline.
BELOW = 0.125
# The decks whose cards' places were counted lately (a deck and a part of it are different objects).
_RANKS: dict[int, tuple[Deck, dict[str, int]]] = {}
KEPT = 8
SIZE = 100.0  # each glyph's form is drawn at this size, then scaled


@cache
def _data() -> dict:
    return json.loads(ICONS.read_text(encoding="utf-8"))


@cache
def _register() -> None:
    import fontawesomefree

    folder = Path(fontawesomefree.__file__).parent
    pdfmetrics.registerFont(TTFont(FONT, str(folder / _data()["font"])))


def _ranks(deck: Deck) -> dict[str, int]:
    found = _RANKS.get(id(deck))
    if found is not None and found[0] is deck:
        return found[1]
    counted: dict[str, int] = {}
    ranks = {}
    for card in deck.cards:
        key = card.colour or card.theme
        ranks[card.id] = counted.get(key, 0)
        counted[key] = ranks[card.id] + 1
    if len(_RANKS) >= KEPT:
        _RANKS.pop(next(iter(_RANKS)))
    _RANKS[id(deck)] = (deck, ranks)
    return ranks


def icon_for(deck: Deck, card: Card, key: str) -> str | None:
    """The glyph of `card` (a theme's or Chronology colour's `key`), or None where the theme has no icons."""
    icons = _data()["themes"].get(key)
    if not icons:
        return None
    return chr(int(icons[_ranks(deck)[card.id] % len(icons)]["code"], 16))


def draw_icon(canvas: Canvas, glyph: str, colour: str, x: float, y: float, size: float) -> None:
    """Draw the glyph centred in the square of `size` at (x, y), from a form defined once per glyph and colour."""
    _register()
    name = f"icon-{ord(glyph):x}-{colour.lstrip('#')}"
    if not canvas.hasForm(name):
        canvas.beginForm(name, 0, -BELOW * SIZE, SIZE, SIZE)
        canvas.setFillColor(HexColor(colour))
        canvas.setFont(FONT, SIZE)
        canvas.drawCentredString(SIZE / 2, SIZE * BELOW, glyph)
        canvas.endForm()
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size / SIZE, size / SIZE)
    canvas.doForm(name)
    canvas.restoreState()
