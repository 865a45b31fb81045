"""Every game bounded, every client's moves bounded: a game stops at its type's most versions (abandoned), and the
versions a client's and a seat's moves add (the bots' replies included) are budgeted per second and per day."""

import orjson
from freezegun import freeze_time

from api.storage.store import GameStore
from api.tables import bots, lengths
from tests.api.helpers import bearer, create, view

ENDLESS_BOTS = [{"bot": "hit-rate", "bot_options": {"hit_rate": 0}}] * 7


def replay_bots(client, game_id, token, environ=None):
    """Post the first legal action again; return the response."""
    mine = client.get(f"/v1/games/{game_id}", headers=bearer(token), environ_base=environ or {}).get_json()
    action = mine["legal_actions"][0] if mine["legal_actions"] else {"type": "resign"}
    return client.post(
        f"/v1/games/{game_id}/actions",
        data=orjson.dumps(action),
        headers={**bearer(token)},
        content_type="application/json",
        environ_base=environ or {},
    )


def test_a_person_replaying_bots_stops_at_the_most_versions_and_the_game_is_abandoned(
    client, redis_client, monkeypatch
):
    monkeypatch.setitem(lengths.MOST_VERSIONS, "timeline", 100)
    # Every request plays its bots' whole round (no keeper runs here): on a loaded machine their 50 ms of CPU may
    # run out first, leaving the person no legal action, and the replay would resign instead.
    monkeypatch.setattr(bots, "BOT_SECONDS", 10.0)
    game, tokens = create(client, [{"name": "A"}, *ENDLESS_BOTS], seed=3, options={"hand_size": 10})
    for _ in range(100):
        answer = replay_bots(client, game["id"], tokens[0])
        if answer.status_code != 200:
            break
    assert answer.status_code == 409 and answer.get_json()["code"] == "game/abandoned"
    assert "at most 100 versions" in answer.get_json()["detail"]
    stopped = view(client, game["id"])
    assert stopped["status"] == "abandoned" and stopped["version"] == 100 and stopped["to_act"] == []
    assert len(GameStore(redis_client).log(game["id"])) == 100, "nothing stored past the bound"
    again = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[0]))
    assert again.status_code == 409 and again.get_json()["code"] == "game/abandoned"
    assert view(client, game["id"])["version"] == 100


def test_a_seats_moves_are_budgeted_with_the_bot_moves_they_set_off(app, client):
    app.config["RATE_LIMITS"] = {"seat_moves": [(20, 1)]}
    with freeze_time("2026-05-01 12:00:10.2") as frozen:
        game, tokens = create(client, [{"name": "A"}, *ENDLESS_BOTS[:3]], seed=3)
        played = 0
        while (answer := replay_bots(client, game["id"], tokens[0])).status_code == 200:
            played += 1
        assert played == 5, "each move adds 4 versions: its own and three bots'"
        assert answer.status_code == 429 and answer.get_json()["code"] == "rate/limited"
        assert "from one seat" in answer.get_json()["detail"] and answer.headers["Retry-After"] == "1"
        version = view(client, game["id"])["version"]
        neighbour, theirs = create(client, [{"name": "B"}, *ENDLESS_BOTS[:3]], seed=4)
        assert replay_bots(client, neighbour["id"], theirs[0]).status_code == 200, "another seat, same address"
        assert view(client, game["id"])["version"] == version, "the refused move changed nothing"
        frozen.tick(1)
        assert replay_bots(client, game["id"], tokens[0]).status_code == 200


def test_a_clients_moves_are_budgeted_over_all_its_seats(app, client):
    app.config["RATE_LIMITS"] = {"moves": [(16, 86400)]}
    with freeze_time("2026-05-01 12:00:10"):
        games = [create(client, [{"name": "A"}, *ENDLESS_BOTS[:3]], seed=seed) for seed in (1, 2)]
        for game, tokens in games:
            for _ in range(2):
                assert replay_bots(client, game["id"], tokens[0]).status_code == 200
        refused = replay_bots(client, games[0][0]["id"], games[0][1][0])
        assert refused.status_code == 429 and "from one client" in refused.get_json()["detail"]
        elsewhere = {"REMOTE_ADDR": "192.0.2.44"}
        other, theirs = create(client, [{"name": "B"}, *ENDLESS_BOTS[:3]], seed=5)
        assert replay_bots(client, other["id"], theirs[0], elsewhere).status_code == 200
