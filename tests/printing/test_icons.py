"""Pictograms that tell cards apart: neighbouring cards of one theme show different glyphs of the icon font, read
back from the PDF, and the icon set names its source and licence."""

import json
from pathlib import Path

import printing
from printing.sheet import plan_sheet
from printing.spec import to_options, validate
from tests.printing.pdf import card_boxes, open_pdf

ICONS = json.loads((Path(__file__).parents[2] / "printing" / "icons.json").read_text(encoding="utf-8"))


def test_the_icon_set_names_its_source_and_licence_and_has_several_per_theme():
    assert "Font Awesome Free" in ICONS["source"] and "CC BY 4.0" in ICONS["licence"]
    assert all(len(icons) >= 5 for icons in ICONS["themes"].values())


def test_neighbouring_cards_of_one_theme_have_different_pictures():
    for theme in ("events", "art", "sport"):
        spec = {"kind": "deck", "deck": "timeline-classic", "part": {"themes": [theme]}}
        plan = plan_sheet(to_options(validate(spec)))
        with open_pdf(printing.render(spec)) as document:
            page = document.pages[0]
            glyphs = []
            for box in sorted(card_boxes(page, plan), key=lambda b: (-b.y, b.x)):
                inside = [
                    c["text"]
                    for c in page.chars
                    if "FontAwesome" in c["fontname"] and box.holds(c["x0"] + 1, page.height - c["bottom"] + 1)
                ]
                glyphs.append("".join(inside))
        assert len(glyphs) == 9 and all(glyphs)
        assert all(a != b for a, b in zip(glyphs, glyphs[1:], strict=False)), (theme, glyphs)
        assert len(set(glyphs)) >= 5
