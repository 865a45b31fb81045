import copy
import io
from collections import Counter

import pypdf
import pytest

import printing
from engine.lost_cities.layout import default_layout, parse_layout
from printing.pad import FORM, render_score_sheets
from printing.symbols import SHAPES
from printing.translations import texts
from tests.printing.pdf import open_pdf

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)


def expected_tokens(layout) -> Counter:
    """Every value the layout puts on a sheet, as the words a sheet must show."""
    tokens: Counter = Counter()
    for column in layout.raw["columns"]:
        points = {"artefacts": layout.artefact_points, "dice": layout.dice_points}.get(
            column["kind"], layout.colour_points
        )
        tokens.update(str(value) for value in points)
        tokens[f"+{layout.bridge_bonus}"] += 1
        if column["kind"] == "colour":
            tokens[f"×{layout.double_factor}"] += 1
    return tokens


def words(pdf: bytes, page: int) -> Counter:
    with open_pdf(pdf) as document:
        return Counter(word["text"] for word in document.pages[page].extract_words())


def missing(expected: Counter, shown: Counter) -> Counter:
    return expected - shown


@pytest.fixture(scope="module")
def pad():
    return render_score_sheets({"count": 100, "per_page": 1})


class TestPad:
    """A pad prints `count` sheets, one or two a page, on A4 or Letter."""

    @pytest.mark.parametrize(
        ("paper", "per_page", "count", "pages", "size"),
        [
            ("a4", 1, 3, 3, A4),
            ("a4", 2, 3, 2, A4[::-1]),
            ("letter", 1, 1, 1, LETTER),
            ("letter", 2, 4, 2, LETTER[::-1]),
        ],
    )
    def test_pages_and_sizes(self, paper, per_page, count, pages, size):
        pdf = render_score_sheets({"paper": paper, "per_page": per_page, "count": count})
        reader = pypdf.PdfReader(io.BytesIO(pdf))
        assert len(reader.pages) == pages
        for page in reader.pages:
            assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(size, abs=0.01)

    def test_two_a_page_show_two_sheets_and_a_cut_line(self):
        pdf = render_score_sheets({"per_page": 2, "count": 2})
        with open_pdf(pdf) as document:
            page = document.pages[0]
            assert page.extract_text().count("Lost Cities: Roll & Write") == 2
            middle = page.width / 2
            assert any(abs(line["x0"] - middle) < 0.01 and abs(line["x1"] - middle) < 0.01 for line in page.lines)

    def test_names_are_cycled_and_the_game_number_is_on_every_sheet(self):
        pdf = render_score_sheets({"count": 5, "per_page": 2, "names": ["Žofie", "Ödön"], "game_number": 42})
        pages = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]
        shown = " ".join(pages)
        assert shown.count("Žofie") == 3 and shown.count("Ödön") == 2
        assert shown.count("42") == 5
        assert "Žofie" in pages[2] and "Ödön" not in pages[2]

    def test_every_language_labels_the_sheet(self):
        for lang in ("en", "cs", "sk", "hu", "ru", "de"):
            text = pypdf.PdfReader(io.BytesIO(render_score_sheets({"lang": lang}))).pages[0].extract_text()
            labels = texts("sheet", lang)
            for key in ("player", "game", "columns", "bridges", "total"):
                assert labels[key] in text, (lang, key)
            assert texts("reference", lang)["lost-cities"]["title"] in text

    def test_progress_is_reported_per_page(self):
        calls = []
        printing.render({"kind": "score-sheets", "count": 5, "per_page": 2}, lambda *call: calls.append(call))
        assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]

    def test_the_same_spec_gives_the_same_bytes(self):
        spec = {"kind": "score-sheets", "count": 3, "names": ["Ann"], "game_number": 1}
        assert printing.render(spec) == printing.render(spec)


class TestBlankSheetIsOneForm:
    """The blank sheet is drawn once, as a form XObject every sheet reuses."""

    def test_a_100_sheet_pad_calls_one_form_on_every_page(self, pad):
        reader = pypdf.PdfReader(io.BytesIO(pad))
        assert len(reader.pages) == 100
        forms = set()
        for page in reader.pages:
            xobjects = page["/Resources"]["/XObject"]
            forms.add(xobjects.raw_get(f"/FormXob.{FORM}").idnum)
            assert f"/FormXob.{FORM} Do".encode() in page.get_contents().get_data()
        assert len(forms) == 1

    def test_the_pad_grows_far_less_than_linearly(self, pad):
        one = render_score_sheets({"count": 1})
        per_extra_sheet = (len(pad) - len(one)) / 99
        assert per_extra_sheet < 0.05 * len(one), (len(one), len(pad))

    def test_fonts_are_roboto_and_embedded(self, pad):
        assert b"Helvetica" not in pad
        fonts = pypdf.PdfReader(io.BytesIO(pad)).pages[0]["/Resources"]["/Font"]
        names = set()
        for ref in fonts.values():
            font = ref.get_object()
            names.add(font["/BaseFont"].split("+", 1)[1])
            assert "/FontFile2" in font["/FontDescriptor"]
        assert names == {"Roboto-Regular", "Roboto-Bold"}


class TestSheetFollowsTheEngineLayout:
    """What the sheet shows comes from the engine's sheet file, and changes with it."""

    def test_every_value_of_the_layout_is_printed(self, pad):
        expected = expected_tokens(default_layout())
        assert missing(expected, words(pad, 0)) == Counter()
        assert missing(expected, words(pad, 99)) == Counter()

    def test_a_changed_layout_changes_the_printed_sheet(self):
        raw = copy.deepcopy(default_layout().raw)
        raw["points"]["colour"][5]["points"] = 33
        raw["points"]["artefacts"][9]["points"] = 120
        raw["bridge"]["bonus"] = 25
        changed = parse_layout(raw)
        shown = words(render_score_sheets({"count": 1}, layout=changed), 0)
        assert missing(expected_tokens(changed), shown) == Counter()
        assert shown["33"] == 6 and shown["120"] == 1 and shown["+25"] == 8
        assert shown["+20"] == 0 and shown["100"] == 0

    def test_every_symbol_the_layout_names_is_drawn_as_such(self):
        shapes = {column["symbol"]["shape"] for column in default_layout().raw["columns"]}
        assert len(shapes) == 8
        assert shapes <= set(SHAPES)

    def test_drawing_every_sheet_gives_the_same_text_as_the_form(self):
        spec = {"count": 2, "per_page": 2, "names": ["Ann", "Bob"]}
        with_form = render_score_sheets(spec)
        without = render_score_sheets(spec, use_form=False)
        assert words(with_form, 0) == words(without, 0)
        assert len(without) > len(with_form)
