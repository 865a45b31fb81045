"""A large body's JSON is read with orjson's rules, holding a fraction of the memory orjson's reading holds."""

import tracemalloc

import orjson
import pytest

from api.http.middleware import body_json

PAD = b" " * (body_json.LARGE + 1)  # whitespace makes any body large and leaves its value as it was


@pytest.mark.parametrize(
    "value",
    [
        b"123456789012345678901234567890",
        b"-9223372036854775809",
        b"18446744073709551615",
        b"18446744073709551616",
        b"-0",
        b"1.5e3",
        b'{"a": 1, "a": [2, "\\ud83d\\ude00", null, true]}',
    ],
)
def test_a_large_body_reads_as_orjson_reads_it(value):
    read = body_json.loads(value + PAD)
    assert read == orjson.loads(value) and type(read) is type(orjson.loads(value))


@pytest.mark.parametrize(
    "value", [b"1e400", b"NaN", b"-Infinity", b'"\\ud800"', b"1" * 5000, b"\xff", b'"\x01"', b"[1,]", b"01"]
)
def test_a_large_body_orjson_refuses_is_refused(value):
    with pytest.raises(orjson.JSONDecodeError):
        orjson.loads(value)
    with pytest.raises(orjson.JSONDecodeError):
        body_json.loads(value + PAD)


def test_a_large_body_nested_too_deep_says_depth():
    with pytest.raises(orjson.JSONDecodeError, match="depth"):
        body_json.loads(b"[" * 5000 + PAD)


def test_a_large_deck_is_read_holding_about_twice_its_bytes():
    picture = "data:image/png;base64," + "A" * 87_000
    cards = [{"id": f"c{i}", "year": i, "title": {"en": f"C {i}"}, "image": picture + str(i)} for i in range(47)]
    body = orjson.dumps({"kind": "dated", "title": {"en": "Big"}, "cards": cards})
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        body_json.loads(body)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak < 2.5 * len(body), f"{peak:,} bytes at the peak to read {len(body):,}"
