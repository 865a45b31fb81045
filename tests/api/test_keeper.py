"""The table keeper: requests play a bounded batch of bot moves, the keeper plays the rest through the same commit."""

import threading
import time

import pytest

from api.http.middleware import refused as refused_again
from api.serving import keeper as keeper_module
from api.serving.keeper import Keeper
from api.storage import due
from api.tables import bots, lengths
from tests.api.helpers import act, create, view

ENDLESS = {
    "type": "timeline",
    "seats": [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}] * 2,
    "options": {"hand_size": 10},
}
GREEDY = {"type": "ticket-to-ride-europe", "seats": [{"bot": "greedy"}, {"bot": "random"}], "seed": 5}


@pytest.fixture
def fast(make_app):
    """An app whose keeper plays at once (no pace to wait for), and its keeper."""
    app = make_app(BOT_PACE=1e9)
    return app, Keeper(app.extensions["deskovka"])


def bots_due(redis_client):
    """How many tables every bots set holds."""
    return sum(redis_client.zcard(bots) for _, bots in due.CLAIMED)


def keep_until_idle(keeper, game_id, most=10_000):
    """Tick the keeper until the table is no longer in its hands; return how many ticks advanced something."""
    for ticks in range(most):
        if not due.kept(keeper.store.connection, [game_id])[0]:
            return ticks
        keeper.tick()
    raise AssertionError("the keeper never let the table go")


def versions_logged(redis_client, store, game_id):
    return [entry["v"] for entry in store.log(game_id)]


class TestRequestsAreBounded:
    def test_a_game_of_endless_bots_answers_with_one_batch_and_is_handed_to_the_keeper(self, fast, redis_client):
        app, _ = fast
        response = app.test_client().post("/v1/games", json=ENDLESS)
        assert response.status_code == 201
        game = response.get_json()["game"]
        assert game["status"] == "running" and 0 < game["version"] <= bots.BOT_MOVES
        assert redis_client.zscore(due.bots_key(game["id"]), game["id"]) is not None

    def test_a_person_and_bots_get_the_bots_replies_in_the_answer_and_nothing_is_handed_over(self, fast, redis_client):
        app, _ = fast
        client = app.test_client()
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}, {"bot": "hit-rate"}], seed=4)
        answer = act(client, game["id"], tokens[0], game["legal_actions"][0], 0)
        assert answer["game"]["version"] == 3 and answer["game"]["to_act"] == [0]
        assert {e["v"] for e in answer["events"]} == {1, 2, 3}
        assert bots_due(redis_client) == 0


class TestTheKeeper:
    def test_it_plays_a_game_of_bots_to_the_end_once_per_version(self, fast, redis_client):
        app, keeper = fast
        client = app.test_client()
        game = client.post("/v1/games", json=GREEDY).get_json()["game"]
        assert game["status"] == "running" and game["version"] <= bots.BOT_MOVES
        assert keep_until_idle(keeper, game["id"]) > 1
        final = view(client, game["id"])
        assert final["status"] == "finished" and final["outcome"]["winners"]
        logged = versions_logged(redis_client, keeper.store, game["id"])
        assert logged == list(range(1, final["version"] + 1))
        events, after = [], 0
        while after < final["version"]:
            page = client.get(f"/v1/games/{game['id']}/events?after={after}&limit=500").get_json()
            events, after = events + page["events"], page["next_after"]
        assert {e["v"] for e in events} == set(logged), "followers see every move the keeper made"
        assert client.get(f"/v1/games/{game['id']}/replay").status_code == 200

    def test_its_moves_are_the_ones_the_request_would_have_played(self, fast, make_app, monkeypatch):
        app, keeper = fast
        kept = app.test_client().post("/v1/games", json=GREEDY).get_json()["game"]["id"]
        keep_until_idle(keeper, kept)
        monkeypatch.setattr(bots, "BOT_MOVES", 10_000)
        monkeypatch.setattr(bots, "BOT_SECONDS", 1e9)
        whole = app.test_client().post("/v1/games", json=GREEDY).get_json()["game"]
        assert whole["status"] == "finished"
        assert [e["action"] for e in keeper.store.log(kept)] == [e["action"] for e in keeper.store.log(whole["id"])]

    def test_a_game_that_never_ends_is_played_to_its_most_versions_and_abandoned(self, fast, monkeypatch, redis_client):
        app, keeper = fast
        monkeypatch.setitem(lengths.MOST_VERSIONS, "timeline", 120)
        game = app.test_client().post("/v1/games", json=ENDLESS).get_json()["game"]
        keep_until_idle(keeper, game["id"])
        stopped = view(app.test_client(), game["id"])
        assert stopped["status"] == "abandoned" and stopped["version"] == 120 and stopped["to_act"] == []
        assert 0 < redis_client.ttl(f"dk:{{g:{game['id']}}}:state") <= app.config["GAME_TTL"]
        with app.app_context():
            assert keeper.advance(game["id"]) == (None, None)
        assert view(app.test_client(), game["id"]) == stopped

    def test_bots_that_must_play_more_than_a_request_may_are_finished_by_the_keeper(self, fast, monkeypatch):
        app, keeper = fast
        client = app.test_client()
        monkeypatch.setattr(bots, "BOT_MOVES", 1)
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}, {"bot": "random"}], seed=9)
        kept = 0
        for _ in range(2000):
            game = view(client, game["id"], tokens[0])
            if game["status"] == "finished":
                break
            if game["to_act"] == [0]:
                answer = act(client, game["id"], tokens[0], game["legal_actions"][0], game["version"])
                assert answer["game"]["version"] == game["version"] + 2, "one bot reply in the answer"
            else:
                kept += keeper.tick()
        assert game["status"] == "finished" and kept > 0

    def test_a_table_whose_game_is_gone_is_let_go(self, fast, redis_client):
        _, keeper = fast
        due.due_in(redis_client, "0123456789abcdef", 0)
        due.due_in(redis_client, "not-a-game", 0)
        assert keeper.tick() == 2
        assert bots_due(redis_client) == 0


