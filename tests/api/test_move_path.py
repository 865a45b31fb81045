"""The move path (`api.http.move_path`) answers plain moves itself, and every move exactly as Flask's own path does."""

import pytest
from freezegun import freeze_time

from api.http.move_path import ENDPOINT

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


def test_a_move_of_any_json_type_does_not_reach_flask_and_one_of_another_type_does(make_app):
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
    assert answer.status_code == 422 and calls == [1]


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


@pytest.mark.parametrize("origins", ["*", "https://club.example"])
@freeze_time("2026-12-01 03:00:00")
def test_every_kind_of_move_is_answered_as_flask_answers_it(make_app, origins):
    apps = {"move path": make_app(CORS_ORIGINS=origins), "flask": make_app(MOVE_PATH=False, CORS_ORIGINS=origins)}
    clients = {name: app.test_client() for name, app in apps.items()}
    games = {name: new_game(client) for name, client in clients.items()}
    other_token = new_game(clients["flask"])[1][0]
    kinds = {name: requests_for(*games[name], other_token) for name in apps}
    answers, statuses = {}, set()
    for index, (kind, *_) in enumerate(kinds["flask"]):
        for name, client in clients.items():
            game_id = games[name][0]["id"]
            _, body, content_type, headers = kinds[name][index]
            headers = {**headers, "X-Request-ID": f"kind-{index}"}  # else each path makes its own
            if content_type is None:
                answer = client.post(f"/v1/games/{game_id}/actions", json=body, headers=headers)
            else:
                answer = client.post(
                    f"/v1/games/{game_id}/actions", data=body, content_type=content_type, headers=headers
                )
            answers[name] = (
                answer.status_code,
                sorted(answer.headers.items()),
                answer.get_data().replace(game_id.encode(), b"<game>"),
            )
        assert answers["move path"] == answers["flask"], kind
        statuses.add(answers["flask"][0])
    assert statuses == {200, 400, 401, 403, 409, 412, 422}


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
