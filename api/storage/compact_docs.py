"""A compact (finished) game's record decoded once a process, not on every read.

A compact game's doc packs its whole action log, which a read does not need once the game is rebuilt and kept
(`api.storage.rebuild`); decoding it was most of such a read's CPU (4 ms of 5 for a game of 1,272 versions), so a
client reading long finished games again and again took a worker from everybody else. The record is kept by the
doc's digest, so any write of the doc is another entry, as its JSON without the log (a few KB), decoded afresh for
each read so that no two readers share objects. At most `MOST` records a process, the least recently read out first.
"""

import hashlib
import threading
from collections import OrderedDict
from typing import Any

import orjson

MOST = 512

_lock = threading.Lock()
_kept: OrderedDict[bytes, bytes] = OrderedDict()


def digest(doc: bytes) -> bytes:
    return hashlib.blake2b(doc, digest_size=16).digest()


def get(key: bytes) -> dict[str, Any] | None:
    with _lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
    return None if found is None else orjson.loads(found)


def keep(key: bytes, fields: dict[str, Any]) -> None:
    encoded = orjson.dumps(fields)
    with _lock:
        _kept[key] = encoded
        while len(_kept) > MOST:
            _kept.popitem(last=False)
