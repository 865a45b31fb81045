"""Followers wait on one pub/sub subscription per process: woken by moves made anywhere, never polling."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.api.helpers import act, bearer, create, play_to_end, turn, view


@pytest.fixture
def other_app(make_app, app):
    """A second API process: its own connections and its own subscription."""
    return make_app()


def poll_in_background(app, path, headers=None):
    pool = ThreadPoolExecutor(1)
    future = pool.submit(lambda: app.test_client().get(path, headers=headers or {}, buffered=True))
    pool.shutdown(wait=False)
    return future


def wait_until_following(app, count, timeout=5.0):
    followers = app.extensions["deskovka"].followers
    deadline = time.monotonic() + timeout
    while followers.following() < count:
        assert time.monotonic() < deadline, f"{followers.following()} of {count} followers arrived"
        time.sleep(0.01)


def first_move(client, game_id, tokens, seat=0):
    mine = view(client, game_id, tokens[seat])
    return act(client, game_id, tokens[seat], mine["legal_actions"][0], mine["version"])


class TestWakeUps:
    """A move wakes the game's followers on every process, and only them."""

    def test_a_move_on_one_process_wakes_long_polls_and_streams_on_another(self, app, other_app):
        game, tokens = create(app.test_client(), [{"name": "A"}, {"name": "B"}], options={"hand_size": 1}, seed=3)
        url = f"/v1/games/{game['id']}/events?after=0&wait=20"
        polls = [poll_in_background(other_app, url) for _ in range(5)]
        stream = poll_in_background(other_app, url, {"Accept": "text/event-stream", "Last-Event-ID": "0"})
        other_game, _ = create(app.test_client(), [{"name": "C"}, {"name": "D"}])
        idle = poll_in_background(other_app, f"/v1/games/{other_game['id']}/events?after=0&wait=1")
        wait_until_following(other_app, 7)
        started = time.monotonic()
        moved = first_move(app.test_client(), game["id"], tokens)
        for poll in polls:
            body = poll.result(10).get_json()
            assert body == {
                "type": "timeline",
                "version": 1,
                "events": moved["events"],
                "next_after": 1,
                **turn([1]),
            }
        assert time.monotonic() - started < 5  # woken by the move, not by the 20 s deadline
        assert idle.result(10).get_json() == {
            "type": "timeline",
            "version": 0,
            "events": [],
            "next_after": 0,
            **turn([0]),
        }
        # The stream goes on after the first message; a second move arrives on it too.
        first_move(app.test_client(), game["id"], tokens, seat=1)
        assert not stream.done(), stream.result().get_data(as_text=True)
        game_id = game["id"]
        play_to_end(app.test_client(), game_id, tokens)
        text = stream.result(10).get_data(as_text=True)
        ids = [int(line.removeprefix("id: ")) for line in text.splitlines() if line.startswith("id: ")]
        assert ids == list(range(1, view(app.test_client(), game_id)["version"] + 1))
        assert other_app.extensions["deskovka"].followers.following() == 0

    def test_a_woken_long_poll_shows_a_seat_only_what_it_may_see(self, app, other_app):
        client = app.test_client()
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}, {"name": "C"}], game_type="lost-cities", seed=5)
        game_id = game["id"]
        first_move(client, game_id, tokens)
        while (state := view(client, game_id))["to_act"] == [0]:  # an arrow may ask seat 0 for more
            first_move(client, game_id, tokens)
        assert state["to_act"] == [1, 2]
        after = state["version"]
        url = f"/v1/games/{game_id}/events?after={after}&wait="
        own = poll_in_background(other_app, url + "10", bearer(tokens[1]))
        others = poll_in_background(other_app, url + "10", bearer(tokens[2]))
        wait_until_following(other_app, 2)
        moved = first_move(client, game_id, tokens, seat=1)
        assert moved["events"] and all(e.get("seat") == 1 for e in moved["events"])
        assert own.result(10).get_json() == {
            "type": "lost-cities",
            "version": after + 1,
            "events": moved["events"],
            "next_after": after + 1,
            **turn(view(client, game_id)["to_act"], seat=1),
        }
        # Seat 2 is woken by the same move and shown the public part of it, as a plain read shows it.
        public = others.result(10).get_json()
        assert public == client.get(url + "0", headers=bearer(tokens[2])).get_json()
        assert public["version"] == after + 1 and len(public["events"]) < len(moved["events"])

    def test_followers_hear_moves_again_after_the_subscription_is_cut(self, app, other_app, redis_client):
        game, tokens = create(app.test_client(), [{"name": "A"}, {"name": "B"}])
        poll = poll_in_background(other_app, f"/v1/games/{game['id']}/events?after=0&wait=20")
        wait_until_following(other_app, 1)
        redis_client.client_kill_filter(_type="pubsub")
        moved = first_move(app.test_client(), game["id"], tokens)
        assert poll.result(15).get_json() == {
            "type": "timeline",
            "version": 1,
            "events": moved["events"],
            "next_after": 1,
            **turn([1]),
        }

    def test_a_stream_ends_when_the_game_ends(self, app, other_app):
        client = app.test_client()
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 1}, seed=3)
        stream = poll_in_background(
            other_app, f"/v1/games/{game['id']}/events?wait=60", {"Accept": "text/event-stream"}
        )
        wait_until_following(other_app, 1)
        started = time.monotonic()
        play_to_end(client, game["id"], tokens)
        text = stream.result(30).get_data(as_text=True)
        assert time.monotonic() - started < 30
        assert f"id: {view(client, game['id'])['version']}\n" in text

    def test_a_stream_of_a_finished_game_sends_the_rest_and_ends_at_once(self, app):
        client = app.test_client()
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 1}, seed=4)
        state = play_to_end(client, game["id"], tokens)
        started = time.monotonic()
        text = client.get(
            f"/v1/games/{game['id']}/events?wait=60", headers={"Accept": "text/event-stream", "Last-Event-ID": "1"}
        ).get_data(as_text=True)
        assert time.monotonic() - started < 5
        ids = [int(line.removeprefix("id: ")) for line in text.splitlines() if line.startswith("id: ")]
        assert ids == list(range(2, state["version"] + 1))


