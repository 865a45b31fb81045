"""Time the deck printer against a bare ReportLab script drawing the same sheets (the floor).

Run from the repository root: python bench/bench_print.py [--cards 210] [--repeat 7]
"""

import argparse
import io
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import font_roboto  # noqa: E402
from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

import printing  # noqa: E402
from engine.decks.parse import parse_deck  # noqa: E402
from printing.options import PrintOptions  # noqa: E402
from printing.sheet import plan_sheet  # noqa: E402
from printing.text import fit, unit_width  # noqa: E402

THEMES = ("discoveries", "events", "music", "inventions", "monuments", "sport", "art", "story")
COLOURS = {
    "discoveries": "#2a7f62",
    "events": "#a63d40",
    "music": "#6a4c93",
    "inventions": "#1f6fb2",
    "monuments": "#8c6d46",
    "sport": "#d9731a",
    "art": "#b8336a",
    "story": "#3d5a6c",
}


def bench_deck(count: int):
    """Build a dated deck of `count` cards with realistic titles over every theme."""
    words = "the first recorded games are held at olympia while a great wall rises in the north".split()
    cards = []
    for i in range(count):
        title = " ".join(words[(i + k) % len(words)] for k in range(4 + i % 7)).capitalize()
        card = {"id": f"c{i:03d}", "title": {"en": f"{title} {i}"}, "year": i * 11 - 1000, "theme": THEMES[i % 8]}
        if i % 10 == 0:
            card["colour"] = ("red", "beige", "blue")[i // 10 % 3]
        cards.append(card)
    return parse_deck({"id": "bench", "kind": "dated", "title": {"en": "Bench deck"}, "cards": cards})


def floor(deck) -> bytes:
    """Draw the same sheets with plain canvas calls: fixed font sizes, one pictogram form per theme."""
    plan = plan_sheet(PrintOptions("a4", (63, 88), "long", None, (0.0, 0.0), "en"))
    for name, key in (("Roboto", "Roboto"), ("Roboto-Bold", "RobotoBold")):
        pdfmetrics.registerFont(TTFont(name, font_roboto.font_files[key]))
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1, initialFontName="Roboto")
    w, h, b = 63 * mm, 88 * mm, plan.bleed * mm
    for theme, colour in COLOURS.items():
        c.beginForm(f"p-{theme}", 0, 0, 100, 100)
        c.setFillColor(HexColor(colour))
        path = c.beginPath()
        path.circle(50, 60, 28)
        path.rect(40, 10, 20, 30)
        c.drawPath(path, stroke=0, fill=1)
        c.endForm()
    for start in range(0, len(deck.cards), plan.per_sheet):
        for dated in (False, True):
            for card, slot in zip(deck.cards[start : start + plan.per_sheet], plan.slots, strict=False):
                trim = slot.back if dated else slot.front
                colour = HexColor(COLOURS.get(card.theme, "#5d6d7e"))
                c.saveState()
                c.translate(trim.x * mm, trim.y * mm)
                c.setFillColor(colour)
                c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
                c.setFillColorRGB(0.98, 0.97, 0.93)
                c.roundRect(6, 6, w - 12, h - 12, 6, stroke=0, fill=1)
                c.setFillColorRGB(0.1, 0.1, 0.1)
                c.setFont("Roboto-Bold", 10)
                c.drawCentredString(w / 2, h - 30, card.title["en"][:28])
                c.drawCentredString(w / 2, h - 42, card.title["en"][28:])
                c.setFillColor(colour)
                c.rect(6, h - 62, w - 12, 12, stroke=0, fill=1)
                c.setFillColorRGB(1, 1, 1)
                c.setFont("Roboto-Bold", 7)
                c.drawCentredString(w / 2, h - 59, card.theme.upper())
                c.setFillColorRGB(0.9, 0.9, 0.9)
                c.rect(10, 50, w - 20, h - 120, stroke=0, fill=1)
                c.saveState()
                c.translate(w / 2 - 50, 60)
                c.doForm(f"p-{card.theme}")
                c.restoreState()
                if card.colour:
                    c.roundRect(10, 45, w - 20, 50, 3, stroke=1, fill=0)
                    c.setFont("Roboto", 6)
                    c.drawCentredString(w / 2, 80, "War destroys")
                    c.drawCentredString(w / 2, 60, "Discard the top card of any stack.")
                if dated:
                    c.setFillColor(colour)
                    c.roundRect(10, 10, w - 20, 36, 4, stroke=0, fill=1)
                    c.setFillColorRGB(1, 1, 1)
                    c.setFont("Roboto-Bold", 20)
                    c.drawCentredString(w / 2, 20, deck.label(card))
                else:
                    c.setFillColorRGB(0.4, 0.4, 0.4)
                    c.setFont("Roboto", 6.5)
                    c.drawCentredString(w / 2, 25, deck.title["en"])
                c.restoreState()
            marks = plan.back_marks if dated else plan.front_marks
            c.setLineWidth(0.25)
            c.lines([(m.x1 * mm, m.y1 * mm, m.x2 * mm, m.y2 * mm) for m in marks])
            c.setTrimBox((0, 0, 595, 842))
            c.setBleedBox((0, 0, 595, 842))
            c.showPage()
    c.save()
    return buffer.getvalue()


def renderer(deck) -> bytes:
    fit.cache_clear()  # fit and measure text afresh each run, as for a deck never printed before
    unit_width.cache_clear()
    return printing.render_deck(deck, {"paper": "a4", "size": "poker", "duplex": "long"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=210)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    deck = bench_deck(args.cards)
    contenders = {"floor": floor, "renderer": renderer}
    sizes = {name: len(function(deck)) for name, function in contenders.items()}  # warm up imports and fonts
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.repeat):  # interleaved, so that a busy moment of the machine hits both alike
        for name, function in contenders.items():
            start = time.perf_counter()
            function(deck)
            times[name].append(time.perf_counter() - start)
    print(f"{args.cards} cards, A4 poker, long-edge duplex; python {platform.python_version()} on {platform.machine()}")
    for name, runs in times.items():
        median, spread = statistics.median(runs) * 1000, f"{min(runs) * 1000:.0f}-{max(runs) * 1000:.0f}"
        print(f"{name:9} median {median:7.1f} ms  (range {spread} ms, {sizes[name] // 1024} KiB)")
    ratio = statistics.median(times["renderer"]) / statistics.median(times["floor"])
    print(f"ratio renderer / floor: {ratio:.2f}")


if __name__ == "__main__":
    main()
