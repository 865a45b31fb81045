"""Following games on a real Redis Cluster (Debian's redis-server 7): long-polls and streams on one API process are
woken by moves made through another, the games spread over every master, and again after a master's `kill -9`."""

import signal
import statistics
import time

import pytest
import redis

from api.http.app import create_app
from tests.api.helpers import create, play_to_end, view
from tests.api.test_followers import poll_in_background, wait_until_following
from tests.ops import servers

SEATS = [{"name": "A"}, {"name": "B"}]


@pytest.fixture(scope="module")
def small_cluster(tmp_path_factory):
    """3 masters, no replicas: the quick case of the default suite."""
    processes, ports = servers.cluster(tmp_path_factory.mktemp("cluster"), replicas=0)
    yield f"redis+cluster://127.0.0.1:{ports[0]}"
    servers.stop(processes)


def apps(url, queue_url, count=2):
    return [
        create_app({"REDIS_URL": url, "QUEUE_URL": queue_url, "TESTING": True, "RATE_LIMITS": {}}) for _ in range(count)
    ]


def close(made):
    for app in made:
        app.extensions["deskovka"].followers.close()
        app.extensions["deskovka"].connection.close()


def master_of(app, game_id):
    store = app.extensions["deskovka"].store
    return store.connection.get_node_from_key(store.key_for(game_id, "state")).name


def games_on_every_master(app, masters, per_master=1):
    """Games created until each master holds `per_master` of them."""
    games: dict[str, list] = {}
    while sum(min(len(held), per_master) for held in games.values()) < masters * per_master:
        game, tokens = create(app.test_client(), SEATS, options={"hand_size": 1})
        games.setdefault(master_of(app, game["id"]), []).append((game, tokens))
    return [pair for held in games.values() for pair in held[:per_master]]


def wake_ups(follower, mover, games):
    """Long-poll each game on `follower`, move it once through `mover`; return each wake-up's seconds after the
    move was sent."""
    polls = [poll_in_background(follower, f"/v1/games/{game['id']}/events?after=0&wait=20") for game, _ in games]
    wait_until_following(follower, len(games))
    seconds = []
    for (game, tokens), poll in zip(games, polls, strict=True):
        mine = view(mover.test_client(), game["id"], tokens[0])
        sent = time.monotonic()
        moved = mover.test_client().post(
            f"/v1/games/{game['id']}/actions",
            json=mine["legal_actions"][0],
            headers={"Authorization": f"Bearer {tokens[0]}", "Idempotency-Key": "first"},
        )
        assert moved.status_code == 200, moved.get_json()
        body = poll.result(10).get_json()
        seconds.append(time.monotonic() - sent)
        assert body.get("version") == 1 and body["events"] == moved.get_json()["events"], (
            body,
            game["id"],
            master_of(mover, game["id"]),
        )
    return seconds


def test_long_polls_and_streams_on_one_process_wake_on_moves_through_another(small_cluster, redis_url):
    follower, mover = made = apps(small_cluster, redis_url)
    try:
        games = games_on_every_master(mover, 3)
        game, tokens = games[0]
        stream = poll_in_background(
            follower,
            f"/v1/games/{game['id']}/events?after=0&wait=20",
            {"Accept": "text/event-stream", "Last-Event-ID": "0"},
        )
        wait_until_following(follower, 1)
        assert max(wake_ups(follower, mover, games)) < 5  # woken by the moves, not by the 20 s deadline
        assert follower.test_client().get("/readyz").status_code == 200
        play_to_end(mover.test_client(), game["id"], tokens)
        text = stream.result(10).get_data(as_text=True)
        ids = [int(line.removeprefix("id: ")) for line in text.splitlines() if line.startswith("id: ")]
        assert ids == list(range(1, view(mover.test_client(), game["id"])["version"] + 1))
        assert follower.extensions["deskovka"].followers.following() == 0
    finally:
        close(made)


def p99(seconds):
    return statistics.quantiles(seconds, n=100)[98] if len(seconds) > 1 else seconds[0]


@pytest.mark.slow
def test_followers_wake_within_200_ms_before_and_after_a_master_is_killed(tmp_path, redis_url):
    processes, ports = servers.cluster(tmp_path, replicas=1, node_timeout=1000)
    url = f"redis+cluster://127.0.0.1:{ports[0]}"
    follower, mover = made = apps(url, redis_url)
    try:
        before = []
        for _ in range(10):
            before += wake_ups(follower, mover, games_on_every_master(mover, 3, per_master=3))
        victim = processes[0]
        victim_name = f"127.0.0.1:{ports[0]}"
        games = games_on_every_master(mover, 3, per_master=3)
        on_victim = [(game, tokens) for game, tokens in games if master_of(mover, game["id"]) == victim_name]
        polls = [
            poll_in_background(follower, f"/v1/games/{game['id']}/events?after=0&wait=30") for game, _ in on_victim
        ]
        wait_until_following(follower, len(on_victim))
        victim.send_signal(signal.SIGKILL)
        victim.wait(10)
        killed = time.monotonic()
        # The games of the dead master: each moved as soon as its slot has a master again, and its follower woken.
        for (game, tokens), poll in zip(on_victim, polls, strict=True):
            while True:
                try:
                    mine = mover.test_client().get(
                        f"/v1/games/{game['id']}", headers={"Authorization": f"Bearer {tokens[0]}"}
                    )
                    if mine.status_code == 200:
                        moved = mover.test_client().post(
                            f"/v1/games/{game['id']}/actions",
                            json=mine.get_json()["legal_actions"][0],
                            headers={"Authorization": f"Bearer {tokens[0]}", "Idempotency-Key": "first"},
                        )
                        if moved.status_code == 200:
                            break
                except redis.RedisError:
                    pass
                assert time.monotonic() - killed < 30, "the dead master's slots were not taken over"
                time.sleep(0.1)
            # Woken by the move, or answered 503 while the store failed over (a client then asks again).
            answered = poll.result(10)
            assert answered.status_code == 503 or answered.get_json()["version"] == 1
        recovered = time.monotonic() - killed
        after = []
        for _ in range(10):
            after += wake_ups(follower, mover, games_on_every_master(mover, 3, per_master=3))
        print(
            f"wake-ups p99 {p99(before) * 1000:.0f} ms before, {p99(after) * 1000:.0f} ms after a master's kill -9; "
            f"its games moved and woken again {recovered:.1f} s after it"
        )
        assert p99(before) < 0.2 and p99(after) < 0.2
        assert follower.test_client().get("/readyz").status_code == 200
    finally:
        close(made)
        servers.stop(processes)
