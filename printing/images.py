"""Find a card's picture: a built-in picture by plain file name, or an uploaded one given as a checked data URI.

Never follow a path or URL named by deck data. A picture is decoded once per document, shrunk to its box at the
print resolution, and drawn as a form that every card showing it reuses.
"""

import base64
import binascii
import hashlib
import io
import re
from functools import lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

import engine.decks.store
from engine.decks import jpeg
from engine.decks.upload import DATA_URI, IMAGE_TYPES, MAX_IMAGE_SIDE, decoding_problem

IMAGE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|jpeg)$")
PRINT_DPI = 300
PICTURE_ERRORS = (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError)


def image_dir() -> Path:
    """Return the folder of built-in card pictures, beside the built-in deck files."""
    return engine.decks.store.DATA / "images"


def card_image(name: str | None) -> str | bytes | None:
    """Return the picture `name` stands for: a built-in file's path, an uploaded data URI's bytes, or None."""
    if name and name.startswith("data:"):
        match = DATA_URI.match(name)
        if match is None or match.group(1) not in IMAGE_TYPES:
            return None
        try:
            return base64.b64decode(match.group(2), validate=True)
        except binascii.Error:
            return None
    if not name or not IMAGE_NAME.match(name):
        return None
    path = image_dir() / name
    return str(path) if path.is_file() else None


def _open(source: str | bytes) -> Image.Image:
    return Image.open(io.BytesIO(source) if isinstance(source, bytes) else source, formats=list(IMAGE_TYPES.values()))


def picture_header(name: str) -> tuple[str, str, int, int, int] | None:
    """Return a picture's format, mode, size in pixels and scans from its headers alone, or None if it will not print.

    A picture whose decoding would take too much work (a JPEG of too many scans) does not print, as at upload.
    """
    source = card_image(name)
    if source is None:
        return None
    try:
        with _open(source) as picture:
            if picture.format not in IMAGE_TYPES.values() or max(picture.size) > MAX_IMAGE_SIDE:
                return None
            data = source if isinstance(source, bytes) else Path(source).read_bytes()
            if decoding_problem(picture.format, picture.size, data):
                return None
            scans = jpeg.scans(data) if picture.format == "JPEG" else 1
            return str(picture.format), picture.mode, *picture.size, scans
    except PICTURE_ERRORS:
        return None


@lru_cache(maxsize=16)
def print_picture(name: str, box_px: tuple[int, int]) -> ImageReader | None:
    """Decode a picture once, shrunk to fit `box_px` (its box at the print resolution); None if it does not decode."""
    source = card_image(name) if picture_header(name) else None
    if source is None:
        return None
    try:
        with _open(source) as picture:
            jpeg = picture.format == "JPEG"
            picture.draft("RGB", box_px)  # JPEG only: decode at 1/2, 1/4 or 1/8 scale when that still covers the box
            picture.thumbnail(box_px, reducing_gap=2.0)
            if picture.mode not in ("RGB", "RGBA", "L"):
                picture = picture.convert("RGBA" if "transparency" in picture.info or "A" in picture.mode else "RGB")
            if not jpeg:
                return ImageReader(picture.copy())
            out = io.BytesIO()
            picture.convert("RGB").save(out, "JPEG", quality=92)  # stays JPEG in the PDF, as small as it came
            return ImageReader(io.BytesIO(out.getvalue()))
    except PICTURE_ERRORS:
        return None


def _form_prefix(name: str) -> str:
    # Not cached: a cache would keep up to its size of data URIs alive; hashing them all is cheap (a deck is 4 MiB).
    return "picture-" + hashlib.sha256(name.encode()).hexdigest()[:24]


def print_pixels(width: float, height: float) -> tuple[int, int]:
    """Return the pixels a box of `width` x `height` points needs at the print resolution."""
    return max(1, round(width / 72 * PRINT_DPI)), max(1, round(height / 72 * PRINT_DPI))


def picture_form(canvas: Canvas, name: str | None, width: float, height: float) -> str | None:
    """Return the name of a form showing the picture centred in a box of `width` x `height` points, or None.

    The form is made the first time a document needs it; later cards only place it.
    """
    if not name:
        return None
    form = f"{_form_prefix(name)}-{width:.2f}x{height:.2f}"
    if canvas.hasForm(form):
        return form
    picture = print_picture(name, print_pixels(width, height))
    if picture is None:
        return None
    canvas.beginForm(form, 0, 0, width, height)
    canvas.drawImage(picture, 0, 0, width, height, preserveAspectRatio=True, anchor="c", mask="auto")
    canvas.endForm()
    return form
