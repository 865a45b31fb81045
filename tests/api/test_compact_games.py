"""Games kept compact: packed events and log items, finished games as their packed log, idempotency records as a
digest; and games stored in the shape before, which read exactly the same and are compacted by `deskovka migrate`."""

from dataclasses import replace

import orjson
import pytest

from api.storage import legacy, packing
from api.storage.store import GameStore
from engine.core.match import play
from engine.games import new_match
from tests.api.helpers import bearer, create, view

GAMES = {
    "timeline": ([{"name": "A"}, {"name": "B"}, {"name": "C"}], {"hand_size": 3, "language": "cs"}),
    "chronology": ([{"name": "A"}, {"name": "B"}], {}),
    "ticket-to-ride-europe": ([{"name": "A"}, {"name": "B"}], {}),
}


def key(game_id, part):
    return GameStore.key_for(game_id, part)


def move(client, game_id, tokens, n):
    """Play one move as the seat to act, with an Idempotency-Key; return (token, key, action, answer bytes)."""
    seat = view(client, game_id)["to_act"][0]
    mine = view(client, game_id, tokens[seat])
    action = mine["legal_actions"][n % len(mine["legal_actions"])]
    headers = {**bearer(tokens[seat]), "Idempotency-Key": f"move-{n}"}
    response = client.post(f"/v1/games/{game_id}/actions", json=action, headers=headers)
    assert response.status_code == 200, response.get_json()
    return tokens[seat], f"move-{n}", action, response.get_data()


def reads(client, game_id, tokens):
    """Everything a client can read of a game: views, event pages and streams per seat, the replay."""
    seen = []
    for token in [None, *tokens.values()]:
        headers = bearer(token) if token else {}
        seen.append(client.get(f"/v1/games/{game_id}", headers=headers).get_data())
        for query in ("after=0", "after=0&limit=3", "after=2&limit=5"):
            seen.append(client.get(f"/v1/games/{game_id}/events?{query}", headers=headers).get_data())
        stream = client.get(
            f"/v1/games/{game_id}/events?after=1&wait=0.01", headers={**headers, "Accept": "text/event-stream"}
        )
        seen.append(stream.get_data())
    replay = client.get(f"/v1/games/{game_id}/replay")
    seen.append((replay.status_code, replay.get_data()))
    return seen


def retries_answer_as_first(client, game_id, moves):
    for token, idem, action, first in moves:
        again = client.post(
            f"/v1/games/{game_id}/actions", json=action, headers={**bearer(token), "Idempotency-Key": idem}
        )
        assert again.status_code == 200 and again.get_data() == first


def to_old_shape(redis_client, game_id):
    """Store a game as deskovka did before it packed: JSON items, the whole state, whole first answers."""
    store = GameStore(redis_client)
    record, log = store.load(game_id), store.log(game_id)
    if record.compact:
        match, events = new_match(record.type, record.players, record.options, record.seed), []
        for entry in log:
            match, new = play(match, entry["seat"], entry["action"])
            events += new
        state = match.state
    else:
        state, events = record.state, store.events(game_id)
    ttl = redis_client.ttl(key(game_id, "state"))
    redis_client.delete(key(game_id, "log"), key(game_id, "events"))
    redis_client.rpush(key(game_id, "log"), *map(orjson.dumps, log))
    for version in sorted({event["v"] for event in events}):
        batch = [event for event in events if event["v"] == version]
        redis_client.xadd(key(game_id, "events"), {"e": orjson.dumps(batch)}, id=f"{version}-1")
    doc = packing.unpack_entry(redis_client.hget(key(game_id, "state"), "doc"))
    for field in ("compact", "final_table", "log"):
        doc.pop(field, None)
    head = {
        "status": record.status,
        "seats": [{"token_hash": s.get("token_hash")} for s in record.seats],
        "type": record.type,
    }
    redis_client.hset(
        key(game_id, "state"), mapping={"doc": orjson.dumps({**doc, "state": state}), "head": orjson.dumps(head)}
    )
    for part in ("log", "events"):
        redis_client.expire(key(game_id, part), ttl)
    return record


def compact(redis_client, game_id):
    """Whether the game is kept as one key, its doc packed, holding no state but the whole log."""
    doc = redis_client.hget(key(game_id, "state"), "doc")
    kept = packing.unpack_entry(doc)
    only = {k.decode() for k in redis_client.scan_iter(f"dk:{{g:{game_id}}}:*") if b":idem:" not in k}
    return (
        packing.is_packed(doc)
        and kept["state"] is None
        and kept["compact"]
        and [e["v"] for e in kept["log"]]
        == list(range(1, int(redis_client.hget(key(game_id, "state"), "version")) + 1))
        and only == {key(game_id, "state")}
    )


