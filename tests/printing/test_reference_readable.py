"""Reference cards read at the table: A6 by default with no body text under 8 pt (read from the PDF), rules that flow
onto the back when they need it, and A5 as a summary for the middle of the table."""

import pytest

import printing
from engine.decks.model import LANGUAGES
from printing.options import PrintOptions
from printing.reference import card_plan
from printing.sheet import plan_sheet
from printing.spec import REFERENCE_SIZES
from printing.translations import GAMES
from tests.printing.pdf import open_pdf
from tests.printing.test_reference_cards import is_slug

MM = 72 / 25.4


def smallest_text(pdf: bytes, size: str) -> tuple[float, int]:
    """The smallest font size of any character printed on a card (not the margin's slug), and the pages."""
    with open_pdf(pdf) as document:
        sizes = [c["size"] for page in document.pages for c in page.chars if not is_slug(c) and c["text"].strip()]
        return min(sizes), len(document.pages)


def test_a6_is_the_default():
    assert printing.validate({"kind": "reference", "game": "timeline"})["size"] == "a6"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_a6_card_has_no_text_under_8_pt_in_any_game(lang):
    for game in GAMES:
        pdf = printing.render({"kind": "reference", "game": game, "language": lang})
        smallest, pages = smallest_text(pdf, "a6")
        assert smallest >= 8.0 - 1e-6, (game, lang, smallest)
        assert pages == card_plan(game, lang, "a6").faces  # a front, and a back when the rules flow onto it


def test_rules_that_need_more_room_flow_onto_the_back_rather_than_shrink():
    plan = card_plan("around-the-world", "de", "a6")
    assert plan.faces == 2 and plan.setting.size >= 8
    first, second = plan.setting.faces
    assert first and second and first[0].text != second[0].text


@pytest.mark.parametrize("game", GAMES)
def test_an_a5_summary_is_larger_still(game):
    for lang in ("en", "hu", "ru"):
        plan = card_plan(game, lang, "a5")
        assert plan.setting.size >= max(9.0, card_plan(game, lang, "a6").setting.size - 1e-6), (game, lang)
    pdf = printing.render({"kind": "reference", "game": game, "size": "a5", "language": "cs"})
    smallest, _ = smallest_text(pdf, "a5")
    assert smallest >= 9.0 - 1e-6
    sheet = plan_sheet(PrintOptions("a4", REFERENCE_SIZES["a5"], "long", 0.0, (0, 0), "cs"))
    assert sheet.per_sheet == 1 and [round(v / MM) for v in (sheet.slots[0].front.w * MM,)] == [148]
