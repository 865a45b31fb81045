"""What Redis keeps of a game's moves: events with card faces as references, entries deflated with a dictionary.

A packed entry is one byte naming the dictionary (0: none) followed by raw deflate data. The dictionaries are
sample log entries and events of each game (`bench/make_dictionaries.py`), frozen once used: a new one gets a
new number, and every number ever written stays readable. Anything that cannot be packed exactly (an event whose
card faces do not come back byte for byte) is kept as JSON, as every entry was before, so any event shape passes.
"""

import zlib
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from api.storage.card_faces import card_faces
from api.storage.card_refs import lengthen, lengthen_ids, shorten, shorten_ids

FOLDER = Path(__file__).with_name("dictionaries")
# Every dictionary ever used, by the number written before the data; never change or drop one.
DICTIONARIES = {
    1: "timeline-1",
    2: "chronology-1",
    3: "lost-cities-1",
    4: "around-the-world-1",
    5: "ticket-to-ride-europe-1",
}
# The dictionary each game packs with now; a game without one packs with none (0).
CURRENT = {name.rpartition("-")[0]: number for number, name in DICTIONARIES.items()}


@cache
def dictionary(number: int) -> bytes:
    return b"" if number == 0 else (FOLDER / f"{DICTIONARIES[number]}.zdict").read_bytes()


@cache
def _packer(number: int) -> "zlib._Compress":
    """A compressor primed with the dictionary, copied for each entry: priming hashes the whole dictionary (half of
    what packing an entry costs), a copy does not; the output is the same byte for byte."""
    return zlib.compressobj(9, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, *([dictionary(number)] * bool(number)))


def deflate(game_type: str, data: bytes) -> bytes:
    number = CURRENT.get(game_type, 0)
    packer = _packer(number).copy()
    return bytes((number,)) + packer.compress(data) + packer.flush()


def inflate(data: bytes) -> bytes:
    number = data[0]
    unpacker = zlib.decompressobj(-15, *([dictionary(number)] * bool(number)))
    return unpacker.decompress(data[1:]) + unpacker.flush()


def is_packed(raw: bytes) -> bool:
    """Whether a stored entry is packed (JSON, as stored before, starts with `{` or `[`)."""
    return raw[:1] not in (b"{", b"[")


def pack_events(
    game_type: str, table: dict[str, Any] | None, version: int, events: list[dict[str, Any]], exact: bytes
) -> bytes | None:
    """Pack one version's events (`exact`: their JSON); None when they would not come back exactly."""
    if any(next(iter(event), None) != "v" or event["v"] != version for event in events):
        return None
    cards = card_faces(game_type, table)
    bare = [{key: value for key, value in event.items() if key != "v"} for event in events]
    short = bare if cards is None else shorten(bare, cards)
    if cards is not None and orjson.dumps(_stamped(lengthen(short, cards), version)) != exact:
        return None
    return deflate(game_type, orjson.dumps(short))


def unpack_events(game_type: str, table: dict[str, Any] | None, version: int, raw: bytes) -> list[dict[str, Any]]:
    short = orjson.loads(inflate(raw))
    cards = card_faces(game_type, table)
    return _stamped(short if cards is None else lengthen(short, cards), version)


def _stamped(events: list[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    return [{"v": version, **event} for event in events]


def pack_entry(game_type: str, entry: Any) -> bytes:
    """Pack a log entry, or a whole log."""
    return deflate(game_type, orjson.dumps(entry))


def unpack_entry(raw: bytes) -> Any:
    return orjson.loads(inflate(raw) if is_packed(raw) else raw)


def shorten_log(game_type: str, table: dict[str, Any] | None, log: list[dict[str, Any]]) -> tuple[list, bool]:
    """Return the log with the card ids in its actions as deck positions, and whether it was shortened."""
    cards = card_faces(game_type, table)
    if cards is None:
        return log, False
    short = [{**entry, "action": shorten_ids(entry["action"], cards)} for entry in log]
    exact = orjson.dumps([{**entry, "action": lengthen_ids(entry["action"], cards)} for entry in short])
    return (short, True) if exact == orjson.dumps(log) else (log, False)


def lengthen_log(game_type: str, table: dict[str, Any] | None, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    cards = card_faces(game_type, table)
    assert cards is not None, "a log was shortened with the game's cards"
    return [{**entry, "action": lengthen_ids(entry["action"], cards)} for entry in log]
