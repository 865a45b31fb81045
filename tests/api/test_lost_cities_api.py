"""Lost Cities through the real HTTP API: two people and the good bot play a whole game, secrets kept."""

import json

from engine.core.rng import Rng
from engine.games import replay
from engine.lost_cities.layout import SHEET_FILE, default_layout
from engine.lost_cities.scoring import score
from tests.api.helpers import act, bearer, create, view

ANN, BOB, BOT = 0, 1, 2
SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"bot": "good"}]


def events_for(client, game_id, token, after):
    return client.get(f"/v1/games/{game_id}/events?after={after}", headers=bearer(token)).get_json()["events"]


def test_the_game_type_serves_the_sheet_layout(client):
    body = client.get("/v1/game-types/lost-cities").get_json()
    assert (body["min_players"], body["max_players"]) == (1, 5)
    assert [b["name"] for b in body["bots"]] == ["easy", "medium", "strong"]
    assert [b["aliases"] for b in body["bots"]][:2] == [["random"], ["good"]]
    assert body["data"]["sheet"] == json.loads(SHEET_FILE.read_text(encoding="utf-8"))


def test_illegal_and_malformed_takes_are_422(client):
    game, tokens = create(client, SEATS, game_type="lost-cities", seed=3)
    mine = view(client, game["id"], tokens[ANN])
    offer = mine["view"]["offer"]
    missing = next(c for c in default_layout().colours if c not in offer["colours"])
    bad = client.post(
        f"/v1/games/{game['id']}/actions",
        headers=bearer(tokens[ANN]),
        json={"type": "take", "colour": missing, "number": offer["numbers"][0]},
    )
    assert bad.status_code == 422 and bad.get_json()["code"] == "action/illegal"
    junk = client.post(
        f"/v1/games/{game['id']}/actions",
        headers=bearer(tokens[ANN]),
        json={"type": "take", "colour": "pink", "number": 1},
    )
    assert junk.status_code == 422 and junk.get_json()["code"] == "action/malformed"
    early = client.post(f"/v1/games/{game['id']}/actions", headers=bearer(tokens[BOB]), json={"type": "refuse"})
    assert early.status_code == 409 and early.get_json()["code"] == "action/not_your_turn"


def test_three_seats_play_to_the_end_with_secrets_kept_and_a_correct_breakdown(client):
    game, tokens = create(client, SEATS, game_type="lost-cities", seed=2024)
    game_id, rng = game["id"], Rng(99)
    secrets_checked, moves = 0, 0
    while moves < 400:
        spectator = view(client, game_id)
        if spectator["status"] == "finished":
            break
        seat = min(spectator["to_act"])
        mine = view(client, game_id, tokens[seat])
        assert mine["legal_actions"], "a seat to act always has a legal action"
        body = act(client, game_id, tokens[seat], rng.choice(mine["legal_actions"]), mine["version"])
        moves += 1
        other = BOB if seat == ANN else ANN
        state = body["game"]
        if state["view"]["step"] == "others" and seat in state["view"]["chosen"] and other in state["to_act"]:
            # `seat` has chosen in the simultaneous step, `other` has not: `other` sees the old sheet, no details.
            theirs = view(client, game_id, tokens[other])
            assert theirs["view"]["sheets"][seat] == spectator_sheet(client, game_id, seat)
            after = state["version"] - 1
            hidden = [e for e in events_for(client, game_id, tokens[other], after) if e.get("seat") == seat]
            assert [e["type"] for e in hidden] == ["player_chose"]
            own = [e["type"] for e in events_for(client, game_id, tokens[seat], after) if e.get("seat") == seat]
            assert own[-1] == "player_chose" and len(own) > 1
            secrets_checked += 1
    final = view(client, game_id, tokens[ANN])
    assert final["status"] == "finished" and final["to_act"] == [] and final["legal_actions"] == []
    assert secrets_checked > 0 and moves > 20
    outcome = final["outcome"]
    layout = default_layout()
    totals = {}
    for standing in outcome["standings"]:
        sheet = final["view"]["sheets"][standing["seat"]]
        expected = score({key: sheet[key] for key in ("columns", "circles", "artefacts", "dice", "bridges")}, layout)
        assert standing["breakdown"] == expected["breakdown"]
        assert standing["score"] == expected["total"] == sum(p["points"] for p in standing["breakdown"].values())
        totals[standing["seat"]] = standing["score"]
    assert sorted(totals) == [ANN, BOB, BOT]
    assert outcome["winners"] == [s for s in sorted(totals) if totals[s] == max(totals.values())]
    assert [s["score"] for s in outcome["standings"]] == sorted(totals.values(), reverse=True)
    published = client.get(f"/v1/games/{game_id}/replay").get_json()
    again = replay("lost-cities", 3, published["options"], published["seed"], published["log"])
    assert again.rules.outcome(again.state) == outcome == published["outcome"]


def spectator_sheet(client, game_id, seat):
    return view(client, game_id)["view"]["sheets"][seat]
