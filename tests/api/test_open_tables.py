"""A table with open seats its creator cannot bias: dealt when full, ages from their players, the start drawn."""

import orjson

from api.storage.store import GameStore
from engine.decks import get_deck
from engine.games import new_match, replay
from engine.timeline.placing import fits
from tests.api.helpers import act, bearer, create, view


def join(client, game_id, seat, **body):
    response = client.post(f"/v1/games/{game_id}/seats/{seat}", json={"name": f"P{seat}", **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def refused(client, body):
    response = client.post("/v1/games", json=body)
    assert response.status_code == 422, response.get_json()
    return response.get_json()


class TestNothingIsDealtBeforeTheTableFills:
    def test_the_creator_sees_seats_and_options_but_no_hand(self, client, redis_client):
        game, tokens = create(client, [{"name": "Ann"}, {"open": True}], options={"hand_size": 3}, seed=7)
        for seen in (game, view(client, game["id"], tokens[0]), view(client, game["id"])):
            assert (seen["status"], seen["version"], seen["view"], seen["outcome"]) == ("open", 0, None, None)
            assert seen["to_act"] == [] and seen["legal_actions"] == []
            assert seen["options"]["hand_size"] == 3 and "first" not in seen["options"]
            assert [s["open"] for s in seen["seats"]] == [False, True]
        events = client.get(f"/v1/games/{game['id']}/events?after=0", headers=bearer(tokens[0])).get_json()
        assert events["events"] == []
        doc = orjson.loads(redis_client.hget(GameStore.key_for(game["id"], "state"), "doc"))
        assert doc["state"] is None, "no deal is stored anywhere before the last seat is taken"

        joined = join(client, game["id"], 1)
        mine = view(client, game["id"], tokens[0])
        assert joined["game"]["status"] == "running" and len(mine["view"]["hands"][0]["cards"]) == 3
        assert mine["options"]["first"] in (0, 1) and mine["to_act"] == [mine["options"]["first"]]

    def test_a_bot_that_starts_moves_when_the_last_seat_is_taken(self, client):
        starts = set()
        for _ in range(12):
            game, _ = create(client, [{"bot": "random"}, {"open": True}], options={"hand_size": 2})
            joined = join(client, game["id"], 1)["game"]
            first = joined["options"]["first"]
            starts.add(first)
            assert joined["to_act"] == [1] and joined["version"] == (1 if first == 0 else 0)
        assert starts == {0, 1}


class TestTheCreatorCannotSetOthersChoices:
    def test_ages_and_the_first_seat_are_refused_from_the_creator_of_an_open_table(self, client):
        for options, named in (({"ages": [30, 90]}, "ages"), ({"first": 0}, "first")):
            problem = refused(
                client, {"type": "chronology", "seats": [{"name": "Ann"}, {"open": True}], "options": options}
            )
            assert problem["code"] == "options/invalid"
            assert [e["pointer"] for e in problem["errors"]] == [f"/options/{named}"]
        problem = refused(client, {"type": "chronology", "seats": [{"name": "Ann"}, {"open": True, "age": 99}]})
        assert problem["code"] == "request/invalid" and problem["errors"][0]["pointer"] == "/seats/1/age"
        assert client.get("/v1/games?status=open").get_json()["games"] == [], "nothing was created"

    def test_an_option_the_game_refuses_is_refused_at_creation_not_at_the_last_join(self, client):
        problem = refused(
            client, {"type": "timeline", "seats": [{"name": "Ann"}, {"open": True}], "options": {"hand_size": 11}}
        )
        assert problem["code"] == "options/invalid"

    def test_each_player_gives_their_own_age(self, client):
        game, tokens = create(client, [{"name": "Ann", "age": 40}, {"open": True}, {"open": True}], "chronology")
        join(client, game["id"], 2, age=12)
        last = join(client, game["id"], 1, age=7)
        assert last["game"]["options"]["ages"] == [40, 7, 12]
        assert view(client, game["id"], tokens[0])["options"]["ages"] == [40, 7, 12]

    def test_the_youngest_starts_timeline_when_every_player_gave_an_age(self, client):
        for ages in ([9, 30, 50], [50, 30, 9], [30, 9, 50]):
            game, _ = create(client, [{"name": "Ann", "age": ages[0]}, {"open": True}, {"open": True}])
            join(client, game["id"], 1, age=ages[1])
            full = join(client, game["id"], 2, age=ages[2])["game"]
            assert full["to_act"] == [ages.index(9)] == [full["options"]["first"]]


class TestTheStartingSeatIsDrawn:
    def test_every_seat_of_open_tables_starts_sometimes(self, client):
        starts = []
        for _ in range(24):
            game, _ = create(client, [{"name": "Ann"}, {"open": True}, {"open": True}], "chronology", seed=5)
            join(client, game["id"], 1)
            full = join(client, game["id"], 2)["game"]
            assert full["to_act"] == [full["options"]["first"]]
            starts.append(full["options"]["first"])
        assert set(starts) == {0, 1, 2}, starts

    def test_a_table_named_at_creation_starts_with_seat_0_as_the_seed_says(self, client):
        game, tokens = create(client, [{"name": "Ann", "age": 30}, {"name": "Bob", "age": 9}], "chronology", seed=42)
        expected = new_match("chronology", 2, {"ages": [30, 9]}, 42)
        assert game["options"] == expected.options and game["options"]["first"] == 0
        assert game["to_act"] == [0]
        assert view(client, game["id"], tokens[1])["view"] == expected.rules.view(expected.state, 1)

    def test_the_creator_of_a_table_without_open_seats_may_choose_who_starts(self, client):
        game, _ = create(client, [{"name": "Ann"}, {"name": "Bob"}], options={"first": 1})
        assert game["to_act"] == [1]
        problem = refused(
            client, {"type": "timeline", "seats": [{"name": "Ann"}, {"name": "Bob"}], "options": {"first": 2}}
        )
        assert problem["code"] == "options/invalid" and problem["errors"][0]["pointer"] == "/options/first"


class TestReplay:
    def test_the_replay_of_a_filled_table_re_runs_to_the_same_end(self, client, redis_client):
        game, tokens = create(client, [{"name": "Ann", "age": 20}, {"open": True}], options={"hand_size": 1}, seed=3)
        joined = join(client, game["id"], 1, age=8)
        final = play_rightly_to_end(client, redis_client, game["id"], {**tokens, 1: joined["token"]})
        published = client.get(f"/v1/games/{game['id']}/replay").get_json()
        assert published["options"]["first"] == 1, "the youngest starts Timeline"
        match = replay(
            published["type"], published["players"], published["options"], published["seed"], published["log"]
        )
        assert match.rules.outcome(match.state) == final["outcome"] == published["outcome"]
        assert match.version == final["version"]


def play_rightly_to_end(client, redis_client, game_id, tokens):
    """Seat 0 places every card where it fits, the others where it does not; return the end.

    Playing first legal actions can box cards forever, and two players who are always right tie every round.
    """
    for _ in range(200):
        game = view(client, game_id)
        if game["status"] == "finished":
            return game
        seat = game["to_act"][0]
        mine = view(client, game_id, tokens[seat])
        state = orjson.loads(redis_client.hget(GameStore.key_for(game_id, "state"), "doc"))["state"]
        chosen = [
            a for a in mine["legal_actions"] if fits(get_deck(state["deck"]), state, a["card"], a["gap"]) == (seat == 0)
        ]
        act(client, game_id, tokens[seat], (chosen or mine["legal_actions"])[0], mine["version"])
    raise AssertionError("the game did not end")


class TestTablesDealtByAnOlderDeskovka:
    def test_an_open_table_stored_with_its_deal_keeps_that_deal_when_it_fills(self, client, redis_client):
        game, tokens = create(client, [{"name": "Ann"}, {"open": True}], options={"hand_size": 3})
        key = GameStore.key_for(game["id"], "state")
        doc = orjson.loads(redis_client.hget(key, "doc"))
        # As deskovka stored it before: dealt at creation, options as validated then (no `first`), an older shape.
        old = new_match("timeline", 2, {"hand_size": 3}, doc["seed"])
        options = {name: value for name, value in old.options.items() if name != "first"}
        redis_client.hset(key, "doc", orjson.dumps({**doc, "state": old.state, "options": options, "shape": 1}))
        redis_client.hdel(key, "head")

        assert view(client, game["id"], tokens[0])["view"] == old.rules.view(old.state, 0)
        joined = join(client, game["id"], 1)
        assert joined["game"]["view"] == old.rules.view(old.state, 1)
        assert joined["game"]["to_act"] == [0]
        final = play_rightly_to_end(client, redis_client, game["id"], {**tokens, 1: joined["token"]})
        assert final["status"] == "finished"
