"""The keeper's due sets and the lobby split over hash-tagged parts, on one Redis: clocks still claimed before bots
over every part, lobby pages in one order however deep, and the single keys of 1.0 still read and moved over."""

import pytest
from redis.crc import key_slot

from api.serving.keeper import Keeper
from api.storage import due, legacy
from api.storage.lobby import LEGACY, SHARDS, Lobby
from tests.api.helpers import create, view

OPEN = [{"name": "Ann"}, {"open": True}]


def ids(count):
    return [f"{n:016x}" for n in range(1, count + 1)]


def test_tables_and_lobby_entries_spread_over_every_part_each_in_its_own_slot():
    tables = ids(200)
    assert {due.pair_of(game_id) for game_id in tables} == set(due.PAIRS)
    for clocks, bots in due.PAIRS:
        assert key_slot(clocks.encode()) == key_slot(bots.encode()), "a claim's script touches one slot"
    assert len({key_slot(clocks.encode()) for clocks, _ in due.PAIRS}) == due.SHARDS
    parts = {Lobby.key_for("timeline", game_id) for game_id in tables}
    assert len(parts) == SHARDS and len({key_slot(part.encode()) for part in parts}) == SHARDS
    for game_id in tables:
        assert key_slot(Lobby.key_for("timeline", game_id).encode()) == key_slot(Lobby.key_for(None, game_id).encode())


def test_a_claim_takes_the_clocks_of_every_part_before_any_bots(redis_client):
    tables = ids(40)
    for game_id in tables[:20]:
        redis_client.zadd(due.bots_key(game_id), {game_id: due.millis(-60)})  # due a minute ago
    for game_id in tables[20:]:
        due.clock_at(redis_client, game_id, due.millis(-1))
    claims = due.DueTables(redis_client)
    claimed, _ = claims.claim(25, 30)
    assert [kind for _, _, kind in claims.claimed] == [due.CLOCK] * 20 + [due.BOTS] * 5
    assert set(claimed[:20]) == set(tables[20:])
    assert len({due.pair_of(game_id) for game_id in claimed[:20]}) > 1
    assert due.behind(redis_client)[0]["bots"][0] == 15 and due.behind(redis_client)[0]["clock"] == (0, 0.0)


def test_a_table_that_1_0_scheduled_is_kept_and_handed_back_to_its_own_part(app, client, redis_client):
    game, _ = create(client, [{"name": "A"}, {"name": "B"}], clock={"per_turn": 60, "on_timeout": "bot"}, seed=1)
    own = due.clocks_key(game["id"])
    redis_client.zrem(own, game["id"])
    redis_client.zadd(due.LEGACY[0], {game["id"]: due.millis(-1)})  # as 1.0 scheduled it (it ran out long ago)
    redis_client.zadd(due.LEGACY[1], {"0123456789abcdef": due.millis(-1)})
    assert due.kept(redis_client, ["0123456789abcdef", "fedcba9876543210"]) == [True, False]
    keeper = Keeper(app.extensions["deskovka"])
    keeper.tick()  # nothing is due at the game yet (its deadline is in a minute): it is only handed back
    assert redis_client.zcard(due.LEGACY[0]) + redis_client.zcard(due.LEGACY[1]) == 0
    # Handed back as seconds from the keeper's look, made Unix ms again when written: at its deadline, give or take
    # the look's own milliseconds (and one of rounding).
    handed_back = redis_client.zscore(own, game["id"]) - max(int(at) for at in deadlines(redis_client, game["id"]))
    assert -1 <= handed_back < 1000
    assert view(client, game["id"])["version"] == 0


def deadlines(redis_client, game_id):
    import orjson

    return orjson.loads(redis_client.hget(f"dk:{{g:{game_id}}}:state", "doc"))["deadlines"].values()


def test_migrate_moves_1_0s_due_sets_and_lobby_into_their_parts(app, redis_client):
    redis_client.zadd(due.LEGACY[0], {"0123456789abcdef": 1000, "00000000000000aa": 5000})
    redis_client.zadd(due.LEGACY[1], {"0123456789abcdef": 2000})
    due.clock_at(redis_client, "00000000000000aa", 3000)  # due sooner in its part already: the sooner stays
    redis_client.zadd(f"{LEGACY}:timeline", {"0123456789abcdef": 7.5})
    redis_client.zadd(f"{LEGACY}:*", {"0123456789abcdef": 7.5})
    assert legacy.move_legacy_keys(app.extensions["deskovka"].store) == (3, 2)
    assert not redis_client.keys("dk:{keeper}:*") and not redis_client.keys("dk:{lobby}:*")
    assert redis_client.zscore(due.clocks_key("0123456789abcdef"), "0123456789abcdef") == 1000
    assert redis_client.zscore(due.bots_key("0123456789abcdef"), "0123456789abcdef") == 2000
    assert redis_client.zscore(due.clocks_key("00000000000000aa"), "00000000000000aa") == 3000
    assert Lobby(redis_client).page("timeline", 0, 10) == ["0123456789abcdef"]


def test_a_table_1_0_listed_is_in_the_lobby_until_it_closes(client, redis_client):
    game, _ = create(client, OPEN)
    lobby = Lobby(redis_client)
    for kind in ("timeline", None):
        redis_client.zrem(Lobby.key_for(kind, game["id"]), game["id"])
        redis_client.zadd(f"{LEGACY}:{kind or '*'}", {game["id"]: 1.0})
    assert [g["id"] for g in client.get("/v1/games").get_json()["games"]] == [game["id"]]
    assert client.post(f"/v1/games/{game['id']}/seats/1", json={"name": "Bob"}).status_code == 201
    assert client.get("/v1/games").get_json()["games"] == [] and lobby.page(None, 0, 10) == []


@pytest.mark.parametrize("ties", [False, True], ids=["times-apart", "many-at-one-time"])
def test_lobby_pages_merge_the_parts_in_one_order_however_deep(redis_client, ties):
    lobby, tables = Lobby(redis_client), ids(700)
    opened = {game_id: 1.7e9 + (n // 50 if ties else n * 0.25) for n, game_id in enumerate(reversed(tables))}
    for game_id, at in opened.items():
        lobby.open("timeline" if int(game_id, 16) % 3 else "lost-cities", game_id, at)
    for kind in ("timeline", None):
        whole = sorted((at, game_id) for game_id, at in opened.items() if kind is None or int(game_id, 16) % 3)
        order = [game_id for _, game_id in whole]
        for offset, limit in [(0, 20), (180, 20), (190, 20), (201, 7), (450, 100), (len(order) - 3, 10), (900, 5)]:
            assert lobby.page(kind, offset, limit) == order[offset : offset + limit], (kind, offset, limit)
