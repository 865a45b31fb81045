"""Measure a move's round trip through the API: in process (Flask test client) and over HTTP (gunicorn).

Run: python bench/bench_api.py  (starts its own Redis and server on loopback; prints a Markdown table row set)
"""

import dataclasses
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson
import requests

from api.serving.embedded import EmbeddedRedis
from api.storage.store import GameRecord

MOVES = 300


def play_moves(post, get, moves: int) -> list[float]:
    """Create 2-seat games and time POST /actions (each followed by the other seat's move)."""
    timings = []
    while len(timings) < moves:
        created = post(
            "/v1/games",
            {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "options": {"hand_size": 10}},
            None,
        )
        game_id = created["game"]["id"]
        tokens = {t["seat"]: t["token"] for t in created["tokens"]}
        for _ in range(16):
            game = get(f"/v1/games/{game_id}", None)
            if game["status"] != "running":
                break
            seat = game["to_act"][0]
            mine = get(f"/v1/games/{game_id}", tokens[seat])
            start = time.perf_counter()
            post(f"/v1/games/{game_id}/actions", mine["legal_actions"][0], tokens[seat])
            timings.append(time.perf_counter() - start)
    return timings[:moves]


def summary(name: str, timings: list[float]) -> str:
    ms = sorted(t * 1000 for t in timings)
    p95 = ms[int(len(ms) * 0.95)]
    return f"| {name} | {len(ms)} | {statistics.median(ms):.2f} | {p95:.2f} | {1000 / statistics.mean(ms):.0f} |"


def in_process(url: str) -> list[float]:
    from api.http.app import create_app

    client = create_app({"REDIS_URL": url}).test_client()

    def auth(token):
        return {"Authorization": f"Bearer {token}"} if token else {}

    return play_moves(
        lambda p, body, t: client.post(p, json=body, headers=auth(t)).get_json(),
        lambda p, t: client.get(p, headers=auth(t)).get_json(),
        MOVES,
    )


def over_http(url: str) -> list[float]:
    port = 8777
    env = {**os.environ, "DESKOVKA_REDIS_URL": url}
    server = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--workers", "2"],
        env=env,
        stderr=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    base, session = f"http://127.0.0.1:{port}", requests.Session()
    try:
        for _ in range(100):
            try:
                session.get(f"{base}/healthz", timeout=1)
                break
            except requests.ConnectionError:
                time.sleep(0.1)

        def auth(token):
            return {"Authorization": f"Bearer {token}"} if token else {}

        return play_moves(
            lambda p, body, t: session.post(base + p, json=body, headers=auth(t), timeout=10).json(),
            lambda p, t: session.get(base + p, headers=auth(t), timeout=10).json(),
            MOVES,
        )
    finally:
        server.terminate()
        server.wait(10)


def deep_copy_doc(record: GameRecord) -> bytes:
    """The store's first GameRecord.doc, kept to measure the change against it in the same run."""
    data = dataclasses.asdict(record)
    del data["rev"], data["version"]
    return orjson.dumps(data)


def main() -> None:
    redis = EmbeddedRedis(Path(tempfile.mkdtemp(prefix="dk-bench-")))
    url = redis.start()
    try:
        print("| path | moves | median ms | p95 ms | moves/s (one client) |")
        print("|---|---|---|---|---|")
        current = in_process(url)
        shallow = GameRecord.doc
        GameRecord.doc = deep_copy_doc  # type: ignore[method-assign]
        try:
            before = in_process(url)
        finally:
            GameRecord.doc = shallow  # type: ignore[method-assign]
        print(summary("Flask test client, embedded Redis (unix socket)", current))
        print(summary("same, with the old deep-copying GameRecord.doc", before))
        print(f"\nold/new median ratio: {statistics.median(before) / statistics.median(current):.2f}\n")
        print(summary("HTTP, gunicorn 2x8 gthread, keep-alive client", over_http(url)))
    finally:
        redis.stop()


if __name__ == "__main__":
    main()
