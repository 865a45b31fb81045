"""Tables left to their bots (every person resigned, by hand or by the clock) count against the quota of games of bots
only of the client that created them; past it the table is abandoned in the resignation's own write."""

import orjson
import pytest

from api.serving.keeper import Keeper
from api.storage import due
from api.tables import lengths
from tests.api.helpers import bearer, view

ENDLESS = {
    "type": "timeline",
    "seats": [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}] * 2,
    "options": {"hand_size": 10},
}
SEVEN_BOTS = [{"name": "Ann"}] + [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}] * 7
QUOTA = {"games": [(100, 60)], "bot_games": [(1, 0), (3, 3600)]}


@pytest.fixture
def app(make_app):
    return make_app(BOT_PACE=1e9, RATE_LIMITS=QUOTA)


def resign(client, game_id, token, address="127.0.0.1"):
    return client.post(f"/v1/games/{game_id}/resign", headers=bearer(token), environ_base={"REMOTE_ADDR": address})


def table_of_seven_bots(client, address="127.0.0.1", **extra):
    response = client.post(
        "/v1/games",
        json={"type": "timeline", "seats": SEVEN_BOTS, "options": {"hand_size": 10}, **extra},
        environ_base={"REMOTE_ADDR": address},
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["game"], body["tokens"][0]["token"]


class TestResigningLeavesTheTableToBots:
    def test_within_the_quota_the_bots_play_on_and_the_table_counts_as_a_game_of_bots_only(self, app, redis_client):
        client = app.test_client()
        game, token = table_of_seven_bots(client)
        answer = resign(client, game["id"], token)
        assert answer.status_code == 200
        after = answer.get_json()["game"]
        assert after["status"] == "running" and after["resigned"] == [0]
        assert after["version"] > game["version"] + 1, "the bots played on in the resignation's request"
        assert due.kept(redis_client, [game["id"]]) == [True], "the keeper plays the rest"
        refused = client.post("/v1/games", json=ENDLESS)
        assert refused.status_code == 429 and "bots only" in refused.get_json()["detail"]
        assert client.post("/v1/games", json=ENDLESS, environ_base={"REMOTE_ADDR": "192.0.2.9"}).status_code == 201

    def test_past_the_quota_the_resignation_abandons_the_table_at_once(self, app, redis_client):
        client = app.test_client()
        assert client.post("/v1/games", json=ENDLESS).status_code == 201  # the one game of bots it may have
        game, token = table_of_seven_bots(client)
        Keeper(app.extensions["deskovka"]).tick()  # the bots' turns until Ann's, if the first batch left any
        before = view(client, game["id"])["version"]
        answer = resign(client, game["id"], token)
        assert answer.status_code == 200
        after = answer.get_json()["game"]
        assert after["status"] == "abandoned" and after["version"] == before + 1, "no bot moved after"
        assert after["outcome"] is None
        Keeper(app.extensions["deskovka"]).tick()
        assert due.kept(redis_client, [game["id"]]) == [False], "nothing is left for the keeper"
        assert view(client, game["id"])["version"] == before + 1
        again = client.post(f"/v1/games/{game['id']}/actions", json={"type": "resign"}, headers=bearer(token))
        assert again.status_code == 409 and again.get_json()["code"] == "game/abandoned"
        assert "resigned" in again.get_json()["detail"]

    def test_the_quota_is_the_creators_wherever_the_resignation_comes_from(self, app):
        client = app.test_client()
        game, token = table_of_seven_bots(client, address="192.0.2.1")
        assert client.post("/v1/games", json=ENDLESS, environ_base={"REMOTE_ADDR": "192.0.2.1"}).status_code == 201
        answer = resign(client, game["id"], token, address="192.0.2.2")
        assert answer.get_json()["game"]["status"] == "abandoned"

    def test_the_hourly_quota_counts_each_table_once(self, app, redis_client, monkeypatch):
        monkeypatch.setitem(lengths.MOST_VERSIONS, "timeline", 60)
        client = app.test_client()
        keeper = Keeper(app.extensions["deskovka"])
        for _ in range(3):
            game, token = table_of_seven_bots(client)
            assert resign(client, game["id"], token).get_json()["game"]["status"] == "running"
            while due.kept(redis_client, [game["id"]])[0]:  # the keeper plays it to its most versions
                keeper.tick()
        game, token = table_of_seven_bots(client)
        assert resign(client, game["id"], token).get_json()["game"]["status"] == "abandoned", "3 an hour"
        assert client.post("/v1/games", json=ENDLESS).status_code == 429

    def test_a_person_still_at_the_table_keeps_it_out_of_the_quota(self, app):
        client = app.test_client()
        assert client.post("/v1/games", json=ENDLESS).status_code == 201
        response = client.post(
            "/v1/games", json={"type": "timeline", "seats": [{"name": "Ann"}, {"name": "Bob"}, *SEVEN_BOTS[1:4]]}
        )
        tokens = {t["seat"]: t["token"] for t in response.get_json()["tokens"]}
        game_id = response.get_json()["game"]["id"]
        assert resign(client, game_id, tokens[0]).get_json()["game"]["status"] == "running"

    def test_an_operator_without_games_of_bots_only_has_such_tables_abandoned(self, make_app):
        client = make_app(BOT_ONLY_GAMES=False).test_client()
        game, token = table_of_seven_bots(client)
        assert resign(client, game["id"], token).get_json()["game"]["status"] == "abandoned"


def test_a_clock_that_resigns_the_last_person_past_the_quota_abandons_the_table(app, redis_client):
    client = app.test_client()
    keeper = Keeper(app.extensions["deskovka"])
    assert client.post("/v1/games", json=ENDLESS).status_code == 201
    game, _ = table_of_seven_bots(client, clock={"per_turn": 60, "on_timeout": "resign"}, seed=2)
    while view(client, game["id"])["to_act"] != [0]:  # the bots' turns until Ann's
        keeper.tick()
    key = f"dk:{{g:{game['id']}}}:state"
    doc = orjson.loads(redis_client.hget(key, "doc"))
    doc["deadlines"] = {seat: due.millis(-1) for seat in doc["deadlines"]}
    redis_client.hset(key, "doc", orjson.dumps(doc))
    due.clock_at(redis_client, game["id"], due.millis(-1))
    before = view(client, game["id"])["version"]
    keeper.tick()
    after = view(client, game["id"])
    assert after["status"] == "abandoned" and after["resigned"] == [0] and after["version"] == before + 1
