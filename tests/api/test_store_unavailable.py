"""A game store that is down or hung: every endpoint that needs it answers 503 `store/unavailable`, then recovers."""

import os
import signal
import time

import pytest

from api.http.app import create_app
from api.serving.embedded import EmbeddedRedis
from tests.api.helpers import bearer, create, view

SPEC = {"kind": "calibration", "paper": "a4"}


@pytest.fixture
def own_redis(tmp_path):
    """A Redis of this test's own, which it may stop, kill and start again."""
    server = EmbeddedRedis(tmp_path, fsync="always")  # under everysec even a kill of Redis may lose a write
    server.start()
    yield server
    if server.process.poll() is None:
        os.kill(server.process.pid, signal.SIGCONT)
        server.process.kill()
        server.process.wait()


@pytest.fixture
def own_client(own_redis):
    app = create_app({"REDIS_URL": own_redis.url, "QUEUE_URL": own_redis.url, "TESTING": True})
    yield app.test_client()
    app.extensions["deskovka"].connection.close()


def calls(game_id, token):
    """One call of every endpoint that needs the store."""
    move = {**bearer(token), "Idempotency-Key": "k1"}
    return [
        ("post", "/v1/games", {"json": {"type": "timeline", "seats": [{"name": "A"}, {"bot": "random"}]}}),
        ("get", f"/v1/games/{game_id}", {"headers": bearer(token)}),
        ("post", f"/v1/games/{game_id}/actions", {"json": {"type": "place", "card": "x", "gap": 0}, "headers": move}),
        ("get", f"/v1/games/{game_id}/events?after=0", {}),
        ("get", f"/v1/games/{game_id}/replay", {}),
        ("post", f"/v1/games/{game_id}/seats/1", {"json": {"name": "B"}}),
        ("get", "/v1/games?status=open", {}),
        ("get", "/v1/decks", {}),
        ("post", "/v1/print-jobs", {"json": SPEC}),
        ("get", "/v1/print-jobs/pdf-" + "0" * 32, {}),
        ("get", "/metrics", {}),
        ("get", "/readyz", {}),
    ]


def assert_unavailable(response):
    assert response.status_code == 503, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == "store/unavailable"
    assert int(response.headers["Retry-After"]) > 0


def test_a_killed_store_gives_503_everywhere_and_the_game_comes_back(own_client, own_redis):
    game, tokens = create(own_client, [{"name": "A"}, {"bot": "random"}])
    own_redis.process.kill()
    own_redis.process.wait()
    for method, url, kwargs in calls(game["id"], tokens[0]):
        assert_unavailable(getattr(own_client, method)(url, **kwargs))
    assert own_client.get("/healthz").status_code == 200  # liveness needs no store

    own_redis.start()  # the same data directory: the append-only file brings the game back
    again = view(own_client, game["id"], tokens[0])
    assert again["version"] == game["version"] and again["id"] == game["id"]
    assert own_client.get("/readyz").get_json() == {"status": "ready"}


def test_a_hung_store_gives_503_within_two_seconds_and_recovers_by_itself(own_client, own_redis):
    game, tokens = create(own_client, [{"name": "A"}, {"bot": "random"}])
    mine = view(own_client, game["id"], tokens[0])
    os.kill(own_redis.process.pid, signal.SIGSTOP)
    try:
        for request in (
            lambda: own_client.get(f"/v1/games/{game['id']}"),
            lambda: own_client.post(
                f"/v1/games/{game['id']}/actions",
                json=mine["legal_actions"][0],
                headers={**bearer(tokens[0]), "Idempotency-Key": "m1"},
            ),
        ):
            started = time.monotonic()
            response = request()
            assert time.monotonic() - started < 2.0
            assert_unavailable(response)
    finally:
        os.kill(own_redis.process.pid, signal.SIGCONT)
    # The move may or may not have reached the store before it hung: the same key settles it, once.
    answer = own_client.post(
        f"/v1/games/{game['id']}/actions",
        json=mine["legal_actions"][0],
        headers={**bearer(tokens[0]), "Idempotency-Key": "m1"},
    )
    assert answer.status_code == 200
    log = own_client.get(f"/v1/games/{game['id']}/events?after=0").get_json()
    assert log["version"] == answer.get_json()["game"]["version"]
    store = own_client.application.extensions["deskovka"].store
    assert [entry["seat"] for entry in store.log(game["id"])].count(0) == 1
