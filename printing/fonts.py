"""Register the embedded Roboto faces once and tell which characters they cannot draw."""

from functools import cache

import font_roboto
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "Roboto"
BOLD = "Roboto-Bold"
_FILES = {REGULAR: "Roboto", BOLD: "RobotoBold"}


@cache
def register_fonts() -> None:
    """Register Roboto regular and bold with ReportLab, once per process."""
    for name, key in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, font_roboto.font_files[key]))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD)


def _glyphs(font: str) -> dict[int, int]:
    register_fonts()
    return pdfmetrics.getFont(font).face.charToGlyph


def missing_glyphs(text: str, font: str = REGULAR) -> list[str]:
    """Return the characters of `text` that `font` has no glyph for, each once, in order of appearance."""
    glyphs = _glyphs(font)
    missing: list[str] = []
    for char in text:
        if ord(char) not in glyphs and char not in missing:
            missing.append(char)
    return missing


def has_glyphs(text: str, font: str = REGULAR) -> bool:
    """Tell whether `font` can draw every character of `text`."""
    glyphs = _glyphs(font)
    return all(ord(char) in glyphs for char in text)
