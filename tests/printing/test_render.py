import io
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pypdf
import pytest
from reportlab.lib.units import mm

import printing
from engine.decks import store
from printing import images
from printing.sheet import plan_sheet
from printing.spec import to_options, validate
from tests.printing.decks import dated_deck, hostile_deck, ordinal_deck
from tests.printing.pdf import TOLERANCE, Box, card_boxes, open_pdf, segments, text_in

ROOT = Path(__file__).resolve().parents[2]
A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)


def plan_for(deck, **options):
    return plan_sheet(to_options(validate({**options, "kind": "deck"}, deck=deck)))


@pytest.fixture(scope="module")
def big_deck():
    return dated_deck(210)


@pytest.fixture(scope="module")
def big_a4(big_deck):
    return printing.render_deck(big_deck, {"paper": "a4"})


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_210_card_deck_prints_on_every_paper(big_deck, big_a4, paper, size):
    pdf = big_a4 if paper == "a4" else printing.render_deck(big_deck, {"paper": paper})
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    plan = plan_for(big_deck, paper=paper)
    assert plan.per_sheet == 9
    assert len(reader.pages) == 2 * 24
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(size, abs=0.01)
    with open_pdf(pdf) as document:
        last = document.pages[-1]
        assert len(card_boxes(last, plan)) == 210 - 23 * 9
        assert "Event 209" in last.extract_text()


def test_every_card_is_printed_with_its_date_on_the_back(big_deck, big_a4):
    reader = pypdf.PdfReader(io.BytesIO(big_a4))
    fronts = "".join(page.extract_text() for page in reader.pages[0::2])
    backs = "".join(page.extract_text() for page in reader.pages[1::2])
    for card in big_deck.cards:
        assert card.title["en"] in fronts and card.title["en"] in backs
    assert "1200 BC" in backs and "1200 BC" not in fronts
    assert "1517" in backs  # the year of card 209


