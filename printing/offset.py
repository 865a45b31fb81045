"""Apply a duplex printer's back offset to a rendered PDF: shift each back page as a whole, drawing nothing again.

Specs that differ only in `back_offset` share one rendering made without it; each offset is then a cheap page
transform of that PDF (a translation around the page's content, its trim and bleed boxes moved alike).
"""

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from pypdf import PdfWriter

POINTS_PER_MM = 72 / 25.4
SHIFTED_KINDS = ("deck", "reference")  # their back pages alternate with the fronts and say nothing about the offset


def back_offset(spec: Mapping[str, Any]) -> tuple[float, float]:
    """Return the offset in mm that shifting must apply to a normalised spec's rendering, (0, 0) for none."""
    if spec["kind"] not in SHIFTED_KINDS or spec.get("duplex") not in ("long", "short"):
        return (0.0, 0.0)
    x, y = spec["back_offset"]
    return (float(x), float(y))


def rendering_spec(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Return the spec whose rendering `spec` shares: the same without its back offset, where shifting applies."""
    if spec["kind"] not in SHIFTED_KINDS or "back_offset" not in spec:
        return dict(spec)
    return {**spec, "back_offset": [0.0, 0.0]}


def shift_backs(pdf: bytes, offset: tuple[float, float]) -> bytes:
    """Return `pdf` with every second page (the backs) moved by `offset` in mm, right and up."""
    if offset == (0.0, 0.0):
        return pdf
    from pypdf import PdfReader, PdfWriter  # only here: pypdf takes a tenth of a second to import
    from pypdf.generic import ArrayObject, FloatObject, NameObject, RectangleObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    dx, dy = (value * POINTS_PER_MM for value in offset)
    for page in writer.pages[1::2]:
        contents = page.raw_get("/Contents")
        parts = list(contents) if isinstance(contents, ArrayObject) else [contents]
        page[NameObject("/Contents")] = ArrayObject(
            [_stream(writer, f"q 1 0 0 1 {dx:.4f} {dy:.4f} cm\n"), *parts, _stream(writer, "\nQ\n")]
        )
        paper = page.mediabox
        for name in ("/TrimBox", "/BleedBox"):
            if name in page:
                box = RectangleObject(cast(ArrayObject, page[name]))
                page[NameObject(name)] = RectangleObject(
                    [
                        FloatObject(round(max(float(box.left) + dx, float(paper.left)), 3)),
                        FloatObject(round(max(float(box.bottom) + dy, float(paper.bottom)), 3)),
                        FloatObject(round(min(float(box.right) + dx, float(paper.right)), 3)),
                        FloatObject(round(min(float(box.top) + dy, float(paper.top)), 3)),
                    ]
                )
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _stream(writer: "PdfWriter", text: str) -> Any:
    from pypdf.generic import DecodedStreamObject

    stream = DecodedStreamObject()
    stream.set_data(text.encode("ascii"))
    return writer._add_object(stream)
