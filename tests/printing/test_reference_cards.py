import io

import pypdf
import pytest

import printing
from engine.decks.model import LANGUAGES
from printing.reference import MIN_SIZE, card_plan, plan_card, render_reference
from printing.slug import INK as SLUG_INK
from printing.translations import GAMES, texts
from printing.typeset import TextOverflow
from tests.printing.pdf import open_pdf

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)
SIZES = ("poker", "a6", "a5")


def is_slug(char: dict) -> bool:
    """Tell the margin's slug (upright on every page, in its own grey) from the cards' text."""
    return tuple(round(v, 3) for v in char["non_stroking_color"]) == tuple(round(v, 3) for v in SLUG_INK.rgb())


def flat(text: str) -> str:
    return " ".join(text.split())


def pages_text(pdf: bytes) -> list[str]:
    return [flat(page.extract_text()) for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


class TestEveryCardFits:
    """Every game's card fits in every language and size, at a readable size, on one or two faces."""

    @pytest.mark.parametrize("size", SIZES)
    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_fits(self, lang, size):
        for game in GAMES:
            plan = card_plan(game, lang, size)
            assert plan.setting.size >= MIN_SIZE, (game, lang, size)
            assert plan.faces in (1, 2)
            assert len(plan.title.lines) <= 2

    def test_every_word_is_set(self):
        for lang in LANGUAGES:
            reference = texts("reference", lang)
            for game in GAMES:
                plan = card_plan(game, lang, "poker")
                set_text = flat(" ".join(line.text for face in plan.setting.faces for line in face if line.text != "•"))
                for section in ("setup", "turn", "special", "end"):
                    assert reference["headings"][section] in set_text
                    for item in reference[game][section]:
                        assert flat(item) in set_text, (lang, game, item)

    def test_too_much_text_fails_instead_of_shrinking_or_cutting(self):
        reference = texts("reference", "en")
        game = dict(reference["ticket-to-ride-europe"], special=reference["ticket-to-ride-europe"]["special"] * 6)
        with pytest.raises(TextOverflow, match="at 6 pt"):
            plan_card(game, reference["headings"], "ticket-to-ride-europe", "poker")

    def test_a_title_too_long_fails(self):
        reference = texts("reference", "en")
        game = dict(reference["timeline"], title="Timeline " * 12)
        with pytest.raises(TextOverflow):
            plan_card(game, reference["headings"], "timeline", "poker")

    def test_a_short_card_keeps_to_one_face(self):
        assert card_plan("timeline", "en", "a6").faces == 1


class TestReferenceSheet:
    """A sheet holds copies of one card: fronts, then backs when the rules need a second face."""

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_each_language_prints_its_own_text(self, lang):
        reference = texts("reference", lang)
        for game in GAMES:
            plan = card_plan(game, lang, "poker")
            shown = pages_text(render_reference({"game": game, "lang": lang, "size": "poker"}))
            assert len(shown) == plan.faces
            heading = flat(f"{reference[game]['title']} {reference[game]['players']}")
            assert shown[0].count(heading) == 9  # nine poker cards on A4
            assert flat(reference[game]["setup"][0]) in shown[0]
            assert flat(reference[game]["end"][-1]) in shown[-1]

    @pytest.mark.parametrize(
        ("paper", "size", "copies"), [("a4", "a6", 2), ("letter", "poker", 9), ("letter", "a6", 2)]
    )
    def test_paper_and_size(self, paper, size, copies):
        pdf = render_reference({"game": "chronology", "paper": paper, "size": size})
        reader = pypdf.PdfReader(io.BytesIO(pdf))
        page_size = A4 if paper == "a4" else LETTER
        for page in reader.pages:
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            assert sorted((width, height)) == pytest.approx(sorted(page_size), abs=0.01)
        assert flat(reader.pages[0].extract_text()).count("Chronology 2–8 players") == copies

    def test_fold_puts_both_faces_on_one_page(self):
        pdf = render_reference({"game": "ticket-to-ride-europe", "duplex": "fold", "size": "poker"})
        (page,) = pages_text(pdf)
        reference = texts("reference", "en")["ticket-to-ride-europe"]
        assert flat(reference["setup"][0]) in page and flat(reference["end"][-1]) in page

    def test_a_one_face_card_prints_one_page(self):
        assert len(pages_text(render_reference({"game": "timeline", "size": "a6", "duplex": "long"}))) == 1

    def test_short_edge_backs_are_turned(self):
        pdf = render_reference({"game": "lost-cities", "duplex": "short", "size": "poker"})
        with open_pdf(pdf) as document:
            front, back = ([c for c in page.chars if not is_slug(c)] for page in document.pages[:2])
            assert front and all(char["matrix"][0] > 0 for char in front)
            assert back and all(char["matrix"][0] < 0 for char in back)

    def test_each_face_is_one_form_and_fonts_are_embedded(self):
        pdf = render_reference({"game": "around-the-world", "lang": "ru", "size": "poker"})
        reader = pypdf.PdfReader(io.BytesIO(pdf))
        for number, page in enumerate(reader.pages, start=1):
            assert page.get_contents().get_data().count(f"/FormXob.reference-face-{number} Do".encode()) == 9
            for ref in page["/Resources"]["/Font"].values():
                assert "/FontFile2" in ref.get_object()["/FontDescriptor"]
        assert b"Helvetica" not in pdf

    def test_progress_and_reproducible_bytes(self):
        calls = []
        spec = {"kind": "reference", "game": "chronology", "lang": "cs"}
        pdf = printing.render(spec, lambda *call: calls.append(call))
        assert calls == [(0, 2), (1, 2), (2, 2)]
        assert printing.render(spec) == pdf


GERMAN_CARD_NAMES = ("Elefant", "Angebot", "Beziehung", "Verzögerung", "Unwetter")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "de"])
def test_80_days_names_its_event_cards_in_the_language_only(lang):
    # The German names in brackets helped only a German box's players; a reader of the language asked them away.
    card = texts("reference", lang)["around-the-world"]
    rules = " ".join(item for key in ("setup", "turn", "special", "end") for item in card[key])
    for name in GERMAN_CARD_NAMES:
        assert f"({name})" not in rules, f"{lang}: {name} in brackets"
    assert card_plan("around-the-world", lang, "poker").setting.size >= MIN_SIZE + 0.25
