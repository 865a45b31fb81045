"""A request's preconditions (`api.http.middleware.preconditions`) are written once: both paths of a move obey each."""

import pytest
from freezegun import freeze_time
from werkzeug.wrappers import Request

from api.http.limits import capacity
from api.http.middleware import input_bounds, preconditions
from api.http.middleware.move_path import ENDPOINT
from api.problems import Problem
from tests.api.test_move_path import counted, new_game

PATHS = {"move path": {}, "flask": {"MOVE_PATH": False}}


def closed_table(environ, endpoint):
    if "HTTP_X_TABLE_CLOSED" in environ:
        return Problem("game/busy", "The table is closed for the night.")
    return None


def not_at_the_start(body, endpoint):
    if isinstance(body, dict) and body.get("gap") == 0:
        return Problem("request/invalid", "Nothing goes before the first card tonight.")
    return None


def both_paths(make_app):
    """Two apps, with and without the move path, each with a client, a new game and its tokens, and a view count."""
    apps = {name: make_app(**overrides) for name, overrides in PATHS.items()}
    return {name: (app.test_client(), *new_game(app.test_client()), counted(app)) for name, app in apps.items()}


def post_move(client, game, tokens, **extra):
    seat = game["to_act"][0]
    card = game["view"]["hands"][seat]["cards"][0]["id"]
    # A request id of its own, so both paths answer the same one (else each makes its own).
    headers = {"Authorization": f"Bearer {tokens[seat]}", "X-Request-ID": "preconditions", **extra.pop("headers", {})}
    answer = client.post(
        f"/v1/games/{game['id']}/actions", json={"type": "place", "card": card, "gap": 0, **extra}, headers=headers
    )
    return answer.status_code, sorted(answer.headers.items()), answer.get_data().replace(game["id"].encode(), b"<g>")


@freeze_time("2026-12-01 03:00:00")
def test_a_head_check_added_to_the_list_refuses_on_both_paths(make_app, monkeypatch):
    monkeypatch.setattr(preconditions, "HEAD", [*preconditions.HEAD, closed_table])
    paths = both_paths(make_app)
    answers = {
        name: post_move(client, game, tokens, headers={"X-Table-Closed": "1"})
        for name, (client, game, tokens, _) in paths.items()
    }
    assert answers["move path"] == answers["flask"]
    assert answers["flask"][0] == 409 and b"closed for the night" in answers["flask"][2]
    for client, game, tokens, calls in paths.values():
        assert calls == []  # refused before the view
        assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == 0
        assert client.get("/v1/game-types", headers={"X-Table-Closed": "1"}).status_code == 409
        assert post_move(client, game, tokens)[0] == 200
    assert paths["move path"][3] == []  # and without the header the move path answers the move itself


@freeze_time("2026-12-01 03:00:00")
def test_a_body_check_added_to_the_list_refuses_on_both_paths(make_app, monkeypatch):
    monkeypatch.setattr(preconditions, "BODY", [*preconditions.BODY, not_at_the_start])
    paths = both_paths(make_app)
    # A legal move: only the check refuses it.
    answers = {name: post_move(client, game, tokens, gap=0) for name, (client, game, tokens, _) in paths.items()}
    assert answers["move path"] == answers["flask"]
    assert answers["flask"][0] == 422 and b"before the first card" in answers["flask"][2]
    for client, game, tokens, calls in paths.values():
        assert calls == []
        assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == 0
        assert post_move(client, game, tokens, gap=1)[0] == 200
    assert paths["move path"][3] == []


@pytest.mark.parametrize("busy", [capacity.SERVER, capacity.CLIENT])
def test_a_full_server_refuses_a_move_alike_on_both_paths(make_app, busy):
    paths = both_paths(make_app)
    answers = {}
    for name, (client, game, tokens, calls) in paths.items():
        client.environ_base[capacity.BUSY] = busy
        answers[name] = post_move(client, game, tokens)
        assert calls == []
        del client.environ_base[capacity.BUSY]
        assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == 0
    assert answers["move path"] == answers["flask"]
    assert answers["flask"][0] == 503 and b"server/busy" in answers["flask"][2]


def test_a_body_limit_set_for_the_move_holds_on_both_paths(make_app, monkeypatch):
    monkeypatch.setitem(input_bounds.BODY_LIMITS, ENDPOINT, 40)
    paths = both_paths(make_app)
    answers = {name: post_move(client, game, tokens, pad="x" * 40) for name, (client, game, tokens, _) in paths.items()}
    assert answers["move path"] == answers["flask"]
    assert answers["flask"][0] == 413
    for client, game, _, calls in paths.values():
        assert calls == []
        assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == 0


@pytest.mark.parametrize(
    "content_type",
    [
        "application/json",
        "APPLICATION/JSON",
        " application/json ",
        "application/json; charset=utf-8",
        "application/json;",
        "application/merge-patch+json",
        "application/vnd.api+JSON",
        "application/+json",
        "application/json,text/plain",
        '"application/json"',
        "text/json",
        ";application/json",
        'application/json ; x="a;b"',
        "",
        " ",
        "multipart/form-data; boundary=x",
    ],
)
def test_a_json_body_is_told_as_werkzeug_tells_it(content_type):
    environ = {"CONTENT_TYPE": content_type}
    assert preconditions.json_body(environ) == Request(environ).is_json


def nested(levels, kind):
    value = 1
    for level in range(levels):
        value = {"a": value, "b": 2} if (kind == "dict" or kind == "mixed" and level % 2) else [value, "c"]
    return value


@pytest.mark.parametrize("kind", ["dict", "list", "mixed"])
def test_the_nesting_bound_is_exact(kind):
    limit = input_bounds.MAX_DEPTH
    assert preconditions.nested_within_bound(nested(limit, kind), ENDPOINT) is None
    assert preconditions.nested_within_bound(nested(limit + 1, kind), ENDPOINT).code == "request/too_deep"
    assert input_bounds.within_depth(nested(limit - 1, kind)) and input_bounds.within_depth("flat")
    wide = {"type": "place", "cards": [nested(limit - 2, kind) for _ in range(50)], "deep": nested(limit - 1, kind)}
    assert input_bounds.within_depth(wide) and not input_bounds.within_depth([wide])
