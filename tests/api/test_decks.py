"""Decks users bring: uploaded as CSV or JSON, validated all at once, then played and printed."""

import base64
import csv
import io
import random

import pdfplumber
from PIL import Image
from pypdf import PdfReader
from rq import SimpleWorker
from rq.serializers import JSONSerializer

import printing
from api.storage import deck_cache as deck_registry
from api.storage.deck_cache import DeckCache
from engine.decks.upload import MAX_IMAGE_BYTES, user_deck
from tests.api.helpers import create, play_to_end
from worker import QUEUES

HOSTILE = '<img src="/etc/passwd"/> <font color=red>Red</font>'


def csv_text(rows):
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["id", "theme", "year", "title_en", "title_cs", "source"])
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def forty_cards():
    rows = [
        {
            "id": f"event-{i}",
            "theme": "events",
            "year": 1000 + 17 * i,
            "title_en": f"Event number {i}",
            "title_cs": f"Událost číslo {i}",
            "source": "test",
        }
        for i in range(40)
    ]
    rows[7]["title_en"] = HOSTILE
    return rows


def image_csv(rows):
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["id", "year", "title_en", "image"])
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def upload_csv(client, text, **query):
    return client.post("/v1/decks", data=text.encode(), content_type="text/csv", query_string=query)


def png_data_uri(size=(8, 8), colour=(200, 30, 30)):
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


class TestUpload:
    def test_three_bad_rows_are_all_named_and_nothing_is_stored(self, client, redis_client):
        rows = forty_cards()
        rows[3]["year"] = "sometime"
        rows[12]["title_en"] = ""
        rows[30]["id"] = "event-29"
        response = upload_csv(client, csv_text(rows), title="My deck")
        assert response.status_code == 422
        problems = [error["detail"] for error in response.get_json()["errors"]]
        assert len(problems) == 3, problems
        assert any(p.startswith("row 5: year") for p in problems)
        assert any(p.startswith("row 14: title") for p in problems)
        assert any("'event-29'" in p and "twice" in p for p in problems)
        assert redis_client.keys("dk:deck*") == []

    def test_a_fixed_csv_is_stored_listed_played_and_printed(self, client, redis_client):
        response = upload_csv(client, csv_text(forty_cards()), title="My deck")
        assert response.status_code == 201, response.get_json()
        deck = response.get_json()
        assert deck["cards"] == 40 and deck["languages"] == ["en", "cs"] and deck["id"].startswith("user-")
        assert response.headers["Location"] == f"/v1/decks/{deck['id']}"
        assert upload_csv(client, csv_text(forty_cards()), title="My deck").status_code == 200
        listed = {
            d["id"]: d
            for d in client.get("/v1/decks?limit=200", headers={"Deck-Tokens": deck["token"]}).get_json()["decks"]
        }
        assert listed[deck["id"]]["cards"] == 40 and not listed[deck["id"]]["builtin"]
        assert listed["timeline-classic"]["builtin"]
        public = {card["id"]: card for card in client.get(f"/v1/decks/{deck['id']}").get_json()["cards"]}
        assert public["event-7"]["title"]["en"] == HOSTILE

        game, tokens = create(
            client, [{"name": "A"}, {"bot": "hit-rate"}, {"name": "C"}], options={"deck": deck["id"], "language": "cs"}
        )
        assert game["view"]["timeline"][0]["title"].startswith("Událost")
        assert play_to_end(client, game["id"], tokens)["outcome"]["winners"]

        job = client.post("/v1/print-jobs", json={"kind": "deck", "deck": deck["id"], "lang": "en"}).get_json()
        SimpleWorker(list(QUEUES), connection=redis_client, serializer=JSONSerializer).work(burst=True)
        pdf = client.get(f"/v1/print-jobs/{job['id']}/pdf")
        assert pdf.status_code == 200
        with pdfplumber.open(io.BytesIO(pdf.data)) as document:
            text = "".join(page.extract_text() or "" for page in document.pages)
        assert "<img" in text and "passwd" in text

    def test_a_csv_carried_in_json_is_the_same_deck_as_the_csv_body(self, client):
        text = csv_text(forty_cards())
        as_csv = upload_csv(client, text, title="My deck")
        as_json = client.post("/v1/decks", json={"csv": text, "title": "My deck"})
        assert as_csv.status_code == 201 and as_json.status_code == 200, "the same deck, stored once"
        assert as_json.get_json() == as_csv.get_json()
        broken = client.post("/v1/decks", json={"csv": text.replace(",1", ",one", 1), "title": "My deck"})
        assert broken.status_code == 422 and broken.get_json()["code"] == "deck/invalid"
        assert broken.get_json()["errors"][0]["detail"].startswith("row ")
        carrier = client.post("/v1/decks", json={"csv": 5}).get_json()
        assert carrier["code"] == "request/invalid" and carrier["errors"][0]["pointer"] == "/csv"

    def test_a_json_deck_with_a_picture(self, client):
        cards = [
            {
                "id": f"c{i}",
                "year": 1900 + i,
                "title": {"en": f"Card {i}"},
                "image": png_data_uri(colour=(20 * i, 30, 30)),
            }
            for i in range(12)
        ]
        doc = {"kind": "dated", "title": {"en": "Pictures"}, "cards": cards}
        stored = client.post("/v1/decks", json=doc)
        assert stored.status_code == 201
        pdf = PdfReader(io.BytesIO(printing.render_deck(user_deck(doc)[0], {"duplex": "none"})))
        assert sum(len(page.images) for page in pdf.pages) == 24, "each card's picture on its front and back"
        doc["cards"][2]["image"] = "data:image/png;base64," + base64.b64encode(b"not a picture").decode()
        doc["cards"][3]["image"] = "file:///etc/passwd"
        problems = client.post("/v1/decks", json=doc).get_json()["errors"]
        assert problems == [
            {
                "detail": "cards[2].image: the data is not a picture that decodes",
                "location": "body",
                "pointer": "/cards/2/image",
            },
            {
                "detail": "cards[3].image: must be a PNG or JPEG data URI (data:image/png;base64,...)",
                "location": "body",
                "pointer": "/cards/3/image",
            },
        ]

    def test_other_types_and_oversized_bodies_are_refused(self, client):
        assert client.post("/v1/decks", data="x", content_type="text/plain").status_code == 415
        huge = "id,title_en\n" + "x,y\n" * (3 << 20)
        assert upload_csv(client, huge).status_code == 413

    def test_an_unknown_deck_is_404_and_a_builtin_one_is_served(self, client):
        assert client.get("/v1/decks/user-000000000000").status_code == 404
        assert client.get("/v1/decks/timeline-classic").get_json()["kind"] == "dated"

    def test_a_csv_picture_cell_up_to_the_picture_limit_is_read(self, client):
        noise = Image.frombytes("RGB", (360, 360), random.Random(7).randbytes(360 * 360 * 3))
        buffer = io.BytesIO()
        noise.save(buffer, format="JPEG", quality=90)
        uri = "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode()
        assert 131_072 < len(uri) and len(buffer.getvalue()) <= MAX_IMAGE_BYTES, "beyond csv's default cell limit"
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=["id", "year", "title_en", "image"])
        writer.writeheader()
        writer.writerows(
            [
                {"id": "first", "year": 1900, "title_en": "First", "image": uri},
                {"id": "second", "year": 1950, "title_en": "Second"},
            ]
        )
        response = upload_csv(client, out.getvalue(), title="A big picture")
        assert response.status_code == 201, response.get_json()

    def test_an_unknown_print_deck_names_only_the_builtin_choices(self, client):
        mine = upload_csv(client, csv_text(forty_cards()), title="Somebody's deck").get_json()["id"]
        client.post("/v1/print-jobs", json={"kind": "deck", "deck": mine, "lang": "en"})  # this process knows it
        problem = client.post("/v1/print-jobs", json={"kind": "deck", "deck": "user-nope"}).get_json()
        assert problem["code"] == "print/invalid_spec"
        detail = problem["errors"][0]["detail"]
        assert "timeline-classic" in detail and "homer-odyssey" in detail and "user-" + mine[5:] not in detail


