"""Card pictures are decoded once per document and printed at their box's print resolution, not their own."""

import base64
import io
import re
from dataclasses import replace

from PIL import Image

import printing
from printing.faces import face_layout
from printing.images import print_pixels
from tests.printing.decks import dated_deck


def data_uri(size, mode="RGB", kind="PNG"):
    out = io.BytesIO()
    Image.new(mode, size, "teal").save(out, kind)
    return f"data:image/{kind.lower()};base64," + base64.b64encode(out.getvalue()).decode()


def embedded_images(pdf: bytes) -> list[tuple[int, int]]:
    """The size in pixels of every image object in the file (ReportLab writes their dictionaries plainly)."""
    found = []
    for dictionary in re.findall(rb"<<([^<>]*/Subtype /Image[^<>]*)>>", pdf):
        width = re.search(rb"/Width (\d+)", dictionary)
        height = re.search(rb"/Height (\d+)", dictionary)
        assert width and height
        found.append((int(width[1]), int(height[1])))
    return found


def test_a_large_picture_is_embedded_once_at_print_resolution():
    deck = dated_deck(6, colours=False)
    big = data_uri((3000, 2000))
    deck = replace(deck, cards=tuple(replace(card, image=big) for card in deck.cards))
    pdf = printing.render_deck(deck, {"size": "poker"})
    box = face_layout((63, 88), 1.0, False).picture
    most = print_pixels(box[2], box[3])
    sizes = embedded_images(pdf)
    assert len(sizes) == 1, "one picture object for the twelve card sides that show it"
    width, height = sizes[0]
    assert width <= most[0] + 1 and height <= most[1] + 1
    assert max(width, height) >= 0.9 * max(most), "shrunk to the box, not below it"
    assert len(pdf) < 400_000


def test_a_small_picture_is_not_enlarged_and_a_jpeg_stays_a_jpeg():
    deck = dated_deck(2, colours=False)
    deck = replace(deck, cards=(replace(deck.cards[0], image=data_uri((40, 30), kind="JPEG")), deck.cards[1]))
    pdf = printing.render_deck(deck)
    assert embedded_images(pdf) == [(40, 30)]
    assert b"/DCTDecode" in pdf
