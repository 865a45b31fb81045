"""Draw one side of a Timeline card: title, theme band and picture; the date side adds the key label."""

from dataclasses import dataclass
from functools import cache, lru_cache
from weakref import WeakKeyDictionary

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engine.decks.model import Card, Deck, pick_language
from printing.fonts import BOLD, REGULAR, register_fonts
from printing.icons import draw_icon, icon_for
from printing.images import picture_form
from printing.lettering import Block, text_block
from printing.pictograms import draw_pictogram
from printing.screen import draw_screen
from printing.text import LEADING, Fitted, clean, fit, wrap
from printing.themes import POWERS, THEMES, Power, on_colour, theme_name, theme_of

PANEL = HexColor("#fbf7ee")
INK = HexColor("#1a1a1a")
MUTED = HexColor("#6b6b6b")
MIN_SIZE = 6.0  # points: nothing on a card face prints smaller, at any card size
BAND_TEXT = 0.62  # of the band's height: the theme name's size
LABEL_TEXT = 0.6  # of the foot's height: the date's size
MIN_PICTURE = 0.15  # of the card's height: below this the card is too small for its texts at MIN_SIZE
TITLE_LINES = 4
TITLE_MAX = 13.0  # points: the largest a title prints, when two lines of it fill its box
POWER_TEXT = 7.5  # points on a poker card: the largest a power's text prints


class FaceTooSmall(ValueError):
    """A card this size cannot hold its texts at MIN_SIZE and still show a picture."""


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
    power_name: float  # height of the power's name at the top of its box
    foot: tuple[float, float, float, float]


def _power_room(inner: float, scale: float, lang: str) -> tuple[float, float, float]:
    """Return the heights the longest power name and the longest power text take at MIN_SIZE, and the padding."""
    pad = 1.2 * mm * scale
    width = inner - 2 * pad
    line = MIN_SIZE * LEADING
    name = max(len(wrap(clean(pick_language(p.name, lang)), BOLD, MIN_SIZE, width)) for p in POWERS.values()) * line
    body = max(len(wrap(clean(pick_language(p.text, lang)), REGULAR, MIN_SIZE, width)) for p in POWERS.values()) * line
    return name, body, pad


@cache
def face_layout(card_mm: tuple[float, float], bleed_mm: float, with_power: bool, lang: str = "en") -> FaceLayout:
    """Lay out a card face of the given size in mm, giving every text room at MIN_SIZE at least.

    :raises FaceTooSmall: when the texts leave too little room for the picture.
    """
    register_fonts()
    width, height, bleed = card_mm[0] * mm, card_mm[1] * mm, bleed_mm * mm
    scale = min(card_mm[0] / 63, card_mm[1] / 88)
    frame = 2.2 * mm * scale
    pad = frame + 1.6 * mm * scale
    inner = width - 2 * pad
    # A small card gives its title more of its height (the picture less), so the title still reads at a glance.
    title_h = (0.18 + 0.12 * max(0.0, 1 - scale)) * height
    band_h = max(0.05 * height, MIN_SIZE / BAND_TEXT)
    foot_h = max(0.15 * height, MIN_SIZE / LABEL_TEXT, 2 * MIN_SIZE * LEADING)  # the deck's name takes two lines
    power_name, power_h = 0.0, 0.0
    if with_power:
        name, body, inset = _power_room(inner, scale, lang)
        power_h = max(0.22 * height, name + body + 2 * inset)
        power_name = max(name, min(0.34 * power_h, power_h - body - 2 * inset))
    gap = 1.2 * mm * scale
    title = (pad, height - pad - title_h, inner, title_h)
    band = (frame, title[1] - gap - band_h, width - 2 * frame, band_h)
    foot = (pad, pad, inner, foot_h)
    power = (pad, foot[1] + foot_h + gap, inner, power_h)
    bottom = (power[1] + power_h if with_power else foot[1] + foot_h) + gap
    picture = (pad, bottom, inner, band[1] - gap - bottom)
    if picture[3] < MIN_PICTURE * height:
        raise FaceTooSmall(
            f"a {card_mm[0]:g}x{card_mm[1]:g} mm card is too small to print its texts at {MIN_SIZE:g} pt or more; "
            "choose a larger size (mini-euro, 44x68 mm, is the smallest preset)"
        )
    panel = (frame, frame, width - 2 * frame, height - 2 * frame)
    return FaceLayout(width, height, bleed, scale, panel, title, band, picture, power, power_name, foot)