class TestTwoKeepers:
    def test_a_claimed_table_is_not_claimed_again_until_its_lease_ends(self, redis_client):
        due.due_in(redis_client, "0123456789abcdef", 0)
        first, second = due.DueTables(redis_client), due.DueTables(redis_client)
        ids, lease = first.claim(16, 30)
        assert ids == ["0123456789abcdef"] and second.claim(16, 30)[0] == []
        due.due_in(redis_client, "0123456789abcdef", 0)  # a request made it due again meanwhile
        assert not first.release("0123456789abcdef", lease, None), "the newer schedule stands"
        assert second.claim(16, 30)[0] == ["0123456789abcdef"]

    @pytest.mark.parametrize("lease", [30.0, 0.0], ids=["leased", "leases-run-out-at-once"])
    def test_two_keepers_on_one_redis_never_play_a_version_twice(self, make_app, redis_client, monkeypatch, lease):
        monkeypatch.setattr(keeper_module, "LEASE", lease)
        apps = [make_app(BOT_PACE=1e9) for _ in range(2)]
        client = apps[0].test_client()
        games = [client.post("/v1/games", json={**GREEDY, "seed": seed}).get_json()["game"]["id"] for seed in range(4)]
        stop = threading.Event()
        threads = [threading.Thread(target=keeper_module.run, args=(app.extensions["deskovka"], stop)) for app in apps]
        for thread in threads:
            thread.start()
        try:
            for game_id in games:
                for _ in range(600):
                    if view(client, game_id)["status"] == "finished":
                        break
                    stop.wait(0.05)
        finally:
            stop.set()
            for thread in threads:
                thread.join(10)
        store = apps[0].extensions["deskovka"].store
        for game_id in games:
            final = view(client, game_id)
            assert final["status"] == "finished"
            assert versions_logged(redis_client, store, game_id) == list(range(1, final["version"] + 1))


class TestBotOnlyQuota:
    def test_a_client_may_have_so_many_running_and_so_many_an_hour(self, fast, redis_client, monkeypatch):
        app, keeper = fast
        monkeypatch.setitem(lengths.MOST_VERSIONS, "timeline", 40)
        app.config["RATE_LIMITS"] = {"games": [(100, 60)], "bot_games": [(1, 0), (2, 3600)]}
        client = app.test_client()
        first = client.post("/v1/games", json=ENDLESS)
        assert first.status_code == 201
        refused = client.post("/v1/games", json=ENDLESS)
        assert refused.status_code == 429 and refused.get_json()["code"] == "rate/limited"
        assert int(refused.headers["Retry-After"]) > 0
        assert len(redis_client.keys("dk:{g:*}:state")) == 1, "a refused game is not created"
        other = client.post("/v1/games", json=ENDLESS, environ_base={"REMOTE_ADDR": "192.0.2.7"})
        assert other.status_code == 201, "another client has its own count"
        person = client.post("/v1/games", json={**ENDLESS, "seats": [{"name": "A"}, *ENDLESS["seats"]]})
        assert person.status_code == 201, "a game with a person is not a game of bots only"

        keep_until_idle(keeper, first.get_json()["game"]["id"])
        time.sleep(refused_again.HOLD)  # the process answers a client it just refused from its book this long
        second = client.post("/v1/games", json=ENDLESS)
        assert second.status_code == 201, "the first game is over for the keeper"
        keep_until_idle(keeper, second.get_json()["game"]["id"])
        hourly = client.post("/v1/games", json=ENDLESS)
        assert hourly.status_code == 429 and "per hour" in hourly.get_json()["detail"]

    def test_refused_bot_games_do_not_count_against_the_clients_games(self, fast, redis_client):
        app, _ = fast
        app.config["RATE_LIMITS"] = {"games": [(3, 60)], "bot_games": [(1, 0)]}
        client = app.test_client()
        assert client.post("/v1/games", json=ENDLESS).status_code == 201
        for _ in range(3):
            assert client.post("/v1/games", json=ENDLESS).status_code == 429
        assert (
            client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}, {"bot": "random"}]}).status_code
            == 201
        )

    def test_the_operator_may_refuse_games_of_bots_only(self, make_app, redis_client):
        client = make_app(BOT_ONLY_GAMES=False).test_client()
        refused = client.post("/v1/games", json=ENDLESS)
        assert refused.status_code == 422 and refused.get_json()["code"] == "players/person_required"
        assert refused.content_type == "application/problem+json"
        assert redis_client.keys("dk:{g:*}") == []
        assert (
            client.post(
                "/v1/games", json={"type": "timeline", "seats": [{"bot": "random"}, {"open": True}]}
            ).status_code
            == 201
        ), "an open seat waits for a person"


def test_the_switch_and_the_quota_come_from_the_environment():
    from api import config

    settings = config.from_env(
        {"DESKOVKA_BOT_ONLY_GAMES": "off", "DESKOVKA_LIMIT_BOT_GAMES": "3/running;9/hour", "DESKOVKA_BOT_PACE": "4"}
    )
    assert settings["BOT_ONLY_GAMES"] is False and settings["BOT_PACE"] == 4
    assert settings["RATE_LIMITS"]["bot_games"] == [(3, 0), (9, 3600)]
    assert config.from_env({})["BOT_ONLY_GAMES"] is True