def test_text_is_roboto_embedded_and_never_helvetica(big_a4):
    assert b"Helvetica" not in big_a4
    reader = pypdf.PdfReader(io.BytesIO(big_a4))
    names = set()
    for page in reader.pages[:2]:
        fonts = page["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            names.add(font["/BaseFont"].split("+", 1)[1])
            assert "/FontFile2" in font["/FontDescriptor"]  # the TrueType subset is embedded
    # Roboto for every text; the pictograms are glyphs of the icon font, embedded too.
    icon_fonts = {name for name in names if "FontAwesome" in name}
    assert names - icon_fonts == {"Roboto-Regular", "Roboto-Bold"} and len(icon_fonts) <= 1
    with open_pdf(big_a4) as document:
        fonts = {c["fontname"].split("+", 1)[1] for c in document.pages[0].chars}
        assert fonts - icon_fonts == {"Roboto-Regular", "Roboto-Bold"}


def test_pages_carry_trim_and_bleed_boxes(big_deck, big_a4):
    plan = plan_for(big_deck)
    reader = pypdf.PdfReader(io.BytesIO(big_a4))
    left = min(s.front.x for s in plan.slots)
    bottom = min(s.front.y for s in plan.slots)
    for page in reader.pages[:2]:
        trim, bleed = page.trimbox, page.bleedbox
        assert float(trim.left) == pytest.approx(left * mm, abs=0.01)
        assert float(trim.bottom) == pytest.approx(bottom * mm, abs=0.01)
        assert float(trim.width) == pytest.approx(3 * 63 * mm + 4 * plan.bleed * mm, abs=0.01)
        assert float(bleed.left) == pytest.approx(float(trim.left) - plan.bleed * mm, abs=0.01)
        assert float(bleed.top) == pytest.approx(float(trim.top) + plan.bleed * mm, abs=0.01)


def _pairs(pdf: bytes, plan, turned: bool):
    """Yield (front box, back box) of each card, matched by its title read from the PDF."""
    with open_pdf(pdf) as document:
        front_page, back_page = document.pages[0], document.pages[1]
        fronts = {text_in(front_page, box)[:9]: box for box in card_boxes(front_page, plan)}
        backs = {text_in(back_page, box, turned)[:9]: box for box in card_boxes(back_page, plan)}
        if turned:
            on_cards = [
                c
                for c in back_page.chars
                if any(
                    box.holds((c["x0"] + c["x1"]) / 2, back_page.height - (c["top"] + c["bottom"]) / 2)
                    for box in card_boxes(back_page, plan)
                )
            ]
            assert on_cards and all(c["matrix"][0] < 0 for c in on_cards)  # drawn turned 180° (not the slug)
        assert fronts.keys() == backs.keys() and len(fronts) == min(7, plan.per_sheet)
        for title, front in fronts.items():
            assert title.startswith("Event")
            yield front, backs[title]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_mirror_fronts_in_the_pdf(duplex):
    deck = dated_deck(7)  # a part-filled sheet
    plan = plan_for(deck, duplex=duplex)
    width, height = A4
    pdf = printing.render_deck(deck, {"duplex": duplex})
    for front, back in _pairs(pdf, plan, turned=duplex == "short"):
        if duplex == "long":
            expected = Box(width - front.x - front.w, front.y, front.w, front.h)
        else:
            expected = Box(front.x, height - front.y - front.h, front.w, front.h)
        assert back.near(expected), (front, back)


def test_landscape_long_edge_mirrors_vertically():
    deck = dated_deck(7)
    plan = plan_for(deck, size="100x60")
    assert plan.landscape
    pdf = printing.render_deck(deck, {"size": "100x60"})
    width, height = A4[1], A4[0]
    for front, back in _pairs(pdf, plan, turned=True):
        assert back.near(Box(front.x, height - front.y - front.h, front.w, front.h))
    assert pypdf.PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width == pytest.approx(width, abs=0.01)


def test_back_offset_moves_only_the_backs():
    deck = dated_deck(7)
    plan = plan_for(deck)
    plain = list(_pairs(printing.render_deck(deck), plan, turned=False))
    moved = list(_pairs(printing.render_deck(deck, {"back_offset": [1.5, -1]}), plan, turned=False))
    for (front, back), (moved_front, moved_back) in zip(plain, moved, strict=True):
        assert moved_front.near(front)
        assert moved_back.near(Box(back.x + 1.5 * mm, back.y - 1 * mm, back.w, back.h))


def test_crop_marks_never_touch_a_card(big_deck, big_a4):
    plan = plan_for(big_deck)
    with open_pdf(big_a4) as document:
        for page in document.pages[:2]:
            cards = card_boxes(page, plan)
            assert len(cards) == 9
            outside = 0
            for x1, y1, x2, y2 in segments(page):
                inside = [c for c in cards if c.holds(x1, y1) and c.holds(x2, y2)]
                if inside:
                    continue  # drawn on a card, like a pictogram's stroke
                outside += 1
                for card in cards:
                    crosses_x = min(x1, x2) < card.x + card.w - TOLERANCE and max(x1, x2) > card.x + TOLERANCE
                    crosses_y = min(y1, y2) < card.y + card.h - TOLERANCE and max(y1, y2) > card.y + TOLERANCE
                    assert not (crosses_x and crosses_y), ((x1, y1, x2, y2), card)
            assert outside == len(plan.front_marks)


def test_fold_layout_puts_mirrored_backs_on_the_same_page(big_deck):
    plan = plan_for(big_deck, duplex="fold")
    pdf = printing.render_deck(big_deck, {"duplex": "fold"})
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == -(-210 // plan.per_sheet)
    with open_pdf(pdf) as document:
        page = document.pages[0]
        boxes = card_boxes(page, plan)
        assert len(boxes) == 2 * plan.per_sheet
        across = plan.fold.y1 == plan.fold.y2  # a horizontal fold line: backs below, turned
        fold = (plan.fold.y1 if across else plan.fold.x1) * mm
        lines = segments(page)
        if across:
            assert any(abs(y1 - fold) < 0.01 and abs(y2 - fold) < 0.01 for _, y1, _, y2 in lines)
        else:
            assert any(abs(x1 - fold) < 0.01 and abs(x2 - fold) < 0.01 for x1, _, x2, _ in lines)
        fronts = [b for b in boxes if (b.y >= fold if across else b.x + b.w <= fold)]
        backs = [b for b in boxes if b not in fronts]
        assert len(fronts) == len(backs) == plan.per_sheet
        for box in fronts:
            if across:
                mirror = Box(box.x, 2 * fold - box.y - box.h, box.w, box.h)
            else:
                mirror = Box(2 * fold - box.x - box.w, box.y, box.w, box.h)
            partner = next(b for b in backs if b.near(mirror))
            assert text_in(page, partner, turned=across)[:9] == text_in(page, box)[:9]


def test_hostile_text_prints_literally_and_loads_nothing():
    pdf = printing.render_deck(hostile_deck())
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    text = " ".join(text.split())  # a title may wrap at any of its spaces
    for literal in ('<img src="/etc/passwd"/>', '<a href="http://x">link</a>', "<font color=red>red</font>"):
        assert literal in text
    assert "&amp; &lt;b&gt; <para>" in text
    assert '<img src="/etc/hostname"/>' in text
    assert "<B>THEME</B>" in text
    for marker in (b"/URI", b"/Annots", b"/Subtype /Image", b"root:"):
        assert marker not in pdf


def test_a_built_in_picture_is_drawn_and_nothing_else_is_opened(tmp_path, monkeypatch):
    from PIL import Image

    Image.new("RGB", (8, 8), "red").save(tmp_path / "red-square.png")
    monkeypatch.setattr(images, "image_dir", lambda: tmp_path)
    assert images.card_image("red-square.png") == str(tmp_path / "red-square.png")
    for name in ("../red-square.png", str(tmp_path / "red-square.png"), "http://x/red-square.png", "missing.png"):
        assert images.card_image(name) is None
    deck = dated_deck(2)
    deck = replace(deck, cards=(replace(deck.cards[0], image="red-square.png"), deck.cards[1]))
    assert b"/Subtype /Image" in printing.render_deck(deck)


def test_ordinal_and_chronology_cards_print_their_labels_and_powers():
    pdf = printing.render_deck(ordinal_deck())
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert "Ch. 1 · 1" in text and "Ch. 3 · 12" in text
    pdf = printing.render_deck(dated_deck(15), {"lang": "cs"})
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages).replace("\n", " ")
    for words in ("Válka ničí", "Kultura tvoří", "Věda mění vše", "Odhoď vrchní kartu libovolné hromádky."):
        assert words in text
    assert "Událost 001 – žluťoučký kůň" in text


def test_calibration_pages():
    pdf = printing.render_calibration({"paper": "letter", "back_offset": [0.5, -1]})
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612, abs=0.01)
    front, back = (" ".join(page.extract_text().split()) for page in reader.pages)
    assert "calibration" in front and "back offset x 0.5 mm, y −1 mm" in front
    assert "+5" in back and "−10" in back
    assert "New back offset: x 0.5 mm, y −1 mm plus that reading." in " ".join(back.split())
    assert len(pypdf.PdfReader(io.BytesIO(printing.render_calibration({"duplex": "fold"}))).pages) == 1