def titles_too_long(deck: Deck, card_mm: tuple[float, float], lang: str) -> list[str]:
    """Return the titles that would not fit their box at MIN_SIZE on a card this size (they would be cut short).

    :raises FaceTooSmall: as face_layout.
    """
    with_power = any(card.colour in POWERS for card in deck.cards)
    titles = tuple(pick_language(card.title, lang) for card in deck.cards)
    return list(_too_long(titles, card_mm, lang, with_power))


@lru_cache(maxsize=32)
def _too_long(titles: tuple[str, ...], card_mm: tuple[float, float], lang: str, with_power: bool) -> tuple[str, ...]:
    """Wrap each title once per deck and size: a print validates its spec more than once (the CLI, render, the deck)."""
    _, _, width, height = face_layout(card_mm, 0.0, with_power, lang).title
    room = min(TITLE_LINES, int((height + 1e-6) // (MIN_SIZE * LEADING)))
    cleaned = (clean(title) for title in titles)
    return tuple(title for title in cleaned if len(wrap(title, BOLD, MIN_SIZE, width)) > room)


@cache
def _tint(hex_colour: str, amount: float = 0.16) -> Color:
    colour = HexColor(hex_colour)
    return Color(*(1 - amount * (1 - v) for v in (colour.red, colour.green, colour.blue)))


@cache
def _colour(hex_colour: str) -> Color:
    return HexColor(hex_colour)


@dataclass(frozen=True)
class FaceKind:
    """What a card side shares with every other side of its colour, theme and layout: all but its own texts."""

    box: FaceLayout
    colour: str
    dated: bool
    power: str | None  # the Chronology colour whose power the side states
    band: str  # the theme's name on the band
    pictogram: str | None  # the theme whose pictogram fills the picture box, None when the card has a picture
    icon: str | None  # the theme's glyph this card shows (neighbours of a theme differ); None: the pictogram
    deck_name: str | None  # on the question side's foot
    lang: str


# The faces' forms of each document, named by their order of first use: a page's resources list the forms it places.
_FORMS: "WeakKeyDictionary[Canvas, dict[FaceKind, str]]" = WeakKeyDictionary()


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
    box = face_layout(card_mm, bleed_mm, power is not None, lang)
    theme = theme_of(card.theme, card.colour)
    colour = theme.colour
    band_theme = THEMES.get(card.theme.lower(), theme) if card.theme else theme
    picture = picture_form(canvas, card.image, box.picture[2], box.picture[3])
    deck_name = None if dated else pick_language(deck.title, lang)
    band = theme_name(band_theme, lang).upper()
    icon = None if picture else icon_for(deck, card, theme.key)
    pictogram = None if picture or icon else theme.key
    # The icon is a form of its own over the theme's face form, so a theme's faces still share one form.
    kind = FaceKind(box, colour, dated, card.colour if power else None, band, pictogram, None, deck_name, lang)
    canvas.doForm(_face_form(canvas, kind))
    if icon is not None:
        x, y, width, height = box.picture
        side = min(width, height) * 0.62
        draw_icon(canvas, icon, colour, x + (width - side) / 2, y + (height - side) / 2, side)
    if picture is not None:
        canvas.saveState()
        canvas.translate(box.picture[0], box.picture[1])
        canvas.doForm(picture)
        canvas.restoreState()
    label_size = max(min(box.foot[3] * LABEL_TEXT, 0.09 * box.height), MIN_SIZE)
    with text_block(canvas) as block:
        block.fill(INK)
        title = fit(pick_language(card.title, lang), BOLD, *box.title[2:], title_max(box), MIN_SIZE, TITLE_LINES)
        block.fitted(title, BOLD, box.title)
        if dated:
            block.fill(_colour(on_colour(colour)))
            block.fitted(fit(deck.label(card, lang), BOLD, *box.foot[2:], label_size, MIN_SIZE, 1), BOLD, box.foot)
    if not dated:
        # The question side's foot lies right in front of the date: screen it (its ground and the deck's name along
        # its top are in the face's form).
        year = "" if card.year is None else str(abs(card.year))
        draw_screen(
            canvas,
            box.foot,
            colour,
            on_colour(colour),
            label_size,
            1.5 * mm * box.scale,
            card.id,
            _name_height(box),
            year,
        )


def title_max(box: FaceLayout) -> float:
    """The largest size a title may take: two lines of it fill the title's box, up to TITLE_MAX."""
    return max(min(TITLE_MAX, box.title[3] / (2 * LEADING)), MIN_SIZE)


def _name_height(box: FaceLayout) -> float:
    """The plain strip along the top of the question side's foot, for the deck's name above the date's digits."""
    return max(MIN_SIZE * LEADING + 2, box.foot[3] * 0.27)


def _face_form(canvas: Canvas, kind: FaceKind) -> str:
    """Return the form of what every card side of this kind shares, defining it on first use.

    The bleed, the panel, the theme band and its name, the picture's ground and pictogram, the power box with its
    texts, and the foot (the date side's, or the question side's ground of the screen with the deck's name) are
    drawn once per document and placed by each card, rather than written out again for every card.
    """
    forms = _FORMS.get(canvas)
    if forms is None:
        forms = _FORMS[canvas] = {}
    name = forms.get(kind)
    if name is not None:
        return name
    name = forms[kind] = f"face{len(forms)}"
    box, colour, s = kind.box, _colour(kind.colour), kind.box.scale
    on = _colour(on_colour(kind.colour))
    # The form's box reaches 1 pt past the bleed: a clip on the bleed's edge would show as a seam between two cards.
    edge = box.bleed + 1
    canvas.beginForm(name, -edge, -edge, box.width + edge, box.height + edge)
    canvas.setFillColor(colour)
    canvas.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
    canvas.setFillColor(PANEL)
    canvas.roundRect(*box.panel, radius=2 * mm * s, stroke=0, fill=1)
    canvas.setFillColor(colour)
    canvas.rect(*box.band, stroke=0, fill=1)
    canvas.setFillColor(_tint(kind.colour))
    canvas.rect(*box.picture, stroke=0, fill=1)
    if kind.power is not None:
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(0.8 * s)
        canvas.roundRect(*box.power, radius=1.2 * mm * s, stroke=1, fill=0)
    canvas.setFillColor(colour)
    canvas.roundRect(*box.foot, radius=1.5 * mm * s, stroke=0, fill=1)
    with text_block(canvas) as block:
        block.fill(on)
        block.fitted(fit(kind.band, BOLD, *box.band[2:], box.band[3] * BAND_TEXT, MIN_SIZE, 1), BOLD, box.band)
        if kind.deck_name is not None:
            x, y, width, height = box.foot
            strip = (x, y + height - _name_height(box), width, _name_height(box))
            block.fitted(fit(kind.deck_name, BOLD, *strip[2:], max(6.5 * s, MIN_SIZE), MIN_SIZE, 1), BOLD, strip)
        if kind.power is not None:
            _draw_power(block, POWERS[kind.power], kind.colour, kind.lang, box)
    if kind.pictogram is not None:
        x, y, width, height = box.picture
        side = min(width, height) * 0.72
        if kind.icon is not None:
            side = min(width, height) * 0.62
            draw_icon(canvas, kind.icon, kind.colour, x + (width - side) / 2, y + (height - side) / 2, side)
        else:
            draw_pictogram(canvas, kind.pictogram, kind.colour, x + (width - side) / 2, y + (height - side) / 2, side)
    canvas.endForm()
    return name


def power_setting(power: Power, lang: str, box: FaceLayout) -> tuple[Fitted, Fitted, float, float]:
    """The power's name and text as large as they fit, the top of the name and the gap under it: the two set as one
    block, the text right under the name, the block centred in the box (no empty band between name and text)."""
    x, y, width, height = box.power
    s = box.scale
    pad = 1.2 * mm * s
    inner = width - 2 * pad
    name = fit(pick_language(power.name, lang), BOLD, inner, box.power_name, max(8 * s, MIN_SIZE), MIN_SIZE, 2)
    room = height - 2 * pad - name.height
    text = fit(pick_language(power.text, lang), REGULAR, inner, room, max(POWER_TEXT * s, MIN_SIZE), MIN_SIZE)
    gap = min(0.3 * text.size, max(0.0, room - text.height))
    top = y + height - pad - (height - 2 * pad - name.height - gap - text.height) / 2
    return name, text, top, gap


def _draw_power(block: Block, power: Power, colour: str, lang: str, box: FaceLayout) -> None:
    x, _, width, _ = box.power
    pad = 1.2 * mm * box.scale
    name, text, top, gap = power_setting(power, lang, box)
    block.fill(_colour(colour) if on_colour(colour) == "#ffffff" else INK)
    block.fitted(name, BOLD, (x + pad, top - name.height, width - 2 * pad, name.height))
    block.fill(INK)
    block.fitted(text, REGULAR, (x + pad, top - name.height - gap - text.height, width - 2 * pad, text.height))
