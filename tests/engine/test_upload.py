"""User decks: CSV exports become deck documents; ids are content addresses; pictures are decoded to be trusted."""

import base64
import io

import pytest
from PIL import Image

from engine.decks import jpeg
from engine.decks.model import DeckError
from engine.decks.upload import MAX_IMAGE_BYTES, csv_problems, deck_from_csv, image_problem, user_deck
from tests.jpegs import many_scans


def test_csv_reads_languages_bc_years_and_skips_empty_cells():
    doc = deck_from_csv(
        "id,year,title_en,title_hu,note\nrome,753 BC,Rome founded,Róma alapítása,\nmoon,1969,Moon landing,,\n", "Mine"
    )
    assert doc["cards"][0] == {"id": "rome", "year": -753, "title": {"en": "Rome founded", "hu": "Róma alapítása"}}
    assert doc["cards"][1]["title"] == {"en": "Moon landing"}


def test_ordinal_csv_orders_groups_by_first_appearance():
    doc = deck_from_csv("id,group,position,title_en\na,Book II,5,A\nb,Book I,1,B\nc,Book II,7,C\n", "Story", "ordinal")
    deck, _ = user_deck(doc)
    assert [g.id for g in deck.groups] == ["book-ii", "book-i"]
    assert deck.key(deck.cards[2]) < deck.key(deck.cards[1]), "Book II came first in the file"


def test_unknown_columns_are_refused():
    with pytest.raises(DeckError, match="unknown columns: colour_name"):
        deck_from_csv("id,title_en,colour_name\na,A,red\n", "x")


def test_problems_name_csv_rows():
    assert csv_problems(["cards[0].year: '14S0' is not a whole number"]) == [
        "row 2: year: '14S0' is not a whole number"
    ]
    assert csv_problems(["cards[3].id: 'moon' is used twice, first by cards[1]"]) == [
        "row 5: id: 'moon' is used twice, first by row 3"
    ]


def test_the_id_is_a_content_address():
    doc = {
        "kind": "dated",
        "title": {"en": "T"},
        "cards": [{"id": "a", "year": 1, "title": {"en": "A"}}, {"id": "b", "year": 2, "title": {"en": "B"}}],
    }
    first, _ = user_deck(doc)
    again, _ = user_deck({**doc, "id": "my-own-name"})
    other, _ = user_deck({**doc, "title": {"en": "U"}})
    assert first.id == again.id != other.id and first.id.startswith("user-")


def _uri(fmt, size=(4, 4), mime=None):
    buffer = io.BytesIO()
    Image.new("RGB", size).save(buffer, format=fmt)
    return f"data:{mime or 'image/' + fmt.lower()};base64," + base64.b64encode(buffer.getvalue()).decode()


def test_pictures_must_decode_and_match_their_type():
    assert image_problem(_uri("PNG")) is None
    assert image_problem(_uri("JPEG")) is None
    assert "declared image/png but the data is JPEG" in image_problem(_uri("JPEG", mime="image/png"))
    assert "PNG or JPEG" in image_problem(_uri("GIF"))
    assert "broken" in image_problem("data:image/png;base64,***")
    big = "data:image/png;base64," + base64.b64encode(b"\0" * (MAX_IMAGE_BYTES + 1)).decode()
    assert "at most" in image_problem(big)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("id,title_en\na,A,extra\n", "row 2: more cells"),
        ('id,title_en\n"a,A\n', "not a readable CSV"),
        ("\r}\u00ec", "the first row names the columns"),
    ],
)
def test_broken_csv_is_a_deck_error_not_a_crash(text, message):
    with pytest.raises(DeckError, match=message):
        deck_from_csv(text, "x")


def _jpeg_uri(data):
    return "data:image/jpeg;base64," + base64.b64encode(data).decode()


