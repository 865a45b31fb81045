"""What home printers can print: nothing within 5 mm of the paper's edge, nothing under 6 pt on a card face."""

import itertools
from dataclasses import replace

import pytest
from reportlab.lib.units import mm

import printing
from engine.decks import builtin_decks
from printing.options import CARD_SIZES
from printing.spec import SpecError
from tests.printing.decks import dated_deck
from tests.printing.pdf import open_pdf

EDGE = 5 * mm
SLACK = 0.05  # points
PAPERS = ("a4", "letter")
DUPLEXES = ("long", "short", "fold")


def too_near_the_edge(pdf: bytes) -> list[str]:
    """Return every character, line, rectangle, curve or image of every page that reaches within 5 mm of an edge."""
    found = []
    with open_pdf(pdf) as document:
        for number, page in enumerate(document.pages):
            for kind in ("chars", "lines", "rects", "curves", "images"):
                for thing in getattr(page, kind):
                    if (
                        thing["x0"] < EDGE - SLACK
                        or thing["top"] < EDGE - SLACK
                        or thing["x1"] > page.width - EDGE + SLACK
                        or thing["bottom"] > page.height - EDGE + SLACK
                    ):
                        found.append(
                            f"page {number + 1}: {kind[:-1]} {thing.get('text', '')!r} at "
                            f"({thing['x0'] / mm:.1f}, {thing['top'] / mm:.1f}) mm"
                        )
    return found


def page_text(page) -> str:
    """The page's text, plus the text turned to read bottom to top (the slug up a side margin)."""
    turned = "".join(c["text"] for c in sorted((c for c in page.chars if not c["upright"]), key=lambda c: -c["top"]))
    return " ".join(page.extract_text().split()) + " " + turned


def point_size(char: dict) -> float:
    """The font size of a character, also when it is drawn turned (PDF readers measure its box)."""
    return char["size"] if char["upright"] else char["x1"] - char["x0"]


@pytest.fixture(scope="module")
def sheet_deck():
    return dated_deck(16)  # fills the biggest sheet (16 mini-euro cards); every fifth card has a power


@pytest.mark.parametrize(("paper", "size", "duplex"), list(itertools.product(PAPERS, CARD_SIZES, DUPLEXES)))
def test_no_mark_or_text_within_5_mm_of_an_edge(sheet_deck, paper, size, duplex):
    pdf = printing.render_deck(sheet_deck, {"paper": paper, "size": size, "duplex": duplex})
    assert too_near_the_edge(pdf) == []
    with open_pdf(pdf) as document:
        first = document.pages[0]
        assert first.lines, "the crop marks are there, only shorter"
        assert "bleed" in page_text(first) and f"{paper.upper()} · " in page_text(first)


@pytest.mark.parametrize(("paper", "duplex"), list(itertools.product(PAPERS, (*DUPLEXES, "none"))))
def test_the_calibration_page_keeps_5_mm_from_every_edge(paper, duplex):
    pdf = printing.render({"kind": "calibration", "paper": paper, "duplex": duplex})
    assert too_near_the_edge(pdf) == []


def test_the_slug_names_the_paper_size_bleed_and_duplex(sheet_deck):
    pdf = printing.render_deck(sheet_deck, {"paper": "a4", "size": "poker", "duplex": "short", "bleed": 0.5})
    with open_pdf(pdf) as document:
        for page in document.pages[:2]:
            text = page_text(page)
            assert "deskovka · A4 · poker 63×88 mm · bleed 0.5 mm · short-edge duplex" in text


# Russian and German texts run longest; the other languages are in the slow suite.
SLOW = pytest.mark.slow


@pytest.mark.parametrize("lang", ["ru", "de", *(pytest.param(lang, marks=SLOW) for lang in ("en", "cs", "sk", "hu"))])
def test_nothing_on_a_card_face_is_under_6_pt_at_any_size(lang):
    chronology = builtin_decks()["chronology-classic"]
    by_colour = {colour: [c for c in chronology.cards if c.colour == colour][:2] for colour in ("red", "beige", "blue")}
    deck = replace(chronology, cards=tuple(itertools.chain(*by_colour.values())))
    for size in (*CARD_SIZES, "40x60"):
        pdf = printing.render_deck(deck, {"size": size, "lang": lang, "duplex": "long"})
        with open_pdf(pdf) as document:
            sizes = [point_size(c) for page in document.pages[:2] for c in page.chars]
            cut = [c["text"] for page in document.pages[:2] for c in page.chars if c["text"] == "…"]
        assert min(sizes) >= 6 - 0.01, (size, min(sizes))
        assert not cut, f"{size}: a text was cut short"


@pytest.mark.parametrize("size", ["30x45", "25x25"])
def test_a_card_too_small_for_6_pt_text_is_refused_clearly(size):
    with pytest.raises(SpecError, match="6 pt") as refused:
        printing.render_deck(builtin_decks()["chronology-classic"], {"size": size})
    assert refused.value.problems[0].startswith("size: ")


def test_the_cli_warns_when_the_bleed_drops_below_1_mm(tmp_path, capsys):
    from printing.cli import main

    assert main(["deck", "homer-odyssey", "--paper", "letter", "-o", str(tmp_path / "l.pdf")]) == 0
    assert "warning: the bleed is 0 mm" in capsys.readouterr().err
    assert main(["deck", "homer-odyssey", "--paper", "a4", "-o", str(tmp_path / "a.pdf")]) == 0
    assert "warning" not in capsys.readouterr().err
    reader_bytes = (tmp_path / "l.pdf").read_bytes()
    with open_pdf(reader_bytes) as document:
        assert "bleed 0 mm" in page_text(document.pages[0])


def test_the_score_sheet_pads_cut_line_keeps_5_mm_from_the_edges():
    pdf = printing.render({"kind": "score-sheets", "count": 2, "per_page": 2, "paper": "letter"})
    assert too_near_the_edge(pdf) == []


@pytest.mark.parametrize(("paper", "size", "duplex"), [("a4", "poker", "long"), ("letter", "a6", "fold")])
def test_reference_sheets_keep_5_mm_and_carry_the_slug(paper, size, duplex):
    pdf = printing.render(
        {"kind": "reference", "game": "around-the-world", "lang": "ru", "paper": paper, "size": size, "duplex": duplex}
    )
    assert too_near_the_edge(pdf) == []
    with open_pdf(pdf) as document:
        assert f"{paper.upper()} · " in page_text(document.pages[0])
