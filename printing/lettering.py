"""Write lines of text into a page as one text object a block, each string encoded once a document.

ReportLab's `drawString` builds a text object for every string and maps its characters into the font's subsets
again each time; a deck's faces draw thousands of strings, many of them the same few names and digits. Here a
block of lines is one `BT … ET`, the font is set when it changes, and a string's encoded bytes are kept per document
(a TrueType subset's codes are handed out in the order a document first uses the characters, so they cannot be
shared between documents).
"""

from collections.abc import Iterator
from contextlib import contextmanager
from weakref import WeakKeyDictionary

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfdoc import PDFDocument
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas

from printing.text import Fitted, baselines

Shown = tuple[tuple[str, str], ...]  # (the subset's font resource, its "(bytes) Tj") for each run of one subset

_DOCUMENTS: "WeakKeyDictionary[PDFDocument, dict[str, _Font]]" = WeakKeyDictionary()


class _Font:
    """One font's strings encoded for one document, and the codes of its characters known to be in subset 0."""

    def __init__(self, font: str) -> None:
        self.font = font
        self.shown: dict[str, Shown] = {}
        self.codes: dict[int, str] = {}  # a character -> its one-byte code in subset 0, as a latin-1 character
        self.known: frozenset[str] = frozenset()
        self._subset_zero = ""  # subset 0's font resource, once a string has shown it

    def encode(self, doc: PDFDocument, text: str) -> Shown:
        shown = self.shown.get(text)
        if shown is not None:
            return shown
        if text and self.known.issuperset(text):
            # Every character has its code already: the same bytes splitString gives, without its loop per character.
            data = text.translate(self.codes).encode("latin-1")
            shown = ((self._subset_zero, f"({escapePDF(data)}) Tj"),)
        else:
            face = getFont(self.font)
            runs = face.splitString(text, doc)
            shown = tuple((face.getSubsetInternalName(subset, doc), f"({escapePDF(data)}) Tj") for subset, data in runs)
            if len(runs) == 1 and runs[0][0] == 0 and len(runs[0][1]) == len(text) and "\xa0" not in text:
                self._subset_zero = shown[0][0]
                self.codes.update((ord(char), chr(code)) for char, code in zip(text, runs[0][1], strict=True))
                self.known = frozenset(map(chr, self.codes))
        self.shown[text] = shown
        return shown


def _encoded(canvas: Canvas, font: str, text: str) -> Shown:
    doc = canvas._doc
    fonts = _DOCUMENTS.get(doc)
    if fonts is None:
        fonts = _DOCUMENTS[doc] = {}
    encoder = fonts.get(font)
    if encoder is None:
        encoder = fonts[font] = _Font(font)
    return encoder.encode(doc, text)


class Block:
    """The lines of one text object, positioned by the start of their baseline in the current user space."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.code = ["BT"]
        self.font: tuple[str, float] | None = None

    def fill(self, colour: Color) -> None:
        """Paint the lines that follow in `colour`."""
        self.code.append(f"{fp_str(colour.red, colour.green, colour.blue)} rg")

    def line(self, text: str, font: str, size: float, x: float, y: float) -> None:
        """Add `text` with its baseline starting at (x, y)."""
        self.code.append(f"1 0 0 1 {fp_str(x, y)} Tm")
        for resource, shown in _encoded(self.canvas, font, text):
            if self.font != (resource, size):
                self.code.append(f"{resource} {fp_str(size)} Tf")
                self.font = (resource, size)
            self.code.append(shown)

    def centred(self, text: str, font: str, size: float, centre: float, y: float) -> None:
        """Add `text` centred on `centre`, its baseline at `y`."""
        self.line(text, font, size, centre - stringWidth(text, font, size) / 2, y)

    def fitted(self, fitted: Fitted, font: str, box: tuple[float, float, float, float]) -> None:
        """Add fitted lines centred in `box` (x, y, width, height), as `printing.text.draw_fitted` draws them."""
        x, y, width, height = box
        for line, baseline in zip(fitted.lines, baselines(fitted, y, height), strict=True):
            self.centred(line, font, fitted.size, x + width / 2, baseline)


@contextmanager
def text_block(canvas: Canvas) -> Iterator[Block]:
    """Collect a block's lines and write them to the canvas as one text object when the block closes."""
    block = Block(canvas)
    yield block
    if len(block.code) > 1:
        block.code.append("ET")
        canvas.addLiteral("\n".join(block.code))
