"""Around the World in 80 Days through the real HTTP API: two people and the greedy bot race to London."""

from engine.games import replay
from tests.api.helpers import bearer, create, play_to_end, view

ANN, BOT, BO = 0, 1, 2
SEATS = [{"name": "Ann"}, {"bot": "greedy"}, {"name": "Bo"}]


def test_the_game_type_serves_the_board(client):
    body = client.get("/v1/game-types/around-the-world").get_json()
    assert (body["min_players"], body["max_players"]) == (2, 6)
    assert [b["name"] for b in body["bots"]] == ["easy", "medium", "strong"]
    assert [b["aliases"] for b in body["bots"]][:2] == [["random"], ["greedy"]]
    data = body["data"]
    assert [leg["leg"] for leg in data["route"]["legs"]][0] == ["london", "paris"]
    assert data["travel_cards"]["cards"]["ship"] == {"4": 4, "5": 6, "6": 7, "7": 8, "8": 5}
    assert sum(card["copies"] for card in data["event_cards"]["cards"]) == 15


def test_illegal_malformed_and_out_of_turn_actions(client):
    game, tokens = create(client, SEATS, game_type="around-the-world", seed=5)
    game_id = game["id"]
    early = client.post(f"/v1/games/{game_id}/actions", headers=bearer(tokens[ANN]), json={"type": "end_turn"})
    assert early.status_code == 422 and early.get_json()["code"] == "action/illegal"
    junk = client.post(f"/v1/games/{game_id}/actions", headers=bearer(tokens[ANN]), json={"type": "fly"})
    assert junk.status_code == 422 and junk.get_json()["code"] == "action/malformed"
    wrong = client.post(
        f"/v1/games/{game_id}/actions", headers=bearer(tokens[BO]), json={"type": "take", "space": "gold"}
    )
    assert wrong.status_code == 409 and wrong.get_json()["code"] == "action/not_your_turn"
    taken = client.post(
        f"/v1/games/{game_id}/actions", headers=bearer(tokens[ANN]), json={"type": "take", "space": "gold", "use": True}
    )
    assert taken.status_code == 200
    bad = client.post(
        f"/v1/games/{game_id}/actions",
        headers=bearer(tokens[ANN]),
        json={"type": "travel", "cards": [{"kind": "ship", "days": 99}, {"kind": "train", "days": 1}]},
    )
    assert bad.status_code == 422 and "do not hold those travel cards" in bad.get_json()["detail"]


def test_three_seats_play_to_the_end_with_hands_kept_secret(client):
    game, tokens = create(client, SEATS, game_type="around-the-world", seed=2024)
    game_id = game["id"]
    assert game["status"] == "running" and game["to_act"] == [ANN]
    ann = view(client, game_id, tokens[ANN])
    bo = view(client, game_id, tokens[BO])
    spectator = view(client, game_id)
    assert len(ann["view"]["hand"]) == 3 and bo["view"]["hand"] != ann["view"]["hand"]
    assert spectator["view"]["hand"] is None
    assert [p["travel_cards"] for p in spectator["view"]["players"]] == [3, 3, 3]
    ann_cards = {card["id"] for card in ann["view"]["hand"]}
    assert not ann_cards & set(str(bo).replace('"', "'").split("'"))
    # Ann takes the gold space; the events she may read tell nobody else which cards she holds.
    response = client.post(
        f"/v1/games/{game_id}/actions",
        json={"type": "take", "space": "gold", "use": True},
        headers={**bearer(tokens[ANN]), "If-Match": f'"{ann["version"]}"'},
    )
    assert response.status_code == 200, response.get_json()
    final = play_to_end(client, game_id, tokens)
    assert final["status"] == "finished" and final["to_act"] == []
    outcome = final["outcome"]
    assert outcome["winners"] and sorted(s["seat"] for s in outcome["standings"]) == [0, 1, 2]
    assert sum(1 for s in outcome["standings"] if s["home"]) >= 2  # three players: until the next-to-last is home
    record = client.get(f"/v1/games/{game_id}/replay").get_json()
    again = replay("around-the-world", 3, record["options"], record["seed"], record["log"])
    assert again.rules.outcome(again.state) == outcome
    events = client.get(f"/v1/games/{game_id}/events?after=0", headers=bearer(tokens[BO])).get_json()["events"]
    assert all(e.get("seat") == BO for e in events if e["type"] in ("your_travel_cards", "your_event_card"))
