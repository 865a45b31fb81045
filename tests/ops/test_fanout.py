"""A move reaches only the processes that follow its game (sharded pub/sub on Redis 7); all of them on 6.2."""

import time

import pytest

from api.http.app import create_app
from tests.api.helpers import create
from tests.api.test_followers import first_move, poll_in_background, wait_until_following
from tests.ops import servers


@pytest.fixture(scope="module")
def redis7(tmp_path_factory):
    process, port = servers.start(tmp_path_factory.mktemp("redis7"))
    yield f"redis://127.0.0.1:{port}/0"
    servers.stop([process])


def apps(url, count):
    made = [create_app({"REDIS_URL": url, "QUEUE_URL": url, "TESTING": True, "RATE_LIMITS": {}}) for _ in range(count)]
    made[0].extensions["deskovka"].connection.flushdb()
    return made


def close(made):
    for app in made:
        app.extensions["deskovka"].followers.close()
        app.extensions["deskovka"].connection.close()


def moves_reach(url):
    """Two processes, each following one of two games; one move in each game: what each process received."""
    one, two = made = apps(url, 2)
    try:
        games = [create(one.test_client(), [{"name": "A"}, {"name": "B"}], seed=seed) for seed in (1, 2)]
        polls = [
            poll_in_background(app, f"/v1/games/{game['id']}/events?after=0&wait=20")
            for app, (game, _) in zip(made, games, strict=True)
        ]
        for app in made:
            wait_until_following(app, 1)
        for game, tokens in games:
            first_move(one.test_client(), game["id"], tokens)
        for poll in polls:
            assert poll.result(10).get_json()["version"] == 1  # each woken by its own game's move
        time.sleep(0.3)  # any stray message would have landed by now
        return [app.extensions["deskovka"].followers.received for app in made]
    finally:
        close(made)


def test_on_redis7_each_process_receives_only_the_moves_of_the_games_it_follows(redis7):
    assert apps(redis7, 1)[0].extensions["deskovka"].store.sharded()
    assert moves_reach(redis7) == [1, 1]


def test_on_redis62_every_process_receives_every_move(redis_url):
    assert moves_reach(redis_url) == [2, 2]