class TestProcessMemory:
    def test_a_spec_refused_for_its_size_loads_no_deck(self, client, monkeypatch):
        deck_id = upload_csv(client, csv_text(forty_cards()), title="Mine").get_json()["id"]
        monkeypatch.setattr(deck_registry, "CACHE", DeckCache())  # a process that never saw the deck
        refused = client.post("/v1/print-jobs", json={"kind": "deck", "deck": deck_id, "size": "huge"})
        assert refused.status_code == 422 and refused.get_json()["code"] == "print/invalid_spec"
        assert deck_registry.find_deck(deck_id) is None and deck_registry.CACHE.size == 0
        both = client.post("/v1/print-jobs", json={"kind": "deck", "deck": "user-" + "0" * 32, "size": "huge"})
        assert [error["detail"][:10] for error in both.get_json()["errors"]] == ["size: 'hug", "deck: ther"]
        assert client.post("/v1/print-jobs", json={"kind": "deck", "deck": deck_id}).status_code == 202
        assert deck_registry.find_deck(deck_id) is not None

    def test_the_decks_a_process_holds_stay_within_its_byte_limit(self, make_app, monkeypatch):
        monkeypatch.setattr(deck_registry, "CACHE", DeckCache())
        client = make_app(DECK_CACHE_BYTES=700_000).test_client()
        noise = Image.frombytes("RGB", (100, 100), random.Random(3).randbytes(100 * 100 * 3))
        buffer = io.BytesIO()
        noise.save(buffer, format="PNG")
        picture = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
        ids = []
        for n in range(6):
            rows = [
                {"id": f"c{i}", "year": 1900 + i, "title_en": f"Deck {n} card {i}", "image": picture} for i in range(4)
            ]
            ids.append(upload_csv(client, image_csv(rows), title=f"Deck {n}").get_json()["id"])
            game, _ = create(client, [{"name": "A"}, {"bot": "random"}], options={"deck": ids[-1], "hand_size": 1})
            assert deck_registry.CACHE.size <= 700_000
        assert 0 < len(deck_registry.CACHE.ids()) < 6 and ids[-1] in deck_registry.CACHE.ids()
