"""Chronology through the real HTTP API: no special-casing, two people and two bots play to the end."""

from engine.chronology.table import fits
from engine.core.match import play
from engine.decks import get_deck
from engine.games import new_match, replay
from tests.api.helpers import bearer, create, play_to_end, view

OPTIONS = {"cards_per_colour": 2, "ages": [11, None, 40, None]}
SEATS = [
    {"name": "Ada", "age": 11},
    {"bot": "sensible", "bot_options": {"hit_rate": 0.9}},
    {"name": "Bo"},
    {"bot": "random"},
]


def dates_only_in_chronologies(game_view):
    """Every card dict that carries a year lies in somebody's chronology or was turned over by a wrong placement."""
    placed = {card["id"] for player in game_view["players"] for card in player["chronology"]}
    placed |= {card["id"] for card in game_view["discard"] if "year" in card}

    def dated(document):
        if isinstance(document, dict):
            own = [document["id"]] if "year" in document or "label" in document else []
            return own + [i for value in document.values() for i in dated(value)]
        if isinstance(document, list):
            return [i for value in document for i in dated(value)]
        return []

    return set(dated(game_view)) <= placed


def test_the_game_type_is_listed_with_its_options_and_bots(client):
    body = client.get("/v1/game-types/chronology").get_json()
    assert (body["min_players"], body["max_players"]) == (2, 8)
    assert {"cards_per_colour", "colours", "powers", "deck", "language", "ages"} <= set(body["options"]["properties"])
    assert [bot["name"] for bot in body["bots"]] == ["easy", "medium", "strong"]
    assert [b["aliases"] for b in body["bots"]][:2] == [["random"], ["sensible"]]


def test_four_seats_two_people_two_bots_to_the_end(client):
    game, tokens = create(client, SEATS, game_type="chronology", options=OPTIONS, seed=7)
    assert game["status"] == "running" and game["to_act"] == [0]
    first = view(client, game["id"], tokens[0])
    assert first["view"]["phase"] == "setup"
    assert {a["type"] for a in first["legal_actions"]} == {"start"}
    assert first["view"] == view(client, game["id"])["view"]  # the whole table is public
    for _ in range(6):  # a few moves other than the first legal one, then the helper plays on
        mine = view(client, game["id"], tokens[view(client, game["id"])["to_act"][0]])
        assert dates_only_in_chronologies(mine["view"])
        response = client.post(
            f"/v1/games/{game['id']}/actions", json=mine["legal_actions"][-1], headers=bearer(tokens[mine["you"]])
        )
        assert response.status_code == 200, response.get_json()
    final = play_to_end(client, game["id"], tokens)
    assert final["view"]["phase"] == "over" and final["to_act"] == []
    assert dates_only_in_chronologies(final["view"])
    outcome = final["outcome"]
    assert outcome["winners"] and sorted(s["seat"] for s in outcome["standings"]) == [0, 1, 2, 3]
    assert [s["age"] for s in sorted(outcome["standings"], key=lambda s: s["seat"])] == [11, None, 40, None]
    record = client.get(f"/v1/games/{game['id']}/replay").get_json()
    again = replay("chronology", 4, record["options"], record["seed"], record["log"])
    assert again.rules.outcome(again.state) == outcome


def test_a_power_aimed_at_an_empty_stack_is_refused_with_its_reason(client):
    options = {"cards_per_colour": 1, "colours": ["red"]}
    game, tokens = create(client, [{"name": "Ada"}, {"name": "Bo"}], game_type="chronology", options=options, seed=3)
    # The same engine, options and seed beside the server: it knows where seat 0's only card fits.
    mirror = new_match("chronology", 2, options, 3)
    moves = [(0, {"type": "start", "colour": "red"}), (1, {"type": "start", "colour": "red"})]
    for seat, action in moves:
        mirror, _ = play(mirror, seat, action)
    card = mirror.state["stacks"][0]["red"][-1]
    gap = next(g for g in (0, 1) if fits(get_deck("chronology-classic"), mirror.state, 0, card, g))
    moves.append((0, {"type": "place", "colour": "red", "gap": gap, "card": card}))
    for seat, action in moves:
        response = client.post(f"/v1/games/{game['id']}/actions", json=action, headers=bearer(tokens[seat]))
        assert response.status_code == 200, response.get_json()
    assert response.get_json()["game"]["view"]["power"] == "red"
    refused = client.post(
        f"/v1/games/{game['id']}/actions",
        json={"type": "discard_top", "seat": 0, "colour": "red"},
        headers=bearer(tokens[0]),
    )
    assert refused.status_code == 422
    assert refused.get_json()["code"] == "action/illegal"
    assert "Seat 0's red stack is empty: there is no top card to discard" in refused.get_json()["detail"]
    assert view(client, game["id"])["version"] == 3


def test_seat_ages_reach_the_game_options(client):
    response = client.post(
        "/v1/games",
        json={"type": "chronology", "seats": [{"name": "Ann", "age": 34}, {"name": "Ben"}, {"bot": "random"}]},
    )
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["game"]["options"]["ages"] == [34, None, None]
