"""A back offset applied to a finished PDF puts every mark where drawing with the offset puts it."""

import io

import pdfplumber
import pypdf
import pytest

import printing
from engine.decks import store
from printing.offset import back_offset, rendering_spec, shift_backs
from tests.printing.decks import dated_deck

MM = 72 / 25.4


def marks(pdf: bytes) -> list[list[tuple]]:
    """Every character (text, position) and line of every page."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return [
            [(c["text"], c["x0"], c["top"]) for c in page.chars]
            + [("line", line["x0"], line["top"], line["x1"]) for line in page.lines]
            for page in document.pages
        ]


def same_marks(one: bytes, other: bytes) -> bool:
    """Tell whether two PDFs show the same marks in the same places, to a hundredth of a point."""
    pages, others = marks(one), marks(other)
    assert [len(page) for page in pages] == [len(page) for page in others]
    for page, other_page in zip(pages, others, strict=True):
        for mark, other_mark in zip(page, other_page, strict=True):
            assert mark[0] == other_mark[0] and mark[1:] == pytest.approx(other_mark[1:], abs=0.02)
    return True


def boxes(pdf: bytes) -> list[float]:
    """Every page's trim and bleed box corners, in points (written to a thousandth: compare to a hundredth)."""
    return [float(v) for page in pypdf.PdfReader(io.BytesIO(pdf)).pages
            for name in ("trimbox", "bleedbox") for v in getattr(page, name)]


@pytest.mark.parametrize("duplex, offset", [("long", (1.5, -0.75)), ("short", (-3, 10))])
def test_shifting_a_deck_matches_drawing_it_with_the_offset(duplex, offset):
    deck = dated_deck(12)
    drawn = printing.render_deck(deck, {"duplex": duplex, "back_offset": list(offset)})
    shifted = shift_backs(printing.render_deck(deck, {"duplex": duplex}), offset)
    assert same_marks(shifted, drawn)
    assert boxes(shifted) == pytest.approx(boxes(drawn), abs=0.011)
    assert marks(shifted)[0] == marks(printing.render_deck(deck, {"duplex": duplex}))[0], "fronts stay put"
    assert marks(shifted)[1] != marks(printing.render_deck(deck, {"duplex": duplex}))[1]


def test_shifting_a_reference_card_matches_drawing_it_with_the_offset():
    spec = {"kind": "reference", "game": "ticket-to-ride-europe", "size": "a6", "back_offset": [2, 1]}
    drawn = printing.render_reference({k: v for k, v in spec.items() if k != "kind"})
    assert len(pypdf.PdfReader(io.BytesIO(drawn)).pages) == 2, "a card with a back"
    assert same_marks(printing.render(spec), drawn)
    assert boxes(printing.render(spec)) == pytest.approx(boxes(drawn), abs=0.011)


def test_only_card_backs_in_duplex_are_shifted(monkeypatch):
    deck = dated_deck(3)
    monkeypatch.setattr(store, "builtin_decks", lambda: {deck.id: deck})
    for duplex in ("fold", "none"):
        checked = printing.validate({"kind": "deck", "deck": deck.id, "duplex": duplex, "back_offset": [1, 1]})
        assert back_offset(checked) == (0.0, 0.0)
    calibration = printing.validate({"kind": "calibration", "back_offset": [1, 1]})
    assert back_offset(calibration) == (0.0, 0.0) and rendering_spec(calibration) == calibration, (
        "the calibration sheet prints its offset in words, so it is drawn with it"
    )
    assert shift_backs(b"%PDF-unchanged", (0.0, 0.0)) == b"%PDF-unchanged"
