"""Bounded disk: every key of a game, its action log, event stream and idempotency records included, expires with it."""

import pytest

from api.http.app import create_app
from tests.api.helpers import bearer, create, play_to_end, view


@pytest.fixture
def short_lived(redis_client, redis_url):
    app = create_app(
        {"REDIS_URL": redis_url, "QUEUE_URL": redis_url, "TESTING": True, "GAME_TTL": 1000, "FINISHED_TTL": 5000}
    )
    yield app.test_client()
    app.extensions["deskovka"].connection.close()


def game_keys(redis_client, game_id):
    return {key.decode(): redis_client.ttl(key) for key in redis_client.scan_iter(f"dk:{{g:{game_id}}}:*")}


def test_a_running_game_and_then_a_finished_one_expire_whole(short_lived, redis_client):
    game, tokens = create(short_lived, [{"name": "A"}, {"bot": "random"}])
    mine = view(short_lived, game["id"], tokens[0])
    moved = short_lived.post(
        f"/v1/games/{game['id']}/actions",
        json=mine["legal_actions"][0],
        headers={**bearer(tokens[0]), "Idempotency-Key": "once"},
    )
    assert moved.status_code == 200
    running = game_keys(redis_client, game["id"])
    assert {key.rsplit(":", 1)[-1] for key in running} >= {"state", "log", "events", "once"}
    assert all(990 < ttl <= 1000 for ttl in running.values()), running

    play_to_end(short_lived, game["id"], tokens)
    finished = game_keys(redis_client, game["id"])
    # A finished game is kept compact: its log and events keys are gone, the rest is kept.
    assert finished.keys() >= {key for key in running if not key.endswith((":log", ":events"))}
    lasting = {key: ttl for key, ttl in finished.items() if ":idem:" not in key}
    assert all(4990 < ttl <= 5000 for ttl in lasting.values()), finished
    assert all(0 < ttl <= 5000 for ttl in finished.values()), "nothing of a game lives for ever"


def test_a_first_answer_is_kept_for_the_idempotency_ttl_not_for_the_games_life(redis_client, redis_url):
    app = create_app(
        {"REDIS_URL": redis_url, "QUEUE_URL": redis_url, "TESTING": True, "GAME_TTL": 5000, "IDEMPOTENCY_TTL": 300}
    )
    client = app.test_client()
    try:
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}])
        mine = view(client, game["id"], tokens[0])
        headers = {**bearer(tokens[0]), "Idempotency-Key": "once"}
        first = client.post(f"/v1/games/{game['id']}/actions", json=mine["legal_actions"][0], headers=headers)
        again = client.post(f"/v1/games/{game['id']}/actions", json=mine["legal_actions"][0], headers=headers)
        assert first.status_code == again.status_code == 200 and again.get_data() == first.get_data()
        ttls = game_keys(redis_client, game["id"])
        (answer,) = [ttl for key, ttl in ttls.items() if key.endswith(":once")]
        assert 290 < answer <= 300
        assert all(4990 < ttl <= 5000 for key, ttl in ttls.items() if ":idem:" not in key), ttls
    finally:
        app.extensions["deskovka"].connection.close()
