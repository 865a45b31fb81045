"""A low-resolution picture of a PDF's first page, for the print desk's preview."""

import io
import threading

import pypdfium2

from api.http.offload import off_the_loop

WIDTHS = (100, 1200)  # pixels: the smallest and the largest preview one may ask for
DEFAULT_WIDTH = 480
# PDFium is not thread-safe: one rendering at a time per process, whatever serves requests (threads or greenlets).
_PDFIUM = threading.Lock()


def first_page_png(pdf: bytes, width: int = DEFAULT_WIDTH) -> bytes:
    """Render page 1 of a PDF to a PNG `width` pixels wide, white behind transparent parts."""
    with _PDFIUM:
        return off_the_loop(_render, pdf, width)


def _render(pdf: bytes, width: int) -> bytes:
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        bitmap = page.render(scale=width / page.get_width(), fill_color=(255, 255, 255, 255))
        picture = bitmap.to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    # zlib's default level: optimize=True took 80% of the time (80 ms of 85 at 480 px) for 2% fewer bytes.
    picture.convert("RGB").save(out, "PNG")
    return out.getvalue()
