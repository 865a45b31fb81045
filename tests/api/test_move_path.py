"""The move path (`api.http.middleware.move_path`) answers plain moves itself, refusals and errors included."""

import pytest
from freezegun import freeze_time

from api.http.middleware.move_path import ENDPOINT

SEATS = [{"name": "Ada"}, {"name": "Bea"}]
DEEP = b'{"type": "place", "card": ' + b"[" * 40 + b"]" * 40 + b"}"


def counted(app):
    """Count the calls that reach Flask's view."""
    view = app.view_functions[ENDPOINT]
    calls = []

    def counting(*args, **kwargs):
        calls.append(1)
        return view(*args, **kwargs)

    app.view_functions[ENDPOINT] = counting
    return calls


def new_game(client):
    created = client.post("/v1/games", json={"type": "timeline", "seats": SEATS, "seed": 7}).get_json()
    return created["game"], {t["seat"]: t["token"] for t in created["tokens"]}


def test_a_move_of_any_json_type_does_not_reach_flask_and_one_of_another_type_is_refused_there(make_app):
    app = make_app()
    calls, client = counted(app), app.test_client()
    game, tokens = new_game(client)
    for content_type in ("application/json", "application/merge-patch+json"):
        seat = game["to_act"][0]
        card = game["view"]["hands"][seat]["cards"][0]["id"]
        answer = client.post(
            f"/v1/games/{game['id']}/actions",
            content_type=content_type,
            data=f'{{"type": "place", "card": "{card}", "gap": 0}}',
            headers={"Authorization": f"Bearer {tokens[seat]}", "Origin": "https://club.example"},
        )
        assert answer.status_code == 200
        game = answer.get_json()["game"]
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
    assert calls == []
    answer = client.post(
        f"/v1/games/{game['id']}/actions",
        content_type="text/plain",
        data='{"type": "place"}',
        headers={"Authorization": f"Bearer {tokens[game['to_act'][0]]}"},
    )
    assert answer.status_code == 415 and calls == []  # refused by a hook before Flask's view


def requests_for(game, tokens, other_token):
    """(name, body, content type, headers) of moves of every kind; they change both games alike."""
    seat = game["to_act"][0]
    hand = [card["id"] for card in game["view"]["hands"][seat]["cards"]]
    next_hand = [card["id"] for card in game["view"]["hands"][1 - seat]["cards"]]
    mine = {"Authorization": f"Bearer {tokens[seat]}"}
    waiting = {"Authorization": f"Bearer {tokens[1 - seat]}"}
    place = {"type": "place", "card": hand[0], "gap": 0}
    return [
        ("not json", b'{"type": ', "application/json", mine),
        ("too deep", DEEP, "application/json", mine),
        ("not an action", b'{"type": 5}', "application/json", mine),
        ("a list", b"[1, 2]", "application/json", mine),
        ("no type", b"{}", "application/json", mine),
        ("unknown action", b'{"type": "fly"}', "application/json", mine),
        ("malformed action", b'{"type": "place", "card": 3, "gap": "x"}', "application/json", mine),
        ("not json at all", b"place it", "text/plain", mine),
        ("no token", place, None, {}),
        ("not bearer", place, None, {"Authorization": "Basic eDp5"}),
        ("foreign token", place, None, {"Authorization": f"Bearer {other_token}"}),
        ("wrong token", place, None, {"Authorization": f"Bearer {game['id']}.0.nope"}),
        ("odd digit in If-Match", place, None, {**mine, "If-Match": '"\u00b2"'}),
        ("stale If-Match", place, None, {**mine, "If-Match": '"99"'}),
        ("long Idempotency-Key", place, None, {**mine, "Idempotency-Key": "k" * 201}),
        ("not in hand", {"type": "place", "card": "moon-landing-x", "gap": 0}, None, mine),
        ("no such gap", {**place, "gap": 9}, None, mine),
        ("not your turn", {"type": "place", "card": hand[0], "gap": 0}, None, waiting),
        ("a move", place, None, {**mine, "Idempotency-Key": "first", "If-Match": f'"{game["version"]}"'}),
        ("the move again", place, None, {**mine, "Idempotency-Key": "first", "If-Match": f'"{game["version"]}"'}),
        ("the key reused", {**place, "gap": 1}, None, {**mine, "Idempotency-Key": "first"}),
        ("an illegal move with an origin", place, None, {**waiting, "Origin": "https://club.example"}),
        (
            "a move with an origin",
            {"type": "place", "card": next_hand[0], "gap": 0},
            None,
            {**waiting, "Origin": "https://club.example"},
        ),
        (
            "a move with another origin",
            {"type": "place", "card": hand[1], "gap": 0},
            None,
            {**mine, "Origin": "https://elsewhere.example"},
        ),
    ]


