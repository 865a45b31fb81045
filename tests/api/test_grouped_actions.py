"""Grouped legal actions through HTTP: `actions=grouped` gives `action_groups` in place of `legal_actions` (the view,
a move's and a creation's answer, the view riding on the feed), and they expand to exactly the exact list, in random
games of every game; a late five-player Ticket to Ride view so is a few KB."""

import random
from dataclasses import replace

import orjson
import pytest

from engine.core.compact_groups import CompactActionGroupSchema, expand
from engine.games import all_games
from tests.api.helpers import bearer, create
from tests.engine.test_grouping import TTR, late_turns

GAMES = all_games()
GROUPS = CompactActionGroupSchema(many=True)
KB8 = 8 * 1024


def canonical(actions):
    return sorted(orjson.dumps(a, option=orjson.OPT_SORT_KEYS) for a in actions)


def get(client, game_id, token, query=""):
    response = client.get(f"/v1/games/{game_id}?{query}", headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    return response


def same_actions(grouped, exact):
    """The grouped view holds `action_groups` in place of `legal_actions`, standing for exactly the same actions."""
    assert "legal_actions" not in grouped and "action_groups" not in exact
    assert GROUPS.validate(grouped["action_groups"]) == {}
    expanded = expand(grouped["action_groups"])
    assert len(expanded) == len(exact["legal_actions"])
    assert canonical(expanded) == canonical(exact["legal_actions"])
    assert {k: v for k, v in grouped.items() if k != "action_groups"} == {
        k: v for k, v in exact.items() if k != "legal_actions"
    }


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_groups_of_every_seat_expand_to_its_legal_actions_through_http(client, game):
    players = min(game.max_players, 3)
    pick = random.Random(game.name)
    created, tokens = create(
        client, [{"name": f"P{i}"} for i in range(players)], game_type=game.name, seed=pick.randrange(1000)
    )
    game_id = created["id"]
    first = client.post(
        "/v1/games?actions=grouped",
        json={"type": game.name, "seats": [{"name": f"P{i}"} for i in range(players)], "seed": 1},
    ).get_json()["game"]
    assert "action_groups" in first and "legal_actions" not in first
    for _ in range(40):
        views = {seat: get(client, game_id, token).get_json() for seat, token in tokens.items()}
        acting = views[0]["to_act"]
        if not acting:
            break
        for seat, token in tokens.items():
            same_actions(get(client, game_id, token, "actions=grouped").get_json(), views[seat])
        seat = pick.choice(acting)
        action = pick.choice(views[seat]["legal_actions"])
        answer = client.post(f"/v1/games/{game_id}/actions?actions=grouped", json=action, headers=bearer(tokens[seat]))
        assert answer.status_code == 200, answer.get_json()
        same_actions(answer.get_json()["game"], get(client, game_id, tokens[seat]).get_json())
    feed = client.get(f"/v1/games/{game_id}/events?view=true&actions=grouped", headers=bearer(tokens[0])).get_json()
    same_actions(feed["game"], get(client, game_id, tokens[0]).get_json())


def test_a_move_through_flask_takes_the_flag_as_the_move_path_does(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], seed=2)
    action = game["legal_actions"][0]
    chunked = client.post(
        f"/v1/games/{game['id']}/actions?actions=grouped",
        data=orjson.dumps(action),
        headers={**bearer(tokens[0]), "Content-Type": "application/json", "Transfer-Encoding": "chunked"},
    )
    assert chunked.status_code == 200 and "action_groups" in chunked.get_json()["game"]


@pytest.mark.parametrize("query", ["actions=groups", "actions=", "actions=GROUPED"])
def test_another_form_is_a_problem_and_changes_nothing(client, query):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], seed=2)
    for method, path, body in (
        ("GET", f"/v1/games/{game['id']}", None),
        ("POST", f"/v1/games/{game['id']}/actions", game["legal_actions"][0]),
    ):
        response = client.open(f"{path}?{query}", method=method, json=body, headers=bearer(tokens[0]))
        assert response.status_code == 422, response.get_json()
        assert response.get_json()["code"] == "request/invalid"
    assert get(client, game["id"], tokens[0]).get_json()["version"] == game["version"]


def test_a_retry_in_the_other_form_gets_the_same_move_in_that_form(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}], seed=2)
    headers = {**bearer(tokens[0]), "Idempotency-Key": "k1"}
    url = f"/v1/games/{game['id']}/actions"
    first = client.post(url, json=game["legal_actions"][0], headers=headers).get_json()
    again = client.post(url + "?actions=grouped", json=game["legal_actions"][0], headers=headers).get_json()
    assert again["game"]["version"] == first["game"]["version"] == 1 and again["events"] == first["events"]
    assert "action_groups" in again["game"]


