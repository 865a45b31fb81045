"""Print a game night's kit: each part rendered as it prints alone, then the pages joined into one PDF with PDFium.

PDFium gives a saved file a random second file identifier; it is replaced by a hash of the file's content, so the
same kit is the same bytes (the CLI and a print job agree).
"""

import hashlib
import io
import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.decks.model import Deck
from printing.cost import estimate
from printing.kit_spec import kit_parts, validate_kit
from printing.spec import validate

Progress = Callable[[int, int], None]
FILE_ID = re.compile(rb"/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]")


def render_kit(options: Mapping[str, Any], progress: Progress | None = None, deck: Deck | None = None) -> bytes:
    """Render every part of a kit spec (with `deck` for a user deck it names) and join them in order; progress counts
    the pages of all parts.

    :raises SpecError: for an invalid kit.
    """
    from printing import render  # the package's dispatch by kind, which imports this module lazily

    kit = validate_kit({**options, "kind": "kit"}, deck)
    parts = [spec for _, spec in kit_parts(kit)]
    # Each part's pages as estimated before it starts, its own count once it has: the total only grows exact.
    given = [deck if spec["kind"] == "deck" else None for spec in parts]
    expected = [estimate(validate(spec, given[i]), given[i]).pages for i, spec in enumerate(parts)]
    done_before = 0
    pdfs = []
    if progress:
        progress(0, sum(expected))
    for index, spec in enumerate(parts):

        def report(done: int, total: int, index: int = index, before: int = done_before) -> None:
            expected[index] = total
            if progress:
                progress(before + done, sum(expected))

        pdfs.append(render(spec, report, given[index]))
        done_before += expected[index]
    return join(pdfs)


def join(pdfs: list[bytes]) -> bytes:
    """One PDF of every page of `pdfs` in order, the first one's information (title, author) kept."""
    import pypdfium2 as pdfium

    joined = pdfium.PdfDocument(pdfs[0])
    try:
        for pdf in pdfs[1:]:
            part = pdfium.PdfDocument(pdf)
            try:
                joined.import_pages(part)
            finally:
                part.close()
        buffer = io.BytesIO()
        joined.save(buffer)
    finally:
        joined.close()
    data = buffer.getvalue()
    found = list(FILE_ID.finditer(data))
    if not found:
        return data
    last = found[-1]
    content = hashlib.md5(data[: last.start()], usedforsecurity=False).hexdigest().upper()
    second = content[: len(last.group(2))].ljust(len(last.group(2)), "0").encode()
    return data[: last.start(2)] + second + data[last.end(2) :]
