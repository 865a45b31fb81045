"""Ticket to Ride: Europe through the real HTTP API: two people and the greedy bot play a whole game, secrets kept."""

from engine.core.rng import Rng
from engine.games import replay
from engine.ticket_to_ride.board import board
from tests.api.helpers import act, bearer, create, view

TYPE = "ticket-to-ride-europe"
ANN, BOB, BOT = 0, 1, 2
SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"bot": "greedy"}]


def choose(actions, rng):
    """A quick human: claims when it can, otherwise anything but a station."""
    claims = [a for a in actions if a["type"] in ("claim", "pay_tunnel")]
    plain = [a for a in actions if a["type"] != "build_station"]
    return rng.choice(claims or plain or actions)


def test_the_game_type_serves_the_map_and_tickets(client):
    body = client.get(f"/v1/game-types/{TYPE}").get_json()
    assert (body["min_players"], body["max_players"]) == (2, 5)
    assert [b["name"] for b in body["bots"]] == ["easy", "medium", "strong"]
    assert [b["aliases"] for b in body["bots"]][:2] == [["random"], ["greedy"]]
    assert body["options"]["properties"]["tunnel_failure"]["enum"] == ["return", "discard"]
    assert len(body["data"]["routes"]) == 101 and len(body["data"]["tickets"]) == 46
    assert body["data"]["components"]["route_points"]["8"] == 21


def test_refusals_are_problems(client):
    game, tokens = create(client, SEATS, game_type=TYPE, seed=5)
    game_id = game["id"]
    assert set(game["to_act"]) == {ANN, BOB}  # the bot chose its tickets at once
    mine = view(client, game_id, tokens[ANN])
    offer = [t["id"] for t in mine["view"]["offer"]]
    few = client.post(
        f"/v1/games/{game_id}/actions", headers=bearer(tokens[ANN]), json={"type": "keep_tickets", "tickets": offer[:1]}
    )
    assert few.status_code == 422 and few.get_json()["code"] == "action/illegal"
    junk = client.post(f"/v1/games/{game_id}/actions", headers=bearer(tokens[ANN]), json={"type": "teleport"})
    assert junk.status_code == 422 and junk.get_json()["code"] == "action/malformed"
    act(client, game_id, tokens[ANN], {"type": "keep_tickets", "tickets": offer}, mine["version"])
    again = client.post(
        f"/v1/games/{game_id}/actions", headers=bearer(tokens[ANN]), json={"type": "keep_tickets", "tickets": offer}
    )
    assert again.status_code == 409 and again.get_json()["code"] == "action/not_your_turn"


def test_three_seats_play_to_the_end_with_secrets_kept(client):
    game, tokens = create(client, SEATS, game_type=TYPE, seed=2024)
    game_id, rng = game["id"], Rng(99)
    moves, checked = 0, 0
    while moves < 1500:
        spectator = view(client, game_id)
        if spectator["status"] == "finished":
            break
        assert "hand" not in spectator["view"] and "tickets" not in spectator["view"]
        seat = min(spectator["to_act"])
        mine = view(client, game_id, tokens[seat])
        assert mine["legal_actions"], "a seat to act always has a legal action"
        other = BOB if seat == ANN else ANN
        theirs = view(client, game_id, tokens[other])
        if other not in spectator["to_act"]:
            assert theirs["legal_actions"] == []
        # Each person sees their own hand; the other's only as a count.
        assert sum(mine["view"]["hand"].values()) == mine["view"]["players"][seat]["hand_size"]
        assert theirs["view"]["players"][seat]["hand_size"] == sum(mine["view"]["hand"].values())
        assert sum(theirs["view"]["hand"].values()) == theirs["view"]["players"][other]["hand_size"]
        checked += 1
        body = act(client, game_id, tokens[seat], choose(mine["legal_actions"], rng), mine["version"])
        for event in body["events"]:
            assert "to" not in event  # visibility is stripped; private events reach only their seat
            if event["type"] in ("card_received", "your_tickets", "tickets_offered"):
                assert event["seat"] == seat
        moves += 1
    final = view(client, game_id, tokens[ANN])
    assert final["status"] == "finished" and final["to_act"] == [] and final["legal_actions"] == []
    assert moves > 50 and checked == moves
    outcome = final["outcome"]
    points = board().route_points
    routes = {r["id"]: r for r in client.get(f"/v1/game-types/{TYPE}").get_json()["data"]["routes"]}
    for standing in outcome["standings"]:
        seat, breakdown = standing["seat"], standing["breakdown"]
        assert standing["score"] == sum(part["points"] for part in breakdown.values())
        player = final["view"]["players"][seat]
        claimed = [r for r, owner in final["view"]["claims"].items() if owner == seat]
        assert breakdown["routes"]["points"] == sum(points[routes[r]["length"]] for r in claimed)
        assert breakdown["routes"]["trains"] == 45 - player["trains"]
        assert breakdown["stations"]["built"] == list(final["view"]["stations"].values()).count(seat)
    assert min(p["trains"] for p in final["view"]["players"]) <= 2
    best = max(s["score"] for s in outcome["standings"])
    assert set(outcome["winners"]) <= {s["seat"] for s in outcome["standings"] if s["score"] == best}
    published = client.get(f"/v1/games/{game_id}/replay").get_json()
    again = replay(TYPE, 3, published["options"], published["seed"], published["log"])
    assert again.rules.outcome(again.state) == outcome == published["outcome"]
