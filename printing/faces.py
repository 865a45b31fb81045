"""Draw one side of a Timeline card: title, theme band and picture; the date side adds the key label."""

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engine.decks.model import Card, Deck, pick_language
from printing.fonts import BOLD, REGULAR
from printing.images import card_image
from printing.pictograms import draw_pictogram
from printing.text import draw_text
from printing.themes import POWERS, THEMES, Power, on_colour, theme_name, theme_of

PANEL = HexColor("#fbf7ee")
INK = HexColor("#1a1a1a")
MUTED = HexColor("#6b6b6b")


@dataclass(frozen=True)
class FaceLayout:
    """Boxes (x, y, width, height) in points, relative to the card's trim box at (0, 0)."""

    width: float
    height: float
    bleed: float
    scale: float  # 1 for a poker card; font sizes follow it
    panel: tuple[float, float, float, float]
    title: tuple[float, float, float, float]
    band: tuple[float, float, float, float]
    picture: tuple[float, float, float, float]
    power: tuple[float, float, float, float]
    foot: tuple[float, float, float, float]


@cache
def face_layout(card_mm: tuple[float, float], bleed_mm: float, with_power: bool) -> FaceLayout:
    """Lay out a card face of the given size in mm."""
    width, height, bleed = card_mm[0] * mm, card_mm[1] * mm, bleed_mm * mm
    scale = min(card_mm[0] / 63, card_mm[1] / 88)
    frame = 2.2 * mm * scale
    pad = frame + 1.6 * mm * scale
    inner = width - 2 * pad
    title_h = 0.18 * height
    band_h = 0.05 * height
    foot_h = 0.15 * height
    power_h = 0.22 * height if with_power else 0.0
    gap = 1.2 * mm * scale
    title = (pad, height - pad - title_h, inner, title_h)
    band = (frame, title[1] - gap - band_h, width - 2 * frame, band_h)
    foot = (pad, pad, inner, foot_h)
    power = (pad, foot[1] + foot_h + gap, inner, power_h)
    bottom = (power[1] + power_h if with_power else foot[1] + foot_h) + gap
    picture = (pad, bottom, inner, band[1] - gap - bottom)
    panel = (frame, frame, width - 2 * frame, height - 2 * frame)
    return FaceLayout(width, height, bleed, scale, panel, title, band, picture, power, foot)


@cache
def _tint(hex_colour: str, amount: float = 0.16) -> Color:
    colour = HexColor(hex_colour)
    return Color(*(1 - amount * (1 - v) for v in (colour.red, colour.green, colour.blue)))


def draw_face(
    canvas: Canvas,
    deck: Deck,
    card: Card,
    dated: bool,
    lang: str,
    card_mm: tuple[float, float],
    bleed_mm: float,
) -> None:
    """Draw the card with its trim box's bottom-left corner at the origin; `dated` draws the date side."""
    power = POWERS.get(card.colour or "")
    box = face_layout(card_mm, bleed_mm, power is not None)
    theme = theme_of(card.theme, card.colour)
    colour = theme.colour
    s = box.scale

    canvas.setFillColor(HexColor(colour))
    canvas.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
    canvas.setFillColor(PANEL)
    canvas.roundRect(*box.panel, radius=2 * mm * s, stroke=0, fill=1)

    canvas.setFillColor(INK)
    draw_text(canvas, pick_language(card.title, lang), BOLD, box.title, 12 * s, 5, max_lines=4)

    canvas.setFillColor(HexColor(colour))
    canvas.rect(*box.band, stroke=0, fill=1)
    band_theme = THEMES.get(card.theme.lower(), theme) if card.theme else theme
    canvas.setFillColor(HexColor(on_colour(colour)))
    draw_text(canvas, theme_name(band_theme, lang).upper(), BOLD, box.band, box.band[3] * 0.62, 3, max_lines=1)

    _draw_picture(canvas, card, theme.key, colour, box)
    if power is not None:
        _draw_power(canvas, power, colour, lang, box)
    if dated:
        canvas.setFillColor(HexColor(colour))
        canvas.roundRect(*box.foot, radius=1.5 * mm * s, stroke=0, fill=1)
        canvas.setFillColor(HexColor(on_colour(colour)))
        draw_text(canvas, deck.label(card, lang), BOLD, box.foot, box.foot[3] * 0.6, 5, max_lines=1)
    else:
        canvas.setFillColor(MUTED)
        draw_text(canvas, pick_language(deck.title, lang), REGULAR, box.foot, 6.5 * s, 3.5, max_lines=2)


def _draw_picture(canvas: Canvas, card: Card, key: str, colour: str, box: FaceLayout) -> None:
    x, y, width, height = box.picture
    canvas.setFillColor(_tint(colour))
    canvas.rect(x, y, width, height, stroke=0, fill=1)
    image = card_image(card.image)
    if image is not None:
        canvas.drawImage(image, x, y, width, height, preserveAspectRatio=True, anchor="c", mask="auto")
        return
    side = min(width, height) * 0.72
    draw_pictogram(canvas, key, colour, x + (width - side) / 2, y + (height - side) / 2, side)


def _draw_power(canvas: Canvas, power: Power, colour: str, lang: str, box: FaceLayout) -> None:
    x, y, width, height = box.power
    s = box.scale
    canvas.setStrokeColor(HexColor(colour))
    canvas.setLineWidth(0.8 * s)
    canvas.roundRect(x, y, width, height, radius=1.2 * mm * s, stroke=1, fill=0)
    pad = 1.2 * mm * s
    name_h = height * 0.34
    canvas.setFillColor(HexColor(colour) if on_colour(colour) == "#ffffff" else INK)
    draw_text(
        canvas,
        pick_language(power.name, lang),
        BOLD,
        (x + pad, y + height - name_h, width - 2 * pad, name_h),
        8 * s,
        4,
        max_lines=2,
    )
    canvas.setFillColor(INK)
    draw_text(
        canvas,
        pick_language(power.text, lang),
        REGULAR,
        (x + pad, y + pad, width - 2 * pad, height - name_h - pad),
        6.5 * s,
        3.5,
    )