def test_waiting_costs_no_redis_command_per_tick(app, redis_client):
    """Ten followers waiting one second send Redis a handful of commands, not one per follower per tick."""
    game, _ = create(app.test_client(), [{"name": "A"}, {"name": "B"}])
    url = f"/v1/games/{game['id']}/events?after=0&wait=1.5"
    polls = [poll_in_background(app, url) for _ in range(10)]
    wait_until_following(app, 10)
    threading.Event().wait(0.3)  # each follower reads the game once as it arrives
    before = redis_client.info("commandstats")
    threading.Event().wait(1.0)
    during = {
        name: calls
        for name, stats in redis_client.info("commandstats").items()
        if (calls := stats["calls"] - before.get(name, {"calls": 0})["calls"])
    }
    for poll in polls:
        assert poll.result(10).get_json() == {
            "type": "timeline",
            "version": 0,
            "events": [],
            "next_after": 0,
            **turn([0]),
        }
    assert sum(during.values()) < 10, during


def restarts(client, error):
    """The followers' listener restarts /metrics counts for one error."""
    text = client.get("/metrics").get_data(as_text=True)
    prefix = f'deskovka_followers_listener_restarts_total{{error="{error}"}} '
    return sum(float(line.removeprefix(prefix)) for line in text.splitlines() if line.startswith(prefix))


def test_a_listener_that_fails_is_restarted_counted_and_not_ready_meanwhile(app, monkeypatch):
    """Any failure of the listener (here the RuntimeError a Cluster's pub/sub raised) is counted, /readyz answers
    503 while it lasts, and the listener subscribes again by itself."""
    followers = app.extensions["deskovka"].followers
    client = app.test_client()
    broken = threading.Event()
    broken.set()
    real = followers._wire

    def wire():
        if broken.is_set():
            raise RuntimeError("pubsub connection not set")
        return real()

    monkeypatch.setattr(followers, "_wire", wire)
    counted = restarts(client, "RuntimeError")
    followers._start()
    deadline = time.monotonic() + 5
    while restarts(client, "RuntimeError") == counted:
        assert time.monotonic() < deadline, "the failure was not counted"
        time.sleep(0.01)
    assert client.get("/readyz").status_code == 503
    assert client.get("/readyz").get_json()["code"] == "store/unavailable"
    broken.clear()
    deadline = time.monotonic() + 5
    while client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, "the listener did not come back"
        time.sleep(0.05)
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], seed=3)
    poll = poll_in_background(app, f"/v1/games/{game['id']}/events?after=0&wait=20")
    wait_until_following(app, 1)
    first_move(client, game["id"], tokens)
    assert poll.result(10).get_json()["version"] == 1
