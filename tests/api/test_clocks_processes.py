"""Two API processes and two keepers on one Redis: deadlines falling in the same second each fire exactly once."""

import json
import os
import subprocess
import sys
import time
import urllib.request

import pytest

from api.storage import due
from api.storage.store import GameStore
from tests.api.live import HOST, start_api, stop


def post(port, path, body):
    request = urllib.request.Request(
        f"http://{HOST}:{port}{path}",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def start_keeper(redis_url):
    env = {**os.environ, "DESKOVKA_REDIS_URL": redis_url, "DESKOVKA_QUEUE_URL": redis_url}
    return subprocess.Popen(
        [sys.executable, "-m", "api.cli", "keeper"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def run_out_together(redis_client, ids, at):
    """Make every table's running deadline fall at `at` (Unix ms), as if all were set in the same second."""
    with redis_client.pipeline(transaction=False) as pipe:
        for game_id in ids:
            pipe.hget(f"dk:{{g:{game_id}}}:state", "doc")
        docs = pipe.execute()
    with redis_client.pipeline(transaction=False) as pipe:
        for game_id, raw in zip(ids, docs, strict=True):
            doc = json.loads(raw)
            doc["deadlines"] = {seat: at for seat in doc["deadlines"]}
            pipe.hset(f"dk:{{g:{game_id}}}:state", "doc", json.dumps(doc))
            pipe.zadd(due.clocks_key(game_id), {game_id: at})
        pipe.execute()


def clock_moves(redis_client, game_id):
    return [entry for entry in GameStore(redis_client).log(game_id) if entry.get("by") == "clock"]


def tables_fire_once(redis_url, redis_client, tables):
    apis = [start_api(redis_url, 1, DESKOVKA_MAX_CONNECTIONS_PER_CLIENT="0") for _ in range(2)]
    keepers = []
    try:
        ids = []
        for n in range(tables):
            _, port = apis[n % 2]
            body = {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "clock": {"per_turn": 600}}
            ids.append(post(port, "/v1/games", body)["game"]["id"])
        keepers = [start_keeper(redis_url) for _ in range(2)]
        at = due.millis(1.0)
        run_out_together(redis_client, ids, at)
        deadline = time.monotonic() + 60
        while any(redis_client.hget(f"dk:{{g:{game_id}}}:state", "version") == b"0" for game_id in ids):
            assert time.monotonic() < deadline, "not every table was moved on"
            time.sleep(0.2)
        time.sleep(1.0)  # anything fired twice would show by now
        assert [len(clock_moves(redis_client, game_id)) for game_id in ids] == [1] * tables
        assert all(redis_client.hget(f"dk:{{g:{game_id}}}:state", "version") == b"1" for game_id in ids)
    finally:
        for keeper in keepers:
            keeper.terminate()
        for keeper in keepers:
            keeper.wait(30)
        for server, _ in apis:
            stop(server)


def test_twenty_tables_with_the_same_deadline_are_each_moved_on_once(redis_url, redis_client):
    tables_fire_once(redis_url, redis_client, 20)


@pytest.mark.slow
def test_two_hundred_tables_with_the_same_deadline_are_each_moved_on_once(redis_url, redis_client):
    tables_fire_once(redis_url, redis_client, 200)