def test_scans_are_counted_from_the_markers():
    baseline, progressive = io.BytesIO(), io.BytesIO()
    Image.new("RGB", (40, 30)).save(baseline, "JPEG")
    Image.new("RGB", (40, 30)).save(progressive, "JPEG", progressive=True)
    assert jpeg.scans(baseline.getvalue()) == 1 and jpeg.scans(progressive.getvalue()) == 10
    assert jpeg.scans(many_scans(64, 300)) == 300
    assert jpeg.scans(many_scans(64, 300)[:-400]) < 300 and jpeg.scans(b"\x89PNG") == 0


@pytest.mark.parametrize(
    ("side", "scans", "problem"),
    [
        (1024, 65, "image: a JPEG of 65 scans; at most 64 (save it again, as a baseline JPEG)"),
        (256, 2000, "image: a JPEG of 2000 scans; at most 64 (save it again, as a baseline JPEG)"),
        (
            4096,
            21,
            "image: a 4096x4096 JPEG of 21 scans; at most 335,544,320 pixels times scans (save it again as a "
            "baseline JPEG, or smaller)",
        ),
    ],
)
def test_a_jpeg_of_too_many_scans_is_refused_before_it_is_decoded(side, scans, problem):
    assert image_problem(_jpeg_uri(many_scans(side, scans))) == problem


def test_a_jpeg_of_as_many_scans_as_encoders_write_is_taken():
    assert image_problem(_jpeg_uri(many_scans(1024, 64))) is None
    assert image_problem(_jpeg_uri(many_scans(512, 18))) is None


def _big_png(shade: int) -> str:
    import base64
    import io

    from PIL import Image

    picture = Image.new("RGBA", (4096, 4096))
    picture.putpixel((0, 0), (shade, 0, 0, 255))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def test_a_decks_pictures_are_checked_by_their_headers_first_and_each_decoded_once(monkeypatch):
    from PIL import ImageFile

    from engine.decks import upload

    pictures = [_big_png(shade) for shade in (1, 2, 3)]
    decoded = []
    load = ImageFile.ImageFile.load
    monkeypatch.setattr(ImageFile.ImageFile, "load", lambda self: decoded.append(self.size) or load(self))
    over = upload.picture_problems([{"image": pictures[n % 3]} for n in range(47)])
    assert over == [
        f"images: {3 * 4096 * 4096:,} pixels in all (each picture once); at most {upload.MAX_DECK_PIXELS:,} a deck"
    ]
    assert decoded == [], "a refused deck decodes nothing"
    assert upload.picture_problems([{"image": pictures[0]} for _ in range(47)]) == []
    assert decoded == [(4096, 4096)], "the same picture decoded once"


def test_a_refused_decks_pictures_are_read_from_their_first_bytes_only(monkeypatch):
    from engine.decks import picture_size, upload

    pictures = [_big_png(shade) for shade in (1, 2, 3)]
    decoded = []
    b64decode = base64.b64decode
    monkeypatch.setattr(base64, "b64decode", lambda data, **kw: decoded.append(len(data)) or b64decode(data, **kw))
    over = upload.picture_problems([{"image": picture} for picture in pictures])
    assert over[-1].startswith(f"images: {3 * 4096 * 4096:,} pixels in all")
    assert decoded and max(decoded) <= picture_size.FIRST, "only each picture's first bytes are decoded"


@pytest.mark.parametrize("kind", ["PNG", "JPEG"])
def test_a_pictures_size_is_read_from_its_first_bytes_as_pillow_reads_it(kind):
    from engine.decks.picture_size import picture_size

    out = io.BytesIO()
    # An Exif segment of 20 kB before the JPEG's frame header: more than the first bytes read.
    extra = {"exif": b"Exif\x00\x00" + bytes(20_000)} if kind == "JPEG" else {}
    Image.new("RGB", (321, 123), (9, 9, 9)).save(out, kind, **extra)
    encoded = base64.b64encode(out.getvalue()).decode()
    assert picture_size(encoded) == (kind, 321, 123)
    assert picture_size(base64.b64encode(b"GIF89a" + bytes(40)).decode()) is None, "neither: read whole"
