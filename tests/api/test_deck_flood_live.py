"""A flood of refused heavy decks from several addresses leaves every API worker within its bound of memory.

Issue 34: 47 pictures of 4096x4096 (64 MiB each decoded) fit in one 4 MiB deck; 8 clients uploading such decks
without pause took the workers of a `deskovka serve` from 270 to 560 MB. The pictures are refused from their first
bytes now, and a worker reads at most `large_bodies.MOST_AT_ONCE` large bodies at once; what a worker may grow by
above its resting RSS is `large_bodies.memory_bound()` (docs/operations.md, "Memory of large bodies").
"""

import base64
import http.client
import io
import threading
import time
from pathlib import Path

import orjson
import pytest
from PIL import Image

from api.http.limits import large_bodies
from tests.faults.service import children_of, running

PICTURES = 47
UPLOADERS = 8


def heavy_deck() -> bytes:
    """A deck of 47 distinct 4096x4096 RGBA PNGs of zeros (4.1 MB), refused by the deck's pixel budget.

    One picture encoded once, each card's copy made distinct by bytes after its end (the size is read from its
    first bytes, and a deck counts each distinct picture's pixels: this deck holds 47 times 16.8 million)."""
    out = io.BytesIO()
    Image.new("RGBA", (4096, 4096), (0, 0, 0, 0)).save(out, "PNG")
    cards = []
    for i in range(PICTURES):
        uri = "data:image/png;base64," + base64.b64encode(out.getvalue() + i.to_bytes(4, "big")).decode()
        cards.append({"id": f"zero-{i}", "year": 1000 + i, "title": {"en": f"Zero {i}"}, "image": uri})
    return orjson.dumps({"kind": "dated", "title": {"en": "Zeros"}, "cards": cards})


def rss(pid: int) -> int:
    """The process's resident memory in bytes (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


def upload(port: int, source: str, body: bytes, until: float, answers: list[int]) -> None:
    """Upload the deck again and again from `source` until `until` (each answer's status into `answers`)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        while time.monotonic() < until:
            conn.request("POST", "/v1/decks", body=body, headers={"Content-Type": "application/json"})
            answer = conn.getresponse()
            answer.read()
            answers.append(answer.status)
    finally:
        conn.close()


def flood(port: int, body: bytes, seconds: float, first: int = 1) -> list[int]:
    """UPLOADERS clients, each from its own loopback address (127.0.7.x), uploading for `seconds`."""
    answers: list[int] = []
    until = time.monotonic() + seconds
    clients = [
        threading.Thread(target=upload, args=(port, f"127.0.7.{first + i}", body, until, answers))
        for i in range(UPLOADERS)
    ]
    for client in clients:
        client.start()
    for client in clients:
        client.join(120)
    return answers


def peaks_under_flood(port: int, workers: list[int], body: bytes, seconds: float) -> tuple[dict[int, int], list[int]]:
    """Each worker's highest RSS, read every 20 ms while the flood lasts, and the flood's answers."""
    peak = {pid: rss(pid) for pid in workers}
    flooding = threading.Event()
    flooding.set()

    def sample() -> None:
        while flooding.is_set():
            for pid in workers:
                peak[pid] = max(peak[pid], rss(pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        answers = flood(port, body, seconds, first=100)
    finally:
        flooding.clear()
        sampler.join()
    return peak, answers


def check_flood(tmp_path: Path, seconds: float) -> None:
    body = heavy_deck()
    assert large_bodies.LARGE < len(body) <= large_bodies.MAX_BODY
    with running(tmp_path / "data", tmp_path / "serve.log") as server:
        workers = children_of(server.api_pid())
        assert len(workers) == 2, workers
        # A worker's first large bodies cost it once what every later one reuses (its pool's threads, what the
        # first refusal imports and caches): resting is after two seconds of the flood.
        flood(server.port, body, 2.0)
        time.sleep(0.5)
        resting = {pid: rss(pid) for pid in workers}
        peak, answers = peaks_under_flood(server.port, workers, body, seconds)
        assert answers and set(answers) <= {422, 503}, answers  # refused, or busy: never stored
        assert answers.count(422) >= len(answers) // 2, answers
        listed = server.call("GET", "/v1/decks?limit=200").json()["decks"]
        assert not any(row["title"]["en"] == "Zeros" for row in listed), "nothing stored"
        bound = large_bodies.memory_bound()
        grown = {pid: peak[pid] - resting[pid] for pid in workers}
        print(
            f"{len(answers)} answers in {seconds} s; bound {bound / 2**20:.1f} MiB; "
            + ", ".join(f"{resting[pid] / 2**20:.1f} -> {peak[pid] / 2**20:.1f} MiB" for pid in workers)
        )
        for pid, growth in grown.items():
            assert growth <= bound, f"worker {pid} grew {growth / 2**20:.1f} MiB, past {bound / 2**20:.1f} MiB"


def test_refused_heavy_decks_from_eight_addresses_leave_every_worker_within_its_bound(tmp_path):
    check_flood(tmp_path, seconds=4)


@pytest.mark.slow
def test_half_a_minute_of_refused_heavy_decks_leaves_every_worker_within_its_bound(tmp_path):
    check_flood(tmp_path, seconds=30)
