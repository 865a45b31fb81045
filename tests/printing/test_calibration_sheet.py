"""The calibration sheet in the print's language, with scales that cover every offset and numbers that never meet;
and sheets that leave a gutter between cards where the paper has room (Letter too), saying so when it has none."""

import itertools

import pytest
from reportlab.lib.units import mm

import printing
from printing.calibration import SCALE_MM
from printing.options import CARD_SIZES, PrintOptions
from printing.sheet import APART_MIN, plan_sheet
from printing.spec import MAX_BACK_OFFSET
from tests.printing.pdf import open_pdf

SAID = {
    "en": ("deskovka calibration, front", "back offset x 0.5 mm, y −1 mm", "Hold the sheet to the light"),
    "cs": ("deskovka, kalibrace, líc", "posun rubu x 0,5 mm, y −1 mm", "Podívej se na list proti světlu"),
    "sk": ("deskovka, kalibrácia, líce", "posun rubu x 0,5 mm, y −1 mm", "Pozri sa na hárok proti svetlu"),
    "de": ("deskovka-Kalibrierung, Vorderseite", "Rückseitenversatz x 0,5 mm, y −1 mm", "Halte das Blatt"),
    "hu": ("deskovka kalibrálás, előlap", "hátoldal-eltolás x 0,5 mm, y −1 mm", "Tartsd a lapot a fény felé"),
    "ru": ("deskovka, калибровка, лицевая сторона", "сдвиг оборота x 0,5 мм, y −1 мм", "Посмотрите на лист"),
}


def page_text(page) -> str:
    return " ".join(page.extract_text().split())


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_calibration_sheet_speaks_the_print_language(lang):
    pdf = printing.render({"kind": "calibration", "lang": lang, "back_offset": [0.5, -1]})
    front_words, offset, advice = SAID[lang]
    with open_pdf(pdf) as document:
        front, back = (page_text(page) for page in document.pages)
    assert front_words in front and offset in front
    assert advice in back and offset.split(" ", 2)[-1] in back
    if lang != "en":
        assert "calibration" not in front + back and "back offset" not in front + back


def test_the_back_scales_cover_every_back_offset_the_printer_takes():
    assert SCALE_MM >= MAX_BACK_OFFSET
    with open_pdf(printing.render({"kind": "calibration"})) as document:
        words = {word["text"] for word in document.pages[1].extract_words()}
    assert {"−10", "−5", "+5", "+10"} <= words


@pytest.mark.parametrize(("paper", "size"), list(itertools.product(("a4", "letter"), CARD_SIZES)))
def test_no_two_texts_on_the_back_overlap(paper, size):
    pdf = printing.render({"kind": "calibration", "paper": paper, "size": size, "duplex": "long"})
    with open_pdf(pdf) as document:
        words = document.pages[1].extract_words(keep_blank_chars=False, use_text_flow=True)
    boxes = [(w["x0"], w["top"], w["x1"], w["bottom"], w["text"]) for w in words]
    touching = [
        (a[4], b[4])
        for a, b in itertools.combinations(boxes, 2)
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]
    assert touching == []


def plan(paper, size):
    return plan_sheet(PrintOptions(paper, CARD_SIZES[size], "long", None, (0.0, 0.0), "en"))


def card_rects(pdf: bytes, trims) -> list[tuple[float, float]]:
    """The left and bottom edges of the card faces drawn on the first page, in mm."""
    with open_pdf(pdf) as document:
        page = document.pages[0]
        height = float(page.height)
        edges = set()
        for rect in page.rects:
            for trim in trims:
                if abs(rect["x0"] / mm - trim.x) < 0.05 and abs((height - rect["bottom"]) / mm - trim.y) < 0.05:
                    edges.add((round(trim.x, 2), round(trim.y, 2)))
        return sorted(edges)


@pytest.mark.parametrize("size", ["bridge", "mini-euro", "tarot"])
def test_letter_sheets_leave_a_gutter_between_cards(size):
    sheet = plan("letter", size)
    trims = [slot.front for slot in sheet.slots]
    gaps_x = {round(b.x - a.right, 2) for a in trims for b in trims if abs(a.y - b.y) < 0.01 and b.x > a.x}
    gaps_y = {round(b.y - a.top, 2) for a in trims for b in trims if abs(a.x - b.x) < 0.01 and b.y > a.y}
    # Neighbours' trims lie apart by both bleeds and any gutter, never touching, and the cards are drawn as planned.
    assert min(gaps_x | gaps_y) >= max(APART_MIN, 2 * sheet.bleed) and sheet.touching == (False, False)
    pdf = printing.render({"kind": "calibration", "paper": "letter", "size": size})
    assert len(card_rects(pdf, trims)) == len(trims)


def test_letter_poker_cards_touch_top_to_bottom_and_the_margin_says_so():
    sheet = plan("letter", "poker")
    assert sheet.touching == (False, True) and sheet.gutter[0] > 0
    pdf = printing.render({"kind": "calibration", "paper": "letter", "size": "poker"})
    with open_pdf(pdf) as document:
        assert "touch" in page_text(document.pages[0]) and "cut" in page_text(document.pages[0])
    assert "touch" not in page_text(open_pdf(printing.render({"kind": "calibration", "paper": "a4"})).pages[0])


def test_a4_poker_keeps_its_nine_cards_and_gains_a_gutter_between_rows():
    sheet = plan("a4", "poker")
    assert (sheet.per_sheet, sheet.bleed, sheet.touching) == (9, 1.0, (False, False)) and sheet.gutter[1] > 0