def test_render_reports_progress_per_page(monkeypatch):
    deck = dated_deck(20)
    monkeypatch.setattr(store, "builtin_decks", lambda: {deck.id: deck})
    calls = []
    pdf = printing.render({"kind": "deck", "deck": deck.id}, lambda done, total: calls.append((done, total)))
    assert calls == [(done, 6) for done in range(7)]
    assert len(pypdf.PdfReader(io.BytesIO(pdf)).pages) == 6
    calls.clear()
    printing.render({"kind": "calibration"}, lambda done, total: calls.append((done, total)))
    assert calls == [(0, 2), (1, 2), (2, 2)]


SUBPROCESS = """
import sys
import printing
from tests.printing.decks import dated_deck
sys.stdout.buffer.write(printing.render_deck(dated_deck(40), {"lang": "cs", "duplex": "short"}))
"""


def test_the_same_spec_gives_the_same_bytes_in_another_process():
    here = printing.render_deck(dated_deck(40), {"lang": "cs", "duplex": "short"})
    assert printing.render_deck(dated_deck(40), {"lang": "cs", "duplex": "short"}) == here
    environment = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    there = subprocess.run(
        [sys.executable, "-c", SUBPROCESS], cwd=ROOT, env=environment, capture_output=True, check=True, timeout=60
    ).stdout
    assert there == here


def test_printing_stays_pure():
    code = (
        "import sys, printing, printing.cli; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'redis', 'rq', 'api', 'worker'}))"
    )
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    shown = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True)
    assert shown.stdout.strip() == "[]", shown.stderr


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "1200 BC"),
        ("cs", "1200 př. n. l."),
        ("sk", "1200 pred n. l."),
        ("hu", "i. e. 1200"),
        ("ru", "1200 до н. э."),
        ("de", "1200 v. Chr."),
    ],
)
def test_years_before_the_common_era_carry_the_languages_era_label(lang, label):
    pdf = printing.render_deck(dated_deck(3), {"lang": lang, "duplex": "long"})
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    back = reader.pages[1].extract_text()
    assert label in back and "1187" in back
    if lang != "en":
        assert "BC" not in back


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_date_cannot_be_read_through_the_question_side(duplex):
    """Right in front of each date's digits, the question side has a block of scattered digits of the same size."""
    deck = dated_deck(9)
    plan = plan_for(deck, duplex=duplex)
    width, height = A4
    pdf = printing.render_deck(deck, {"duplex": duplex})
    with open_pdf(pdf) as document:
        front, back = document.pages[0], document.pages[1]
        labels = [c for c in back.chars if c["size"] > 15 and "FontAwesome" not in c["fontname"]]  # the dates
        assert labels
        for char in labels:
            x0, x1, top, bottom = char["x0"], char["x1"], char["top"], char["bottom"]
            if duplex == "long":
                x0, x1 = width - x1, width - x0
            else:
                top, bottom = height - bottom, height - top
            screen = [
                c
                for c in front.chars
                if c["text"].isdigit()
                and abs(c["size"] - char["size"]) < 0.01
                and c["x0"] < x1
                and c["x1"] > x0
                and c["top"] < bottom
                and c["bottom"] > top
            ]
            assert screen, f"nothing hides {char['text']!r} at ({x0:.0f}, {top:.0f})"
        for box in card_boxes(front, plan):
            text = text_in(front, box)
            assert not any(str(abs(card.year)) in text for card in deck.cards if card.title["en"] in text)