NAMES = [f"{'Ж' * 39}{i}" for i in range(5)]  # the longest names a seat takes, two bytes a letter


@pytest.mark.parametrize("turn", range(6))
def test_a_late_five_player_ticket_to_ride_view_in_groups_is_under_8_kb(app, client, turn):
    """The late turns of tests/engine/test_grouping.py (the longest exact list past the middle of a greedy game, the
    same with 20 cards more in hand, the worst hands found), written into a game with a clock and the longest seat
    names, and read through HTTP in both forms: the whole grouped answer is under 8 KB."""
    label, state, seat = late_turns()[turn]
    seats = [{"name": name} for name in NAMES]
    game, tokens = create(client, seats, game_type=TTR.name, seed=turn, clock={"per_turn": 600})
    services = app.extensions["deskovka"]
    record = services.store.load(game["id"])
    late = replace(record, state=state, version=record.version + 1)
    assert services.store.commit(late, record.rev, 3600).value == "done"
    exact = get(client, game["id"], tokens[seat])
    grouped = get(client, game["id"], tokens[seat], "actions=grouped")
    both = [grouped.get_json(), exact.get_json()]
    for answer in both:
        del answer["clock"]["now"]  # the server's time as it answered
    same_actions(*both)
    listed = len(exact.get_json()["legal_actions"])
    print(f"\n{label}: {listed} actions: view {len(exact.data)} B exact, {len(grouped.data)} B grouped")
    assert len(grouped.data) < KB8
    assert len(grouped.data) * 5 < len(exact.data)


def test_join_cancel_resign_and_rematch_answer_in_the_form_asked(client):
    """Every answer that carries a view takes `actions=grouped`: a join, a cancel, a resignation, a rematch."""
    grouped = "?actions=grouped"
    table = client.post("/v1/games", json={"type": TTR.name, "seats": [{"name": "Ann"}, {"open": True}]})
    assert table.status_code == 201, table.get_json()
    game_id, ann = table.get_json()["game"]["id"], table.get_json()["tokens"][0]["token"]
    joined = client.post(f"/v1/games/{game_id}/seats/1{grouped}", json={"name": "Bob"})
    assert joined.status_code == 201, joined.get_json()
    bob = joined.get_json()["token"]
    assert joined.get_json()["game"]["action_groups"] and "legal_actions" not in joined.get_json()["game"]
    same_actions(joined.get_json()["game"], get(client, game_id, bob).get_json())
    resigned = client.post(f"/v1/games/{game_id}/resign{grouped}", headers=bearer(ann))
    assert resigned.status_code == 200 and resigned.get_json()["game"]["action_groups"] == []
    assert resigned.get_json()["game"]["status"] == "finished"
    again = client.post(f"/v1/games/{game_id}/rematch{grouped}", headers=bearer(bob))
    assert again.status_code == 201, again.get_json()
    new = again.get_json()["game"]
    assert "legal_actions" not in new and "action_groups" in new
    same_actions(new, get(client, new["id"], again.get_json()["token"]).get_json())
    table = client.post("/v1/games", json={"type": TTR.name, "seats": [{"name": "Ann"}, {"open": True}]}).get_json()
    cancelled = client.delete(f"/v1/games/{table['game']['id']}{grouped}", headers=bearer(table["tokens"][0]["token"]))
    assert cancelled.status_code == 200 and cancelled.get_json()["status"] == "cancelled"
    assert cancelled.get_json()["action_groups"] == [] and "legal_actions" not in cancelled.get_json()


@pytest.mark.parametrize("path", ["seats/1", "resign", "rematch", ""])
def test_another_form_on_a_join_resign_rematch_or_cancel_is_a_problem_and_changes_nothing(client, path):
    table = client.post("/v1/games", json={"type": TTR.name, "seats": [{"name": "Ann"}, {"open": True}]}).get_json()
    game_id, ann = table["game"]["id"], table["tokens"][0]["token"]
    method, body = ("DELETE", None) if not path else ("POST", {"name": "Bob"} if path.startswith("seats") else None)
    url = f"/v1/games/{game_id}/{path}?actions=all".replace("/?", "?")
    response = client.open(url, method=method, json=body, headers=bearer(ann))
    assert response.status_code == 422 and response.get_json()["code"] == "request/invalid", response.get_json()
    after = client.get(f"/v1/games/{game_id}").get_json()
    assert after["status"] == "open" and after["version"] == table["game"]["version"]
