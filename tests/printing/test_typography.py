"""Typography read back from the PDF's text positions: no number broken across lines in any deck and language,
titles that fill their box on a small card, and a Chronology power's text right under its name."""

import re

import pytest
from reportlab.lib.units import mm

import printing
from engine.decks.model import LANGUAGES, pick_language
from engine.decks.store import builtin_decks
from printing.faces import face_layout
from printing.sheet import plan_sheet
from printing.spec import to_options, validate
from printing.text import GROUPED, clean
from printing.themes import POWERS
from tests.printing.pdf import Box, card_boxes, open_pdf

SIZES = ("poker", "mini-euro")


def grouped_numbers():
    """(deck, language, card ids, numbers): every card title written with a number in groups of three."""
    found = []
    for deck in builtin_decks().values():
        for lang in LANGUAGES:
            cards = [c for c in deck.cards if GROUPED.search(clean(pick_language(c.title, lang)))]
            if cards:
                numbers = [re.sub(r"\D", "", m.group()) for c in cards for m in GROUPED.finditer(c.title[lang])]
                found.append((deck.id, lang, [c.id for c in cards], numbers))
    return found


def lines_in(page, box: Box) -> list[tuple[float, str, list[dict]]]:
    """The text lines inside `box` (points, y up), top to bottom: (top, text, chars)."""
    rows: dict[float, list[dict]] = {}
    for char in page.chars:
        if box.holds((char["x0"] + char["x1"]) / 2, page.height - (char["top"] + char["bottom"]) / 2):
            rows.setdefault(round(char["top"], 0), []).append(char)
    return [
        (top, "".join(c["text"] for c in sorted(row, key=lambda c: c["x0"])), row) for top, row in sorted(rows.items())
    ]


def title_boxes(page, spec, with_power):
    """Each card's title box on a page of fronts, in points."""
    plan = plan_sheet(to_options(validate(spec)))
    layout = face_layout(plan.card, plan.bleed, with_power, spec["language"])
    x, y, width, height = layout.title
    bleed = plan.bleed * mm
    return [Box(card.x + bleed + x, card.y + bleed + y, width, height) for card in card_boxes(page, plan)], layout


@pytest.mark.parametrize("size", SIZES)
def test_no_number_is_broken_across_lines_in_any_deck_and_language(size):
    cases = grouped_numbers()
    assert {lang for _, lang, _, _ in cases} >= {"cs", "sk", "hu", "ru"}  # "55 000 фунтов" among them
    for deck_id, lang, ids, numbers in cases:
        spec = {"kind": "deck", "deck": deck_id, "language": lang, "size": size, "part": {"cards": ids}}
        whole = []
        with open_pdf(printing.render(spec)) as document:
            for page in document.pages[::2]:  # the fronts: each title once
                boxes, _ = title_boxes(page, spec, deck_id.startswith("chronology"))
                for box in boxes:
                    lines = [re.sub(r"\s", "", text) for _, text, _ in lines_in(page, box)]
                    for upper, lower in zip(lines, lines[1:], strict=False):
                        assert not (re.search(r"\d$", upper) and re.match(r"\d{3}(?!\d)", lower)), (lang, upper, lower)
                    whole += [n for n in numbers for line in lines if n in re.sub(r"\D", "", line)]
        assert sorted(set(whole)) == sorted(set(numbers)), (deck_id, lang)


def test_titles_fill_their_box_on_a_mini_euro_card():
    spec = {"kind": "deck", "deck": "timeline-classic", "language": "en", "size": "mini-euro", "part": {"count": 32}}
    fills = []
    with open_pdf(printing.render(spec)) as document:
        for page in document.pages[::2]:
            boxes, _ = title_boxes(page, spec, False)
            for box in boxes:
                chars = [c for _, _, row in lines_in(page, box) for c in row]
                top, bottom = min(c["top"] for c in chars), max(c["bottom"] for c in chars)
                fills.append((bottom - top) / box.h)
                assert min(c["size"] for c in chars) >= 6
    assert len(fills) == 32 and min(fills) >= 0.35 and sum(fills) / len(fills) >= 0.6, sorted(fills)[:5]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_powers_text_follows_its_name_with_no_empty_band(size, lang):
    deck = builtin_decks()["chronology-classic"]
    ids = [next(c.id for c in deck.cards if c.colour == colour) for colour in POWERS]
    spec = {"kind": "deck", "deck": "chronology-classic", "language": lang, "size": size, "part": {"cards": ids}}
    plan = plan_sheet(to_options(validate(spec)))
    layout = face_layout(plan.card, plan.bleed, True, lang)
    bleed = plan.bleed * mm
    with open_pdf(printing.render(spec)) as document:
        page = document.pages[0]
        for card in card_boxes(page, plan):
            x, y, width, height = layout.power
            box = Box(card.x + bleed + x, card.y + bleed + y, width, height)
            lines = lines_in(page, box)
            names = [row for _, _, row in lines if "Bold" in row[0]["fontname"]]
            texts = [row for _, _, row in lines if "Bold" not in row[0]["fontname"]]
            assert names and texts
            name_bottom = max(c["bottom"] for row in names for c in row)
            text_top = min(c["top"] for row in texts for c in row)
            size_pt = texts[0][0]["size"]
            assert 0 <= text_top - name_bottom <= 0.8 * size_pt, (lang, size, text_top - name_bottom)
            above = min(c["top"] for row in names for c in row) - (page.height - box.y - box.h)
            below = (page.height - box.y) - max(c["bottom"] for row in texts for c in row)
            assert abs(above - below) <= 0.3 * size_pt + 1.5, (lang, size, above, below)
