"""A game night's kit: one PDF with every part, each as printed alone, pages counted and sized."""

import io

import pytest
from pypdf import PdfReader

import printing
from printing.kit_spec import kit_parts
from printing.reference import card_plan

A4 = (595.28, 841.89)
TIMELINE = {
    "kind": "kit",
    "game": "timeline",
    "languages": ["cs", "de"],
    "part": {"themes": ["art", "music"], "count": 120, "seed": 7},
}
LOST_CITIES = {"kind": "kit", "game": "lost-cities", "languages": ["hu", "en"], "players": ["Ann", "Bob", "Cili"]}


def pages(pdf):
    return [
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in PdfReader(io.BytesIO(pdf)).pages
    ]


def text_of(pdf):
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("kit", [TIMELINE, LOST_CITIES], ids=["timeline", "lost-cities"])
def test_a_kit_holds_every_part_as_printed_alone(kit):
    checked = printing.validate(kit)
    parts = [printing.render(spec) for _, spec in kit_parts(checked)]
    seen = []
    pdf = printing.render(kit, lambda done, total: seen.append((done, total)))
    assert pages(pdf) == [size for part in parts for size in pages(part)]
    assert pdf == printing.render(kit), "the same kit, the same bytes"
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] == len(pages(pdf))
    assert all(done <= total for done, total in seen)


def test_the_timeline_kit_pages_and_sizes():
    pdf = printing.render(TIMELINE)
    sizes = pages(pdf)
    # calibration (front, back), 120 cards at 9 a sheet (14 sheets, fronts and backs), a reference sheet per language
    assert len(sizes) == 2 + 28 + 1 + 1 and {tuple(sorted(size)) for size in sizes} == {A4}  # A4, either way up
    text = text_of(pdf)
    assert "Timeline" in text[30] and "Timeline" in text[31]
    assert "Příprava" in text[30] and "Vorbereitung" in text[31]
    assert "UMĚNÍ" in text[2] and "Timeline: Klasika" in text[2]


def test_the_lost_cities_kit_has_a_pad_with_each_players_name():
    pdf = printing.render(LOST_CITIES)
    sizes = pages(pdf)
    faces = sum(card_plan("lost-cities", lang, "a6").faces for lang in ("hu", "en"))
    pads = -(-3 * 3 // 2)  # three sheets each for three players, two sheets a landscape page
    assert len(sizes) == 2 + faces + pads and all(width > height for width, height in sizes[-pads:])
    pad_text = " ".join(text_of(pdf)[-pads:])
    assert all(pad_text.count(name) == 3 for name in ("Ann", "Bob", "Cili"))


@pytest.mark.parametrize(
    ("kit", "words"),
    [
        ({"game": "timeline", "players": ["A"]}, "keeps no score on paper"),
        ({"game": "lost-cities", "deck": "timeline-classic"}, "not played with a deck"),
        ({"game": "timeline", "languages": ["cs", "cs"]}, "distinct languages"),
        ({"game": "timeline", "part": {"themes": ["opera"]}}, "deck: part.themes"),
        ({"game": "timeline", "size": "huge"}, "size:"),
        ({}, "game: a game is required"),
    ],
)
def test_a_bad_kit_names_its_problem(kit, words):
    with pytest.raises(printing.SpecError, match=words):
        printing.validate({"kind": "kit", **kit})


def test_the_cli_prints_the_kit_the_api_would(tmp_path):
    from printing.cli import main

    out = tmp_path / "kit.pdf"
    args = ["kit", "timeline", "--languages", "cs,de", "--themes", "art,music", "--count", "120", "--seed", "7"]
    assert main([*args, "-o", str(out)]) == 0
    assert out.read_bytes() == printing.render(TIMELINE)
