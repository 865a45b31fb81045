"""No input gives a 500: deep JSON, odd header values and huge numbers are refused with a 4xx problem."""

import json

import pytest

from tests.api.helpers import bearer, create, view


def deep(levels, leaf=1):
    value = leaf
    for _ in range(levels):
        value = {"x": value}
    return value


def deep_text(levels):
    return '{"x":' * levels + "1" + "}" * levels


def post_json(client, url, text, **headers):
    return client.post(url, data=text, content_type="application/json", headers=headers)


def assert_problem(response, status=None):
    assert 400 <= response.status_code < 500, (response.status_code, response.get_data(as_text=True)[:300])
    assert response.mimetype == "application/problem+json"
    if status:
        assert response.status_code == status, response.get_json()


@pytest.fixture
def game(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
    return game["id"], tokens[0]


class TestTheFindings:
    """The eight inputs the review found answering 500."""

    @pytest.mark.parametrize("levels", [40, 300, 600, 5000])
    def test_an_action_with_a_deeply_nested_unknown_field(self, client, game, levels):
        game_id, token = game
        body = '{"type": "place", "card": "x", "gap": 0, "extra": ' + deep_text(levels) + "}"
        response = post_json(client, f"/v1/games/{game_id}/actions", body, **bearer(token))
        assert_problem(response)
        assert response.get_json()["code"] in ("request/too_deep", "request/malformed")
        assert view(client, game_id)["version"] == 0

    def test_a_deck_card_field_nested_300_deep(self, client, redis_client):
        cards = [{"id": f"c{chr(97 + i)}", "year": 1900 + i, "title": {"en": f"Card {i}"}} for i in range(3)]
        cards[1]["theme"] = deep(300)
        response = post_json(client, "/v1/decks", json.dumps({"kind": "dated", "title": {"en": "T"}, "cards": cards}))
        assert_problem(response, 422)
        assert response.get_json()["code"] == "request/too_deep"
        assert redis_client.keys("dk:deck*") == []

    def test_bot_options_nested_300_deep(self, client, redis_client):
        body = json.dumps({"type": "timeline", "seats": [{"name": "A"}, {"bot": "random", "bot_options": deep(300)}]})
        assert_problem(post_json(client, "/v1/games", body), 422)
        assert redis_client.keys("dk:{g:*") == []

    @pytest.mark.parametrize("seat", ["\xb2", "9" * 5000, "\u0663", "1\x00"])
    def test_a_token_whose_seat_number_is_odd(self, client, game, seat):
        game_id, _ = game
        response = client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {game_id}.{seat}.x"})
        assert_problem(response, 401)

    @pytest.mark.parametrize("tag", ['"\xb2"', '"' + "9" * 5000 + '"', "\xb2", '"1\x1b"'])
    def test_if_match_that_names_no_version(self, client, game, tag):
        game_id, token = game
        card = view(client, game_id, token)["view"]["hands"][0]["cards"][0]["id"]
        response = client.post(
            f"/v1/games/{game_id}/actions",
            json={"type": "place", "card": card, "gap": 0},
            headers={**bearer(token), "If-Match": tag},
        )
        assert_problem(response, 412)
        assert view(client, game_id)["version"] == 0

    @pytest.mark.parametrize("last", ["\xb2", "9" * 5000, "-1", "1e3"])
    def test_last_event_id_that_is_no_version(self, client, game, last):
        game_id, _ = game
        response = client.get(
            f"/v1/games/{game_id}/events", headers={"Accept": "text/event-stream", "Last-Event-ID": last}
        )
        assert_problem(response, 400)
        assert response.get_json()["code"] == "request/bad_header"


class TestNumbersInBodies:
    def test_a_5000_digit_number_is_not_json_the_server_takes(self, client, game):
        game_id, token = game
        body = '{"type": "place", "card": "x", "gap": ' + "9" * 5000 + "}"
        assert_problem(post_json(client, f"/v1/games/{game_id}/actions", body, **bearer(token)))
        assert_problem(post_json(client, "/v1/games", '{"type": "timeline", "seats": [], "seed": ' + "9" * 5000 + "}"))

    def test_a_csv_year_of_5000_digits_is_a_deck_problem(self, client):
        text = "id,year,title_en\na," + "1" * 5000 + ",A\nb,\u0661\u0669\u0660\u0660,B\n"
        response = client.post("/v1/decks", data=text.encode(), content_type="text/csv")
        assert_problem(response, 422)
        assert [p["detail"].split(":")[0] for p in response.get_json()["errors"]] == ["row 2", "row 3"]
