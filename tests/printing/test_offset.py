"""A back offset is drawn in the one rendering pass: every mark of a back page moves by it, the fronts stay put."""

import io

import pdfplumber
import pypdf
import pytest

import printing
from engine.decks import store
from tests.printing.decks import dated_deck

MM = 72 / 25.4


def marks(pdf: bytes) -> list[list[tuple]]:
    """Every character (text, x, top) and line (x0, top, x1) of every page, in points from the top left."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return [
            [(c["text"], c["x0"], c["top"]) for c in page.chars]
            + [("line", line["x0"], line["top"], line["x1"]) for line in page.lines]
            for page in document.pages
        ]


def moved(page: list[tuple], offset: tuple[float, float]) -> list[tuple]:
    """Return a page's marks as an offset in mm (right, up) puts them."""
    dx, dy = offset[0] * MM, offset[1] * MM
    return [(name, x + dx, top - dy, *(other + dx for other in rest)) for name, x, top, *rest in page]


def same_places(page: list[tuple], expected: list[tuple]) -> bool:
    """Tell whether two pages show the same marks in the same places, to a hundredth of a point."""
    assert len(page) == len(expected)
    for mark, other in zip(page, expected, strict=True):
        assert mark[0] == other[0] and mark[1:] == pytest.approx(other[1:], abs=0.01), (mark, other)
    return True


def boxes(pdf: bytes) -> list[dict[str, tuple[float, ...]]]:
    """Every page's trim and bleed boxes, and its paper."""
    return [
        {name: tuple(round(float(v), 2) for v in getattr(page, name)) for name in ("trimbox", "bleedbox", "mediabox")}
        for page in pypdf.PdfReader(io.BytesIO(pdf)).pages
    ]


def moved_box(box: tuple[float, ...], paper: tuple[float, ...], offset: tuple[float, float]) -> tuple[float, ...]:
    """Return a box moved by an offset in mm, kept inside the paper."""
    dx, dy = offset[0] * MM, offset[1] * MM
    return (
        max(box[0] + dx, paper[0]),
        max(box[1] + dy, paper[1]),
        min(box[2] + dx, paper[2]),
        min(box[3] + dy, paper[3]),
    )


def assert_backs_moved(plain: bytes, shifted: bytes, offset: tuple[float, float]) -> None:
    """Check that `shifted` is `plain` with every back page (every second) moved by `offset`, fronts unmoved."""
    before, after = marks(plain), marks(shifted)
    assert len(before) == len(after) >= 2
    for number, (page, expected) in enumerate(zip(after, before, strict=True)):
        assert same_places(page, moved(expected, offset) if number % 2 else expected)
    for number, (box, expected) in enumerate(zip(boxes(shifted), boxes(plain), strict=True)):
        if number % 2 == 0:
            assert box == expected, "a front's boxes stay"
            continue
        for name in ("trimbox", "bleedbox"):
            assert box[name] == pytest.approx(moved_box(expected[name], expected["mediabox"], offset), abs=0.011)


@pytest.mark.parametrize("duplex, offset", [("long", (1.5, -0.75)), ("short", (-3, 10))])
def test_a_back_offset_moves_the_backs_cards_marks_and_slug(duplex, offset):
    deck = dated_deck(12)
    plain = printing.render_deck(deck, {"duplex": duplex})
    shifted = printing.render_deck(deck, {"duplex": duplex, "back_offset": list(offset)})
    assert_backs_moved(plain, shifted, offset)
    slug = [mark for mark in marks(shifted)[1] if mark[0] == "·"]
    assert slug, "the back page carries the slug, drawn with the offset in the one pass"


def test_a_reference_cards_back_moves_by_the_offset():
    spec = {"kind": "reference", "game": "ticket-to-ride-europe", "size": "a6"}
    plain, shifted = printing.render(spec), printing.render({**spec, "back_offset": [2, 1]})
    assert len(pypdf.PdfReader(io.BytesIO(plain)).pages) == 2, "a card with a back"
    assert_backs_moved(plain, shifted, (2, 1))


def test_the_calibration_sheets_scales_move_by_the_offset_and_its_words_name_it():
    plain, shifted = (
        printing.render({"kind": "calibration"}),
        printing.render({"kind": "calibration", "back_offset": [1, -2]}),
    )
    lines = [[mark for mark in page if mark[0] == "line"] for page in marks(plain)]
    lines_shifted = [[mark for mark in page if mark[0] == "line"] for page in marks(shifted)]
    assert same_places(lines_shifted[0], lines[0]) and same_places(lines_shifted[1], moved(lines[1], (1, -2)))
    assert "back offset x 1 mm, y −2 mm" in pypdf.PdfReader(io.BytesIO(shifted)).pages[0].extract_text()


def test_fold_over_and_one_sided_sheets_ignore_the_offset(monkeypatch):
    deck = dated_deck(3)
    monkeypatch.setattr(store, "builtin_decks", lambda: {deck.id: deck})
    for duplex in ("fold", "none"):
        spec = {"kind": "deck", "deck": deck.id, "duplex": duplex}
        assert printing.render({**spec, "back_offset": [1, 1]}) == printing.render(spec)
    reference = {"kind": "reference", "game": "ticket-to-ride-europe", "size": "a6", "duplex": "fold"}
    assert printing.render({**reference, "back_offset": [1, 1]}) == printing.render(reference)


def test_a_spec_with_an_offset_gives_the_same_bytes_every_time(monkeypatch):
    deck = dated_deck(12)
    monkeypatch.setattr(store, "builtin_decks", lambda: {deck.id: deck})
    spec = {"kind": "deck", "deck": deck.id, "back_offset": [-1.25, 0.5]}
    assert printing.render(spec) == printing.render(spec) == printing.render_deck(deck, {"back_offset": [-1.25, 0.5]})
