"""A low-resolution picture of a PDF's first page, for the print desk's preview."""

import io
import threading

import pypdfium2
from PIL import Image

from api.http.offload import off_the_loop

WIDTHS = (100, 1200)  # pixels: the smallest and the largest preview one may ask for
# The widths a preview is rendered at: a width asked for is served at the first of these at least as wide, so a job
# has at most this many pictures whatever widths are asked (docs/api.md, "Print jobs").
BUCKETS = (160, 320, 480, 800, 1200)
DEFAULT_WIDTH = 480
# PDFium is not thread-safe: one rendering at a time per process, whatever serves requests (threads or greenlets).
# Only PDFium's own work holds it (a few tens of ms at 1,200 px); the PNG's compression, most of the time, does not.
_PDFIUM = threading.Lock()


def bucket(width: int) -> int:
    """The width a preview asked `width` pixels wide is rendered at."""
    return next((size for size in BUCKETS if size >= width), BUCKETS[-1])


def first_page_png(pdf: bytes, width: int = DEFAULT_WIDTH) -> bytes:
    """Render page 1 of a PDF to a PNG `width` pixels wide, white behind transparent parts."""
    with _PDFIUM:
        picture = off_the_loop(_render, pdf, width)
    return off_the_loop(_png, picture)


def _render(pdf: bytes, width: int) -> Image.Image:
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        bitmap = page.render(scale=width / page.get_width(), fill_color=(255, 255, 255, 255))
        picture = bitmap.to_pil()  # its own copy of the pixels for an RGB bitmap, else the bitmap's
        return picture if picture.mode == "RGB" else picture.convert("RGB")
    finally:
        document.close()


def _png(picture: Image.Image) -> bytes:
    out = io.BytesIO()
    # zlib's fastest level: the default (6) took 27 ms at 480 px and 110 ms at 1,200 px of a deck's page, level 1 15
    # and 71 ms, for 2% and 8% more bytes; optimize=True took 80% of the time for 2% fewer bytes.
    picture.save(out, "PNG", compress_level=1)
    return out.getvalue()
