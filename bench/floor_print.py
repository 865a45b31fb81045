"""The floor for a whole `deskovka print` process: a bare ReportLab script printing a comparable duplex deck.

210 poker cards on A4 (9 a sheet, 24 sheets, 48 pages: fronts and mirrored backs), Roboto TrueType subsets, page
compression, `invariant=1`; per card side the bleed, a rounded panel, two title lines, a theme band and its name, a
picture ground with one pictogram form per theme, and the date or the deck's name. Nothing of deskovka is imported.

Run: python bench/floor_print.py OUT.pdf [--cards 210]
"""

import argparse

import font_roboto
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

COLOURS = ("#2a7f62", "#a63d40", "#6a4c93", "#1f6fb2", "#8c6d46", "#d9731a", "#b8336a", "#3d5a6c")
THEMES = ("DISCOVERIES", "EVENTS", "MUSIC", "INVENTIONS", "MONUMENTS", "SPORT", "ART", "STORY")
WORDS = "the first recorded games are held at olympia while a great wall rises in the north".split()
PAGE = (210.0, 297.0)
CARD = (63.0, 88.0)
BLEED = 1.0
COLUMNS, ROWS = 3, 3


def slots() -> list[tuple[float, float]]:
    """Bottom-left corners (mm) of the nine cards of a sheet, centred on the page."""
    pitch_x, pitch_y = CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED
    left = (PAGE[0] - COLUMNS * pitch_x) / 2 + BLEED
    top = (PAGE[1] + ROWS * pitch_y) / 2
    return [(left + c * pitch_x, top - (r + 1) * pitch_y + BLEED) for r in range(ROWS) for c in range(COLUMNS)]


def marks(corners: list[tuple[float, float]]) -> list[tuple[float, float, float, float]]:
    """Crop marks in points: every cut line extended 5 mm into the margin above, below and beside the grid."""
    xs = sorted({x for x, _ in corners} | {x + CARD[0] for x, _ in corners})
    ys = sorted({y for _, y in corners} | {y + CARD[1] for _, y in corners})
    low_y, high_y, low_x, high_x = ys[0] - BLEED - 0.5, ys[-1] + BLEED + 0.5, xs[0] - BLEED - 0.5, xs[-1] + BLEED + 0.5
    lines = [(x, low_y, x, low_y - 5) for x in xs] + [(x, high_y, x, high_y + 5) for x in xs]
    lines += [(low_x, y, low_x - 5, y) for y in ys] + [(high_x, y, high_x + 5, y) for y in ys]
    return [(a * mm, b * mm, c * mm, d * mm) for a, b, c, d in lines]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output")
    parser.add_argument("--cards", type=int, default=210)
    args = parser.parse_args()
    for name, key in (("Roboto", "Roboto"), ("Roboto-Bold", "RobotoBold")):
        pdfmetrics.registerFont(TTFont(name, font_roboto.font_files[key]))
    c = Canvas(
        args.output, pagesize=(PAGE[0] * mm, PAGE[1] * mm), invariant=1, pageCompression=1, initialFontName="Roboto"
    )
    for theme, colour in zip(THEMES, COLOURS, strict=True):
        c.beginForm(theme, 0, 0, 100, 100)
        c.setFillColor(HexColor(colour))
        path = c.beginPath()
        path.circle(50, 60, 28)
        path.rect(40, 10, 20, 30)
        c.drawPath(path, stroke=0, fill=1)
        c.endForm()
    fronts = slots()
    backs = [(PAGE[0] - x - CARD[0], y) for x, y in fronts]  # long-edge duplex on portrait: mirrored across x
    w, h, b = CARD[0] * mm, CARD[1] * mm, BLEED * mm
    for start in range(0, args.cards, len(fronts)):
        for dated, corners in ((False, fronts), (True, backs)):
            for i, (x, y) in zip(range(start, min(start + len(fronts), args.cards)), corners, strict=False):
                title = " ".join(WORDS[(i + k) % len(WORDS)] for k in range(4 + i % 7)).capitalize() + f" {i}"
                colour = HexColor(COLOURS[i % 8])
                c.saveState()
                c.translate(x * mm, y * mm)
                c.setFillColor(colour)
                c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
                c.setFillColorRGB(0.98, 0.97, 0.93)
                c.roundRect(6, 6, w - 12, h - 12, 6, stroke=0, fill=1)
                c.setFillColorRGB(0.1, 0.1, 0.1)
                c.setFont("Roboto-Bold", 10)
                c.drawCentredString(w / 2, h - 30, title[:28])
                c.drawCentredString(w / 2, h - 42, title[28:])
                c.setFillColor(colour)
                c.rect(6, h - 62, w - 12, 12, stroke=0, fill=1)
                c.setFillColorRGB(1, 1, 1)
                c.setFont("Roboto-Bold", 7)
                c.drawCentredString(w / 2, h - 59, THEMES[i % 8])
                c.setFillColorRGB(0.9, 0.9, 0.9)
                c.rect(10, 50, w - 20, h - 120, stroke=0, fill=1)
                c.saveState()
                c.translate(w / 2 - 50, 60)
                c.doForm(THEMES[i % 8])
                c.restoreState()
                if dated:
                    c.setFillColor(colour)
                    c.roundRect(10, 10, w - 20, 36, 4, stroke=0, fill=1)
                    c.setFillColorRGB(1, 1, 1)
                    c.setFont("Roboto-Bold", 20)
                    c.drawCentredString(w / 2, 20, str(i * 11 - 1000))
                else:
                    c.setFillColorRGB(0.4, 0.4, 0.4)
                    c.setFont("Roboto", 6.5)
                    c.drawCentredString(w / 2, 25, "Bench deck")
                c.restoreState()
            c.setLineWidth(0.25)
            c.lines(marks(corners))
            c.showPage()
    c.save()


if __name__ == "__main__":
    main()
