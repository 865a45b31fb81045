"""A long history read through the real server (one gevent worker): streams catching up and paged reads of
5,000 versions at once, while the same worker keeps answering /healthz."""

import asyncio
import time

import pytest

from api.http.resources.events import MAX_PAGE
from bench.followers_load import Connection, chunks, read_head, request_bytes
from tests.api.live import HOST, start_api, stop
from tests.api.long_history import long_game

VERSIONS = 5000


@pytest.fixture(scope="module")
def one_worker(redis_url):
    server, port = start_api(redis_url, workers=1)
    yield port
    stop(server)


async def catch_up(port: int, game_id: str) -> list[tuple[int, float]]:
    """Stream the game from the start; return each message's version and when it arrived."""
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write(
        request_bytes("GET", f"/v1/games/{game_id}/events?after=0&wait=60", headers={"Accept": "text/event-stream"})
    )
    status, _ = await read_head(reader)
    assert status == 200
    received, buffer = [], b""
    async for chunk in chunks(reader):
        now = time.monotonic()
        buffer += chunk
        *messages, buffer = buffer.split(b"\n\n")
        received += [(int(m.split(b"\n", 1)[0][4:]), now) for m in messages if m.startswith(b"id: ")]
    writer.close()
    return received


async def page_through(port: int, game_id: str) -> list[int]:
    """Read the game's events a page of the most at a time; return the versions seen."""
    conn, after, seen = Connection(HOST, port), 0, []
    while True:
        body = await conn.json("GET", f"/v1/games/{game_id}/events?after={after}&limit={MAX_PAGE}")
        seen += sorted({event["v"] for event in body["events"]})
        if body["next_after"] >= body["version"]:
            conn.close()
            return seen
        after = body["next_after"]


async def probe(port: int, stop: asyncio.Event) -> list[float]:
    """GET /healthz over and over on one kept-alive connection; return when each answer arrived."""
    conn, answered = Connection(HOST, port), []
    while not stop.is_set():
        status, _, _ = await conn.call("GET", "/healthz")
        assert status == 200
        answered.append(time.monotonic())
    conn.close()
    return answered


def test_healthz_is_answered_while_long_histories_are_streamed_and_paged(client, one_worker):
    game_id, _ = long_game(client, VERSIONS, status="finished")

    async def run():
        stop_probing = asyncio.Event()
        prober = asyncio.create_task(probe(one_worker, stop_probing))
        started = time.monotonic()
        streams = [asyncio.create_task(catch_up(one_worker, game_id)) for _ in range(4)]
        pagers = [asyncio.create_task(page_through(one_worker, game_id)) for _ in range(8)]
        received = await asyncio.gather(*streams)
        paged = await asyncio.gather(*pagers)
        finished = time.monotonic()
        stop_probing.set()
        return received, paged, await prober, (started, finished)

    received, paged, answered, (started, finished) = asyncio.run(run())
    for stream in received:
        assert [version for version, _ in stream] == list(range(1, VERSIONS + 1))
    # Over the reads as a whole, from the first request to the last page (a stream alone may now arrive in a chunk
    # or two, since a finished game is rebuilt once, and the streams may be done before the pages): a worker that
    # held its loop while streaming or paging would answer no probe in between.
    during = [t for t in answered if started < t < finished]
    assert len(during) >= 3, f"{len(during)} probes answered while the histories were read"
    assert all(seen == list(range(1, VERSIONS + 1)) for seen in paged)
