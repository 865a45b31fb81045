"""Followers against the real server (`deskovka api`: gunicorn's gevent workers) on loopback: hundreds at once,
slow clients cut off, a full process answering 503."""

import asyncio
import socket
import time

import orjson
import pytest

from bench.followers_load import (
    Connection,
    Record,
    call_once,
    create_games,
    long_poll,
    move,
    open_followers,
    probe_health,
)
from tests.api.helpers import quiet_page
from tests.api.live import HOST, new_game, start_api, stop


@pytest.fixture(scope="module")
def api_port(redis_url):
    # Every follower here comes from one loopback address: its connection share is raised to hold them all.
    server, port = start_api(redis_url, workers=2, DESKOVKA_MAX_CONNECTIONS_PER_CLIENT="2000")
    yield port
    stop(server)


@pytest.fixture(scope="module")
def strict_port(redis_url):
    """One worker that holds at most 20 connections (no client's share: every test client is 127.0.0.1) and gives
    a head and a body one second each."""
    server, port = start_api(
        redis_url,
        workers=1,
        DESKOVKA_MAX_CONNECTIONS="20",
        DESKOVKA_HEAD_TIMEOUT="1",
        DESKOVKA_BODY_TIMEOUT="1",
        DESKOVKA_MAX_CONNECTIONS_PER_CLIENT="0",
    )
    yield port
    stop(server)


def test_five_hundred_followers_each_get_every_event_once_in_order(api_port):
    """250 long-polls and 250 streams over 10 games; one move per game reaches every follower of it."""

    async def run() -> Record:
        conn = Connection(HOST, api_port)
        games = await create_games(conn, 10)
        record = Record()
        tasks = await open_followers(HOST, api_port, games, 500, record)
        assert record.ready == 500, record.errors[:3]
        await asyncio.sleep(1.5)  # the last long-polls reach their wait
        stop_probe = asyncio.Event()
        prober = asyncio.create_task(probe_health(HOST, api_port, record, stop_probe, every=0.2))
        for _ in range(2):
            for game in games:
                await move(conn, game, record)
        deadline = time.monotonic() + 20  # long-polls wait 30 s: a follower not woken by a move fails here
        while record.delays()[1] and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        stop_probe.set()
        await prober
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        conn.close()
        return record

    record = asyncio.run(run())
    delays, missing = record.delays()
    assert not record.errors, record.errors[:3]
    assert missing == 0 and len(delays) == 500 * 2
    assert all(order == [1, 2] for order in record.orders)
    assert record.health_seconds


def test_a_stream_through_the_server_keeps_cors_and_resumes_after_last_event_id(api_port):
    async def run():
        conn = Connection(HOST, api_port)
        game = (await create_games(conn, 1))[0]
        record = Record()
        for _ in range(3):
            await move(conn, game, record)
        status, head, body = await conn.call(
            "GET",
            f"/v1/games/{game.id}/events?wait=1",
            headers={"Accept": "text/event-stream", "Last-Event-ID": "1", "Origin": "https://table.example"},
        )
        conn.close()
        return status, head, body

    status, head, body = asyncio.run(run())
    assert status == 200 and head["content-type"].startswith("text/event-stream")
    assert head["access-control-allow-origin"] == "*"
    assert [line for line in body.decode().splitlines() if line.startswith("id: ")] == ["id: 2", "id: 3"]


def test_a_full_process_answers_503_with_retry_after_and_still_answers_healthz(strict_port):
    async def run():
        conn = Connection(HOST, strict_port)
        game = (await create_games(conn, 1))[0]
        conn.close()
        record = Record()
        # A follower that leaves keeps its connection until its wait ends: these wait 2 s.
        tasks = [asyncio.create_task(long_poll(HOST, strict_port, game.id, record, wait=2)) for _ in range(20)]
        await asyncio.sleep(0.5)
        refused = await call_once(HOST, strict_port, "GET", "/v1/game-types", {"Origin": "https://table.example"})
        health = await call_once(HOST, strict_port, "GET", "/healthz")
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.sleep(2.5)
        again = await call_once(HOST, strict_port, "GET", "/v1/game-types")
        return refused, health, again

    (status, head, body), health, again = asyncio.run(run())
    assert status == 503 and head["retry-after"] == "5" and head["content-type"] == "application/problem+json"
    assert orjson.loads(body)["code"] == "server/busy"
    assert head["access-control-allow-origin"] == "*"
    assert health[0] == 200
    assert again[0] == 200  # the followers left, so there is room again


def test_a_client_that_sends_its_head_slowly_is_cut_off(strict_port):
    with socket.create_connection((HOST, strict_port), timeout=10) as slow:
        started = time.monotonic()
        slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n")
        slow.settimeout(0.2)
        closed = False
        while time.monotonic() - started < 8 and not closed:
            try:
                slow.sendall(b"X")
                closed = slow.recv(100) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
        assert closed, "the server kept a head that never ends"
        with socket.create_connection((HOST, strict_port), timeout=5) as other:
            other.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            assert b" 200 " in other.recv(100)


@pytest.mark.parametrize("path", [b"/v1/games", b"/v1/games/{game}/actions"], ids=["create", "move"])
def test_a_body_that_does_not_arrive_in_time_is_408(strict_port, path):
    # A move to a game that does not exist is 404 before its body is read: the move goes to a real one.
    path = path.replace(b"{game}", new_game(strict_port).encode())
    with socket.create_connection((HOST, strict_port), timeout=10) as slow:
        slow.sendall(
            b"POST " + path + b" HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"type": '
        )
        answer = b""
        while chunk := slow.recv(4096):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408")
    assert orjson.loads(body)["code"] == "request/timeout"


def test_a_long_poll_longer_than_the_body_time_limit_keeps_its_connection(strict_port):
    """The body limit is for bodies: a GET that waits past it answers, and its connection serves the next one."""

    async def run():
        conn = Connection(HOST, strict_port)
        game = (await create_games(conn, 1))[0]
        waited = await conn.call("GET", f"/v1/games/{game.id}/events?after=0&wait=1.5")
        following = await conn.call("GET", "/healthz")
        conn.close()
        return waited, following

    (status, _, body), (again, _, _) = asyncio.run(run())
    assert status == 200 and orjson.loads(body) == quiet_page()
    assert again == 200
