"""Large bodies (a deck of pictures) take one of a process's few slots before they are read; small ones never wait."""

import tracemalloc

import orjson
import pytest

from api.http.limits import large_bodies


def deck(name: str) -> dict:
    cards = [{"id": f"{name}-{i}", "year": 1900 + i, "title": {"en": f"{name} {i}"}} for i in range(3)]
    return {"kind": "dated", "title": {"en": name}, "cards": cards}


def large(doc: dict) -> bytes:
    """The deck's JSON padded with whitespace past the large bodies' bound (still JSON, the same deck)."""
    return orjson.dumps(doc) + b" " * (large_bodies.LARGE + 1)


def post(client, body: bytes):
    return client.post("/v1/decks", data=body, content_type="application/json")


@pytest.fixture
def held():
    """Every slot of this process taken, as by uploads under way; given back after the test."""
    slots = large_bodies.slots()
    for _ in range(large_bodies.MOST_AT_ONCE):
        assert slots.acquire(blocking=False)
    yield slots
    for _ in range(large_bodies.MOST_AT_ONCE):
        slots.release()


def test_a_large_body_is_refused_busy_while_every_slot_is_taken_and_nothing_is_stored(client, held):
    answer = post(client, large(deck("busy")))
    assert answer.status_code == 503
    assert answer.get_json()["code"] == "server/busy"
    assert answer.headers["Retry-After"] == large_bodies.RETRY_AFTER
    listed = client.get("/v1/decks", query_string={"limit": 200}).get_json()["decks"]
    assert not any(row["title"]["en"] == "busy" for row in listed), "nothing stored"
    assert post(client, orjson.dumps(deck("small"))).status_code == 201, "a small body never waits"


def test_a_large_body_gives_its_slot_back_whatever_its_answer(client):
    assert post(client, large(deck("stored"))).status_code == 201
    refused = deck("refused")
    refused["cards"] = refused["cards"][:1]
    assert post(client, large(refused)).status_code == 422
    slots = large_bodies.slots()
    taken = [slots.acquire(blocking=False) for _ in range(large_bodies.MOST_AT_ONCE)]
    for _ in range(sum(taken)):
        slots.release()
    assert all(taken), "every slot free again after a stored and a refused upload"


PICTURE = "data:image/png;base64," + "A" * 87_000
CSV = "\n".join(["id,year,title_en,image"] + [f"c{i},{1000 + i},C {i},{PICTURE}{i}" for i in range(47)]).encode()
JSON_DECK = orjson.dumps(
    {
        "kind": "dated",
        "title": {"en": "Big"},
        "cards": [{"id": f"c{i}", "year": i, "title": {"en": f"C {i}"}, "image": PICTURE + str(i)} for i in range(47)],
    }
)


@pytest.mark.parametrize(
    ("body", "content_type", "path"),
    [
        (JSON_DECK, "application/json", "/v1/decks"),
        (CSV, "text/csv", "/v1/decks?title=Big"),
        (orjson.dumps({"csv": CSV.decode(), "title": "Big"}), "application/json", "/v1/decks"),
    ],
    ids=["json", "csv", "csv-in-json"],
)
def test_a_large_deck_upload_holds_about_two_copies_of_its_body_at_once(client, body, content_type, path):
    # Pictures as long as the body: its bytes, its text and its parsed document (or CSV cells) would be three copies
    # at once, and a CSV read through io.StringIO four more (4 bytes a character); the bytes are let go once decoded.
    assert len(body) > large_bodies.LARGE
    assert client.post(path, data=body, content_type=content_type).status_code == 422  # first imports not counted
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        answer = client.post(path, data=body, content_type=content_type)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert answer.status_code == 422
    assert peak < 2.5 * len(body), f"{peak:,} bytes at the peak of a request of {len(body):,}"
