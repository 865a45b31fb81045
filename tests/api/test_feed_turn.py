"""The event feed says whose turn it is: every long-poll page and stream message carries the game's status, the
seats to act, their deadlines and, for a reader with a seat token, whether it is that seat's turn; with `view=true`
the reader's own view rides along."""

import orjson

from api.storage.store import GameStore
from tests.api.helpers import act, bearer, create, view


def page(client, game_id, token=None, query=""):
    response = client.get(f"/v1/games/{game_id}/events?{query}", headers=bearer(token) if token else {})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def messages(client, game_id, token=None, query="", after=0):
    headers = {"Accept": "text/event-stream", "Last-Event-ID": str(after), **(bearer(token) if token else {})}
    text = client.get(f"/v1/games/{game_id}/events?wait=0.01&{query}", headers=headers).get_data(as_text=True)
    return [orjson.loads(line.removeprefix("data: ")) for line in text.splitlines() if line.startswith("data: ")]


def test_a_page_says_whose_turn_it_is_and_whether_it_is_the_readers(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 2}, seed=3)
    game_id = game["id"]
    first = page(client, game_id, tokens[0])
    assert (first["status"], first["to_act"], first["deadlines"], first["your_turn"]) == ("running", [0], [], True)
    assert page(client, game_id, tokens[1])["your_turn"] is False
    assert page(client, game_id)["your_turn"] is None  # a spectator has no turn
    act(client, game_id, tokens[0], game["legal_actions"][0], game["version"])
    after = page(client, game_id, tokens[1], "after=0")
    assert (after["version"], after["to_act"], after["your_turn"]) == (1, [1], True)
    assert after["to_act"] == view(client, game_id)["to_act"]


def test_a_clocked_table_gives_each_acting_seat_its_deadline(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], clock={"per_turn": 600})
    body = page(client, game["id"], tokens[1])
    assert body["deadlines"] == view(client, game["id"])["clock"]["deadlines"]
    assert [d["seat"] for d in body["deadlines"]] == body["to_act"] == [0] and body["your_turn"] is False


def test_every_stream_message_carries_the_turn_at_the_games_version(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 2}, seed=3)
    game_id = game["id"]
    mine = game
    for seat in (0, 1, 0):
        mine = act(
            client,
            game_id,
            tokens[seat],
            view(client, game_id, tokens[seat])["legal_actions"][0],
            mine["game"]["version"] if "game" in mine else mine["version"],
        )
    now = view(client, game_id)
    sent = messages(client, game_id, tokens[1])
    assert [m["v"] for m in sent] == list(range(1, now["version"] + 1))
    for message in sent:
        assert (message["version"], message["status"], message["to_act"]) == (now["version"], "running", now["to_act"])
        assert message["your_turn"] is (1 in now["to_act"]) and "game" not in message


def test_the_readers_own_view_rides_along_when_asked_for_and_only_its_own(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], game_type="ticket-to-ride-europe", seed=5)
    game_id = game["id"]
    act(client, game_id, tokens[0], game["legal_actions"][0], game["version"])
    for seat in (0, 1):
        body = page(client, game_id, tokens[seat], "view=true")
        assert body["game"] == view(client, game_id, tokens[seat])
        assert body["game"]["you"] == seat
    assert page(client, game_id, None, "view=true")["game"] == view(client, game_id)
    hands = [page(client, game_id, tokens[seat], "view=true")["game"]["view"]["hand"] for seat in (0, 1)]
    assert hands[0] and hands[1] and hands[0] != hands[1]  # each its own hand
    assert "hand" not in page(client, game_id, None, "view=true")["game"]["view"]
    assert "game" not in page(client, game_id, tokens[0])
    sent = messages(client, game_id, tokens[1], "view=true")
    assert [m.get("game") for m in sent[:-1]] == [None] * (len(sent) - 1)
    assert sent[-1]["game"] == view(client, game_id, tokens[1])


def test_a_game_whose_head_was_stored_before_it_named_the_turn_is_read_whole(app, client, redis_client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
    key = GameStore.key_for(game["id"], "state")
    head = orjson.loads(redis_client.hget(key, "head"))
    assert head["to_act"] == [0]
    redis_client.hset(key, "head", orjson.dumps({k: v for k, v in head.items() if k not in ("to_act", "deadlines")}))
    body = page(client, game["id"], tokens[0])
    assert (body["to_act"], body["your_turn"]) == ([0], True)