def old_answers(redis_client, game_id, moves):
    """Put back each first answer whole, as it was kept before."""
    for token, idem, _, first in moves:
        idem_key = key(game_id, f"idem:{token.split('.')[1]}:{idem}")
        stored = orjson.loads(redis_client.get(idem_key))
        assert "body" not in stored and len(redis_client.get(idem_key)) < 300
        whole = {"status": 200, "fingerprint": stored["fingerprint"], "body": orjson.loads(first)}
        redis_client.set(idem_key, orjson.dumps(whole), keepttl=True)


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_a_game_stored_before_reads_the_same_moves_on_and_is_compacted_once_over(app, client, redis_client, game_type):
    seats, options = GAMES[game_type]
    game, tokens = create(client, seats, game_type=game_type, options=options, seed=4)
    game_id = game["id"]
    moves = [move(client, game_id, tokens, n) for n in range(6)]
    assert all(b"z" in fields for _, fields in redis_client.xrange(key(game_id, "events")))
    packed = reads(client, game_id, tokens)
    to_old_shape(redis_client, game_id)
    old_answers(redis_client, game_id, moves[:3])
    assert reads(client, game_id, tokens) == packed
    retries_answer_as_first(client, game_id, moves)

    n = len(moves)
    while view(client, game_id)["status"] != "finished":
        moves.append(move(client, game_id, tokens, n))
        n += 1
    # Over: one key is left, its doc packed with the log in it; the state and events are rebuilt when read.
    assert compact(redis_client, game_id)
    finished = reads(client, game_id, tokens)
    retries_answer_as_first(client, game_id, moves)
    events = client.get(f"/v1/games/{game_id}/events?after=0&limit=500", headers=bearer(tokens[0])).get_json()
    assert [e["v"] for e in events["events"]] == sorted(e["v"] for e in events["events"])
    assert events["events"][-1]["type"] == "game_over" and events["next_after"] == events["version"] == n

    # A game that ended before games were kept compact reads the same (a read writes nothing), and
    # `deskovka migrate` compacts it.
    to_old_shape(redis_client, game_id)
    assert redis_client.llen(key(game_id, "log")) == n
    assert reads(client, game_id, tokens) == finished
    assert not compact(redis_client, game_id)
    services = app.extensions["deskovka"]
    assert legacy.upkeep_all(services.store, services.decks, services.ttl_for) == (1, 0)
    assert compact(redis_client, game_id)
    assert reads(client, game_id, tokens) == finished
    retries_answer_as_first(client, game_id, moves)


def test_events_of_any_shape_come_back_exactly(client, redis_client):
    """Card faces become references; an event the packing cannot bring back exactly is kept as JSON."""
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"language": "de"}, seed=2)
    store = GameStore(redis_client)
    record = store.load(game["id"])
    cards = view(client, game["id"], tokens[0])["view"]["hands"][0]["cards"]
    events = [
        {"v": 1, "type": "clock_ran_out", "seat": 0, "cards": cards, "by": "clock"},  # a type no game has today
        {"v": 2, "type": "looks_like_a_reference", "card": {"@": [1, 0]}, "to": [1]},
        {"v": 3, "type": "card_drawn", "seat": 1, "card": {**cards[0], "title": "Not the card's title"}},
        {"v": 4, "type": "nested", "deep": [{"hand": cards[:1]}], "card": cards[1]},
    ]
    assert store.commit(replace(record, version=4), record.rev, 3600, events=events).value == "done"
    fields = [fields for _, fields in redis_client.xrange(key(game["id"], "events"))]
    assert [next(iter(f)) for f in fields] == [b"z", b"e", b"z", b"z"]
    assert len(fields[0][b"z"]) < len(orjson.dumps(cards)) // 4, "cards are kept as references"
    assert store.events(game["id"]) == events
    body = client.get(f"/v1/games/{game['id']}/events?after=0", headers=bearer(tokens[1])).get_json()
    assert body["events"] == [{k: v for k, v in e.items() if k != "to"} for e in events]


@pytest.mark.parametrize("game_type", sorted(packing.CURRENT))
def test_a_copied_compressor_packs_byte_for_byte_as_a_fresh_one(game_type):
    """Entries are packed by copies of one compressor primed with the game's dictionary: the bytes must be those a
    compressor primed for each entry writes, so what is stored does not depend on how it was packed."""
    import zlib

    number = packing.CURRENT[game_type]
    for entry in ({"v": 1, "seat": 0, "action": {"type": "pass"}}, {"v": 2, "seat": 1, "by": "clock"}, [], "x" * 999):
        data = orjson.dumps(entry)
        fresh = zlib.compressobj(9, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, packing.dictionary(number))
        assert packing.deflate(game_type, data) == bytes((number,)) + fresh.compress(data) + fresh.flush()
        assert packing.unpack_entry(packing.pack_entry(game_type, entry)) == entry
