"""Text written by `printing.lettering` reads back as ReportLab's own drawString writes it."""

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printing.fonts import BOLD, REGULAR, register_fonts
from printing.lettering import text_block
from tests.printing.pdf import open_pdf

# Latin, Czech, Cyrillic and Greek letters, a no-break space, punctuation PDF strings escape, a glyph Roboto lacks,
# and lines seen before: together more than 256 characters, so the font runs into a second subset.
ALPHABETS = "".join(map(chr, range(0x20, 0x7F))) + "ěščřžýáíéůúťďň" + "".join(map(chr, range(0x410, 0x450)))
LINES = [
    "The Great Pyramid of Giza (c. 2560 BC) \\ done",
    "Příliš žluťoučký kůň úpěl ďábelské ódy",
    "Съешь же ещё этих мягких французских булок",
    "1969\xa0AD",
    "The Great Pyramid of Giza (c. 2560 BC) \\ done",
    ALPHABETS[:120],
    ALPHABETS[120:],
    "".join(map(chr, range(0x391, 0x3AA))) + " and ☃",
    "Съешь же ещё этих мягких французских булок",
    "",
]


def _pdf(draw) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(600, 800), invariant=1, pageCompression=1)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _reportlab(canvas: Canvas) -> None:
    for i, line in enumerate(LINES):
        canvas.setFillColor(HexColor("#a63d40") if i % 2 else HexColor("#1a1a1a"))
        font, size = (BOLD, 11) if i % 3 else (REGULAR, 7.5)
        canvas.setFont(font, size)
        canvas.drawCentredString(300, 760 - 40 * i, line)


def _lettering(canvas: Canvas) -> None:
    with text_block(canvas) as block:
        for i, line in enumerate(LINES):
            block.fill(HexColor("#a63d40") if i % 2 else HexColor("#1a1a1a"))
            font, size = (BOLD, 11) if i % 3 else (REGULAR, 7.5)
            block.centred(line, font, size, 300, 760 - 40 * i)


def _chars(pdf: bytes) -> list[tuple]:
    with open_pdf(pdf) as document:
        return [
            (
                c["text"],
                c["fontname"],
                round(c["size"], 3),
                round(c["x0"], 3),
                round(c["top"], 3),
                c["non_stroking_color"],
            )
            for c in document.pages[0].chars
        ]


def test_lines_read_back_as_reportlabs_own():
    expected = _chars(_pdf(_reportlab))
    assert len(expected) > 300
    assert _chars(_pdf(_lettering)) == expected


def test_each_document_encodes_its_own_subsets():
    """Codes are handed out per document: one drawing the lines in another order still reads back right."""
    first = _pdf(_lettering)

    def reportlab(canvas: Canvas) -> None:
        canvas.setFont(BOLD, 9)
        for i, line in enumerate(reversed(LINES)):
            canvas.drawString(20, 760 - 40 * i, line)

    def lettering(canvas: Canvas) -> None:
        with text_block(canvas) as block:
            for i, line in enumerate(reversed(LINES)):
                block.line(line, BOLD, 9, 20, 760 - 40 * i)

    assert _chars(_pdf(lettering)) == _chars(_pdf(reportlab))
    assert _pdf(_lettering) == first  # and the same bytes every time
