"""A game's lifetime is capped: however often it is written (a person replaying bots by the thousand), a game still
being played is kept at most `GAME_MAX_AGE` after its creation, every key it owns included; one that ended keeps its
status's time from its end, which a later write (the rematch link) does not extend."""

import time

import orjson
from freezegun import freeze_time

from api.storage.lobby import Lobby
from tests.api.helpers import bearer, create, play_to_end, view

ENDLESS_BOTS = [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}] * 3
HOUR = 3600


def game_keys(redis_client, game_id):
    return {key.decode(): redis_client.ttl(key) for key in redis_client.scan_iter(f"dk:{{g:{game_id}}}:*")}


def replay(client, game_id, token, key):
    mine = client.get(f"/v1/games/{game_id}", headers=bearer(token)).get_json()
    return client.post(
        f"/v1/games/{game_id}/actions",
        data=orjson.dumps(mine["legal_actions"][0]),
        headers={**bearer(token), "Idempotency-Key": key},
        content_type="application/json",
    )


def held_until(redis_client):
    """When the client's ledger counts each game's bytes until (Unix ms)."""
    (ledger,) = redis_client.scan_iter("dk:{held:*}:until")
    return {raw.decode(): score for raw, score in redis_client.zrange(ledger, 0, -1, withscores=True)}


def test_replayed_moves_never_keep_a_game_past_its_most_age(make_app, redis_client):
    client = make_app(GAME_MAX_AGE=HOUR).test_client()  # the running games' 7 days after a write, as by default
    with freeze_time("2026-05-01 12:00:00") as frozen:
        created = time.time()
        game, tokens = create(client, [{"name": "A"}, *ENDLESS_BOTS], seed=3)
        seen = game_keys(redis_client, game["id"])
        assert all(HOUR - 10 < ttl <= HOUR for ttl in seen.values())
        for n, later in enumerate((3000, 590)):
            frozen.tick(later)
            assert replay(client, game["id"], tokens[0], f"move-{n}").status_code == 200
            keys = game_keys(redis_client, game["id"])
            assert {key.rsplit(":", 1)[-1] for key in keys} >= {"state", "log", "events", f"move-{n}"}
            # Redis' clock is not frozen: a key this write (re)set expires its TTL from now, the others unchanged.
            written = {key: ttl for key, ttl in keys.items() if seen.get(key) != ttl}
            assert written.keys() >= {key for key in keys if key.endswith((":state", ":log", ":events", f"-{n}"))}
            assert all(time.time() + ttl <= created + HOUR for ttl in written.values()), (time.time() - created, keys)
            assert held_until(redis_client)[game["id"]] <= (created + HOUR) * 1000, "its bytes leave the ledger too"
            seen = keys
        frozen.tick(9)
        assert replay(client, game["id"], tokens[0], "last").status_code == 200
        last = game_keys(redis_client, game["id"])
        assert last[f"dk:{{g:{game['id']}}}:state"] == 1 and last[f"dk:{{g:{game['id']}}}:idem:0:last"] == 1


def test_a_game_at_its_most_age_is_gone_whatever_it_was_played(make_app, redis_client):
    client = make_app(GAME_MAX_AGE=1).test_client()
    game, tokens = create(client, [{"name": "A"}, *ENDLESS_BOTS], seed=3)
    waiting, _ = create(client, [{"name": "B"}, {"open": True}], seed=4)
    assert replay(client, game["id"], tokens[0], "once").status_code == 200
    assert [listed["id"] for listed in client.get("/v1/games").get_json()["games"]] == [waiting["id"]]
    time.sleep(1.2)  # Redis' own clock expires the keys
    assert game_keys(redis_client, game["id"]) == {} and game_keys(redis_client, waiting["id"]) == {}
    gone = client.get(f"/v1/games/{game['id']}", headers=bearer(tokens[0]))
    assert gone.status_code == 404 and gone.get_json()["code"] == "game/not_found"
    assert client.get("/v1/games").get_json()["games"] == []
    listed = [key for key in redis_client.scan_iter("dk:{lobby:*}:*") if redis_client.zcard(key)]
    assert listed == [], "the lobby forgot the table its reader found gone"


def test_an_ended_game_keeps_its_own_time_and_a_rematch_does_not_extend_it(make_app, redis_client):
    client = make_app(GAME_MAX_AGE=HOUR, FINISHED_TTL=5000).test_client()
    with freeze_time("2026-05-01 12:00:00") as frozen:
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}], seed=5)
        frozen.tick(HOUR - 60)
        play_to_end(client, game["id"], tokens)
        finished = game_keys(redis_client, game["id"])
        assert finished and all(4990 < ttl <= 5000 for key, ttl in finished.items() if ":idem:" not in key), finished
        frozen.tick(1000)
        state_key = f"dk:{{g:{game['id']}}}:state"
        redis_client.expire(state_key, 4000)  # Redis' clock is not frozen: the 1,000 s as Redis would count them
        again = client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[0]))
        assert again.status_code in (200, 201), again.get_json()
        assert view(client, game["id"])["rematch"] is not None
        assert 3990 < redis_client.ttl(state_key) <= 4000, "the link kept the finish's time, it did not start it again"


def test_the_lobby_forgets_tables_older_than_the_most_age_when_a_table_opens_beside_them(redis_client):
    lobby = Lobby(redis_client)
    ids = [f"g{n:05d}" for n in range(200)]
    first = ids[0]
    beside = next(i for i in ids[1:] if lobby.key_for(None, i) == lobby.key_for(None, first))
    same_type = next(
        i for i in ids[1:] if i != beside and lobby.key_for("timeline", i) == lobby.key_for("timeline", first)
    )
    lobby.open("timeline", first, 1000.0, max_age=HOUR)
    lobby.open("timeline", beside, 1000.0 + HOUR, max_age=HOUR)
    assert first in lobby.page("timeline", 0, 10), "exactly the most age: still listed"
    lobby.open("timeline", same_type, 1000.5 + HOUR, max_age=HOUR)
    assert lobby.page("timeline", 0, 10) == [beside, same_type]
    assert lobby.page(None, 0, 10) == [beside, same_type]
