"""Errors that point the right way: the body's type (415), a body that is not JSON (400), a move for a game that
does not exist (404 whatever its body), a doubled slash (a problem, not a redirect); none of them changes anything."""

import pytest

from tests.api.helpers import bearer, create

SEATS = [{"name": "Ada"}, {"name": "Bea"}]
MISSING = "0123456789abcdef"


def stored(redis_client):
    return sorted(redis_client.keys("*"))


def place(client, game):
    seat = game["to_act"][0]
    card = client.get(f"/v1/games/{game['id']}").get_json()
    return seat, {"type": "place", "card": game["view"]["hands"][seat]["cards"][0]["id"], "gap": 0}, card["version"]


@pytest.fixture(params=["move path", "flask"])
def each_path(request, make_app):
    return make_app(MOVE_PATH=request.param == "move path").test_client()


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_without_a_json_type_is_415_naming_content_type_and_changes_nothing(
    each_path, redis_client, content_type
):
    client = each_path
    game, tokens = create(client, SEATS, seed=3)
    seat, action, version = place(client, game)
    before = stored(redis_client)
    headers = {**bearer(tokens[seat]), **({"Content-Type": content_type} if content_type else {})}
    for url in (f"/v1/games/{game['id']}/actions", "/v1/games", "/v1/print-jobs"):
        answer = client.post(url, data=b'{"type": "place"}', headers=headers)
        problem = answer.get_json()
        assert answer.status_code == 415 and problem["code"] == "request/unsupported_type", (url, problem)
        assert "`Content-Type: application/json`" in problem["detail"]
        assert (content_type or "no Content-Type") in problem["detail"]
    assert stored(redis_client) == before
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == version


def test_a_body_that_is_not_json_is_400_naming_the_body_and_where_it_goes_wrong(each_path, redis_client):
    client = each_path
    game, tokens = create(client, SEATS, seed=3)
    seat, _, version = place(client, game)
    before = stored(redis_client)
    for url in (f"/v1/games/{game['id']}/actions", "/v1/games"):
        answer = client.post(
            url, data=b'{"type":\n "place",', content_type="application/json", headers=bearer(tokens[seat])
        )
        problem = answer.get_json()
        assert answer.status_code == 400 and problem["code"] == "request/malformed"
        assert problem["detail"] == "The request body is not valid JSON: it goes wrong at line 2, column 10."
        assert problem["errors"] == [{"detail": problem["detail"], "location": "body"}]  # no internal name
    empty = client.post(f"/v1/games/{game['id']}/actions", data=b"", content_type="application/json")
    assert empty.status_code == 400 and "empty" in empty.get_json()["detail"]
    assert stored(redis_client) == before
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == version


def test_a_contract_fault_points_into_the_body_not_at_an_internal_name(each_path):
    client = each_path
    game, tokens = create(client, SEATS, seed=3)
    answer = client.post(f"/v1/games/{game['id']}/actions", json={"card": "x"}, headers=bearer(tokens[0]))
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == [
        {"detail": "Missing data for required field.", "location": "body", "pointer": "/type"}
    ]


@pytest.mark.parametrize(
    "body, content_type",
    [
        (b'{"type": "place", "card": "x", "gap": 0}', "application/json"),
        (b'{"type": ', "application/json"),
        (b"[1]", "application/json"),
        (b"[" * 40 + b"]" * 40, "application/json"),
        (b"", "application/json"),
        (b'{"type": "place"}', "text/plain"),
        (b"x" * (2 << 20), "application/json"),  # over the body limit: still 404, the body is never read
    ],
)
@pytest.mark.parametrize("game_id", [MISSING, "nope"])
def test_a_move_for_a_game_that_does_not_exist_is_404_whatever_its_body(
    each_path, redis_client, body, content_type, game_id
):
    before = stored(redis_client)
    answer = each_path.post(f"/v1/games/{game_id}/actions", data=body, content_type=content_type)
    problem = answer.get_json()
    assert answer.status_code == 404 and problem["code"] == "game/not_found", problem
    assert stored(redis_client) == before


@pytest.mark.parametrize("path", ["/v1/games//events", "/v1/games//actions", "/v1//games", "/v1/games/abc//"])
def test_a_doubled_slash_is_a_404_problem_naming_the_empty_segment_not_a_redirect(client, path):
    for answer in (client.get(path), client.post(path, json={"type": "x"})):
        assert answer.status_code == 404 and answer.mimetype == "application/problem+json", path
        problem = answer.get_json()
        assert problem["code"] == "http/404" and "empty segment" in problem["detail"]
        assert "Location" not in answer.headers
    czech = client.get(path, headers={"Accept-Language": "cs"}).get_json()
    assert czech["title"] == "Nenalezeno" and "empty segment" not in czech["detail"]


def test_a_deck_still_comes_as_csv_and_a_body_less_request_needs_no_type(client):
    from tests.api.test_decks import csv_text, forty_cards

    answer = client.post(
        "/v1/decks", data=csv_text(forty_cards()).encode(), content_type="text/csv", query_string={"title": "T"}
    )
    assert answer.status_code == 201, answer.get_json()
    game, tokens = create(client, SEATS, seed=3)
    assert client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[0])).status_code == 200


@pytest.mark.parametrize("lang", ["cs", "sk", "de", "hu", "ru"])
def test_the_new_problems_are_said_in_the_clients_language(client, lang):
    game, tokens = create(client, SEATS, seed=3)
    said = {"Accept-Language": lang}
    url = f"/v1/games/{game['id']}/actions"
    english = {}
    for name, request in {
        "typed": lambda h: client.post(url, data=b"{}", content_type="text/plain", headers=h),
        "untyped": lambda h: client.post(url, data=b"{}", headers=h),
        "broken": lambda h: client.post(url, data=b"{", content_type="application/json", headers=h),
        "empty": lambda h: client.post(url, data=b"", content_type="application/json", headers=h),
        "slashes": lambda h: client.get("/v1/games//events", headers=h),
    }.items():
        english[name] = request({}).get_json()["detail"]
        answer = request(said)
        assert answer.headers["Content-Language"] == lang
        detail = answer.get_json()["detail"]
        assert detail != english[name] and "request body" not in detail, (name, detail)
        if name in ("typed", "untyped"):
            assert "`Content-Type: application/json`" in detail
        if name == "broken":
            assert "1" in detail and "2" in detail  # line 1, column 2


def test_a_body_that_is_not_an_object_points_at_the_whole_body_not_at_an_internal_name(each_path):
    game, tokens = create(each_path, SEATS, seed=3)
    answer = each_path.post(f"/v1/games/{game['id']}/actions", json=[1], headers=bearer(tokens[0]))
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == [{"detail": "Invalid input type.", "location": "body"}]