# What each kind of move is answered with (status, problem code; None for a played move).
ANSWERS = {
    "not json": (400, "request/malformed"),
    "too deep": (422, "request/too_deep"),
    "not an action": (422, "request/invalid"),
    "a list": (422, "request/invalid"),
    "no type": (422, "request/invalid"),
    "unknown action": (422, "action/malformed"),
    "malformed action": (422, "action/malformed"),
    "not json at all": (415, "request/unsupported_type"),
    "no token": (401, "auth/required"),
    "not bearer": (401, "auth/malformed"),
    "foreign token": (403, "auth/foreign_token"),
    "wrong token": (401, "auth/invalid_token"),
    "odd digit in If-Match": (412, "game/version_mismatch"),
    "stale If-Match": (412, "game/version_mismatch"),
    "long Idempotency-Key": (422, "request/invalid"),
    "not in hand": (422, "action/illegal"),
    "no such gap": (422, "action/illegal"),
    "not your turn": (409, "action/not_your_turn"),
    "a move": (200, None),
    "the move again": (200, None),
    "the key reused": (422, "idempotency/key_reused"),
    "an illegal move with an origin": (422, "action/illegal"),
    "a move with an origin": (200, None),
    "a move with another origin": (200, None),
}


@pytest.mark.parametrize("path", ["move path", "flask"])
@freeze_time("2026-12-01 03:00:00")
def test_every_kind_of_move_is_answered_with_its_code_and_changes_nothing_when_refused(make_app, path):
    """Each path answers its own refusals: the move path never hands one to Flask's view, and both say the same."""
    app = make_app(CORS_ORIGINS="https://club.example", MOVE_PATH=path == "move path")
    calls, client = counted(app), app.test_client()
    game, tokens = new_game(client)
    other_token = new_game(client)[1][0]
    answered, version = {}, 0
    for kind, body, content_type, headers in requests_for(game, tokens, other_token):
        url = f"/v1/games/{game['id']}/actions"
        if content_type is None:
            answer = client.post(url, json=body, headers=headers)
        else:
            answer = client.post(url, data=body, content_type=content_type, headers=headers)
        problem = answer.get_json() if answer.mimetype == "application/problem+json" else {}
        answered[kind] = (answer.status_code, problem.get("code"))
        now = client.get(f"/v1/games/{game['id']}").get_json()["version"]
        assert now == version + (answer.status_code == 200 and kind != "the move again"), kind
        version = now
        assert "private" in answer.headers["Cache-Control"] and "Authorization" in answer.headers["Vary"], kind
        if problem:
            assert problem["status"] == answer.status_code and problem["instance"] == url, kind
            assert answer.headers["Content-Language"] == "en" and "Accept-Language" in answer.headers["Vary"], kind
        if headers.get("Origin") == "https://club.example":
            assert answer.headers["Access-Control-Allow-Origin"] == "https://club.example", kind
    assert answered == ANSWERS
    # The body of another media type takes Flask's path when the move path is on, and is refused by a hook there
    # (on Flask's, so are the bodies too deep and not JSON), so never reaches the view.
    assert len(calls) == (0 if path == "move path" else len(ANSWERS) - 3)


def test_an_error_of_the_servers_own_on_the_move_path_is_answered_there_as_a_500_problem(make_app, monkeypatch):
    from api.tables import moves

    app = make_app()
    calls, client = counted(app), app.test_client()
    game, tokens = new_game(client)
    seat = game["to_act"][0]

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(moves, "act", broken)
    answer = client.post(
        f"/v1/games/{game['id']}/actions",
        json={"type": "place", "card": game["view"]["hands"][seat]["cards"][0]["id"], "gap": 0},
        headers={"Authorization": f"Bearer {tokens[seat]}"},
    )
    assert answer.status_code == 500 and answer.get_json()["code"] == "server/error" and calls == []


def test_a_problem_on_the_move_path_is_said_in_the_clients_language(make_app):
    app = make_app()
    client = app.test_client()
    game, _ = new_game(client)
    answer = client.post(
        f"/v1/games/{game['id']}/actions", json={"type": "place"}, headers={"Accept-Language": "cs, en;q=0.5"}
    )
    assert answer.status_code == 401 and answer.headers["Content-Language"] == "cs"
    assert answer.get_json()["title"] not in ("", "Unauthorized")


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8", "application/merge-patch+json"])
def test_other_json_content_types_are_still_moves(make_app, content_type):
    app = make_app()
    client = app.test_client()
    game, tokens = new_game(client)
    seat = game["to_act"][0]
    card = game["view"]["hands"][seat]["cards"][0]["id"]
    answer = client.post(
        f"/v1/games/{game['id']}/actions",
        data=f'{{"type": "place", "card": "{card}", "gap": 0}}',
        content_type=content_type,
        headers={"Authorization": f"Bearer {tokens[seat]}"},
    )
    assert answer.status_code == 200 and answer.headers["ETag"] == '"1"'


def test_a_body_shorter_than_its_declared_length_is_not_taken_as_a_move(make_app):
    app = make_app()
    calls, client = counted(app), app.test_client()
    game, tokens = new_game(client)
    seat = game["to_act"][0]
    card = game["view"]["hands"][seat]["cards"][0]["id"]
    body = f'{{"type": "place", "card": "{card}", "gap": 0}}'.encode()
    answer = client.post(
        f"/v1/games/{game['id']}/actions",
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {tokens[seat]}"},
        environ_overrides={"CONTENT_LENGTH": str(len(body) + 5)},
    )
    assert answer.status_code == 400 and len(calls) == 0
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == 0
