"""Events in a Redis Stream written by the compare-and-set script, and the wake-up it publishes."""

import orjson

from tests.api.helpers import act, bearer, create, view


def events_key(game_id):
    return f"dk:{{g:{game_id}}}:events"


class TestEventsInAStream:
    """Each version's events are one stream entry; `after` is a range read."""

    def test_each_version_is_one_entry_and_after_reads_a_range(self, client, redis_client, app):
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}, {"name": "C"}], seed=11)
        game_id = game["id"]
        version = 0
        for seat in (0, 2, 0):
            mine = view(client, game_id, tokens[seat])
            version = act(client, game_id, tokens[seat], mine["legal_actions"][0], mine["version"])["game"]["version"]
        assert redis_client.type(events_key(game_id)) == b"stream"
        ids = [entry_id.decode() for entry_id, _ in redis_client.xrange(events_key(game_id))]
        assert ids == [f"{v}-1" for v in range(1, version + 1)]
        store = app.extensions["deskovka"].store
        assert {e["v"] for e in store.events(game_id, 2)} == set(range(3, version + 1))
        every = client.get(f"/v1/games/{game_id}/events?after=0", headers=bearer(tokens[0])).get_json()
        later = client.get(f"/v1/games/{game_id}/events?after=2", headers=bearer(tokens[0])).get_json()
        assert later["events"] == [e for e in every["events"] if e["v"] > 2]

    def test_a_move_is_published_with_the_version_it_left(self, client, redis_client, app):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        pubsub = redis_client.pubsub()
        pubsub.subscribe(app.extensions["deskovka"].store.moves_channel)
        assert pubsub.get_message(timeout=1)["type"] == "subscribe"
        action = view(client, game["id"], tokens[0])["legal_actions"][0]
        act(client, game["id"], tokens[0], action, 0)
        message = pubsub.get_message(timeout=2)
        pubsub.close()
        old, _, body = message["data"].partition(b" ")
        moved = orjson.loads(body)
        assert old == b"0"
        assert (moved["game"], moved["version"], moved["status"]) == (game["id"], 1, "running")
        assert [e["v"] for e in moved["events"]] == [1] * len(moved["events"]) and moved["events"]

    def test_a_game_stored_with_an_event_list_reads_and_moves_on(self, client, redis_client, app):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        game_id = game["id"]
        mine = view(client, game_id, tokens[0])
        act(client, game_id, tokens[0], mine["legal_actions"][0], 0)
        before = client.get(f"/v1/games/{game_id}/events?after=0", headers=bearer(tokens[0])).get_json()
        # Store the events the way deskovka did before streams: one list item per event, and no head field.
        redis_client.hdel(f"dk:{{g:{game_id}}}:state", "head")
        key = events_key(game_id)
        stored = app.extensions["deskovka"].store.events(game_id)  # the stream's entries are packed now
        redis_client.delete(key)
        redis_client.rpush(key, *map(orjson.dumps, stored))
        assert client.get(f"/v1/games/{game_id}/events?after=0", headers=bearer(tokens[0])).get_json() == before
        mine = view(client, game_id, tokens[1])
        act(client, game_id, tokens[1], mine["legal_actions"][0], 1)
        assert redis_client.type(key) == b"stream"
        after = client.get(f"/v1/games/{game_id}/events?after=0", headers=bearer(tokens[0])).get_json()
        assert after["events"][: len(before["events"])] == before["events"]
        assert {e["v"] for e in after["events"]} == {1, 2}
