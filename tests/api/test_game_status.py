"""Many games at once: `POST /v1/games/status` answers each named game's status and turn, and for each token whether
it is that seat's turn; a game not found or a token refused is said so in its place, and bad input is a problem."""

import pytest

from api.http.resources.game_status import MOST_GAMES
from tests.api.helpers import act, create

URL = "/v1/games/status"


def statuses(client, games):
    response = client.post(URL, json={"games": games})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["games"]


def test_each_game_says_its_status_version_and_turn_and_each_token_whether_it_is_its_turn(client):
    one, one_tokens = create(client, [{"name": "A"}, {"name": "B"}], options={"hand_size": 2}, seed=1)
    two, two_tokens = create(client, [{"name": "C"}, {"bot": "random"}], game_type="lost-cities", seed=2)
    act(client, one["id"], one_tokens[0], one["legal_actions"][0], one["version"])
    answer = statuses(
        client,
        [{"id": one["id"], "tokens": [one_tokens[0], one_tokens[1]]}, {"id": two["id"], "tokens": [two_tokens[0]]}],
    )
    now = [client.get(f"/v1/games/{game['id']}").get_json() for game in (one, two)]
    assert [(g["id"], g["type"], g["status"], g["version"], g["to_act"]) for g in answer] == [
        (game["id"], game["type"], game["status"], game["version"], game["to_act"]) for game in now
    ]
    assert answer[0]["tokens"] == [
        {"seat": 0, "your_turn": False, "problem": None},
        {"seat": 1, "your_turn": True, "problem": None},
    ]
    assert answer[1]["tokens"] == [{"seat": 0, "your_turn": 0 in now[1]["to_act"], "problem": None}]
    assert answer[0]["problem"] is None and answer[0]["deadlines"] == []


def test_a_clocked_tables_deadlines_are_given(client):
    game, _ = create(client, [{"name": "A"}, {"name": "B"}], clock={"per_turn": 600})
    (answer,) = statuses(client, [{"id": game["id"]}])
    assert answer["deadlines"] == client.get(f"/v1/games/{game['id']}").get_json()["clock"]["deadlines"]
    assert answer["tokens"] == []


def test_an_unknown_game_and_a_refused_token_are_answered_in_their_place(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
    other, other_tokens = create(client, [{"name": "C"}, {"name": "D"}])
    answer = statuses(
        client,
        [
            {"id": "0123456789abcdef", "tokens": [tokens[0]]},
            {"id": "not a game"},
            {"id": game["id"], "tokens": [other_tokens[0], tokens[1], f"{game['id']}.0.forged"]},
        ],
    )
    unknown, odd, known = answer
    assert unknown["problem"]["code"] == odd["problem"]["code"] == "game/not_found"
    assert (unknown["status"], unknown["version"], unknown["to_act"]) == (None, None, [])
    assert unknown["tokens"] == [{"seat": None, "your_turn": None, "problem": unknown["problem"]}]
    assert known["problem"] is None and known["status"] == "running"
    foreign, own, forged = known["tokens"]
    assert foreign["problem"]["code"] == "auth/foreign_token" and foreign["seat"] is None
    assert own == {"seat": 1, "your_turn": False, "problem": None}
    assert forged["problem"]["code"] == "auth/invalid_token" and forged["your_turn"] is None
    assert other["id"] not in [g["id"] for g in answer]


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"games": [{"id": "0123456789abcdef"}] * (MOST_GAMES + 1)}, "/games"),
        ({"games": []}, "/games"),
        ({}, "/games"),
        ({"games": [{"id": 7}]}, "/games/0/id"),
        ({"games": [{"id": "0123456789abcdef", "tokens": ["t"] * 17}]}, "/games/0/tokens"),
        ({"games": [{"id": "0123456789abcdef", "tokens": "t"}]}, "/games/0/tokens"),
        ({"games": [{"id": "0123456789abcdef", "seat": 0}]}, "/games/0/seat"),
        ({"games": [{"id": "x" * 41}]}, "/games/0/id"),
    ],
)
def test_bad_input_is_a_problem_and_changes_nothing(client, redis_client, body, pointer):
    game, _ = create(client, [{"name": "A"}, {"name": "B"}])
    keys = sorted(redis_client.keys("*"))
    response = client.post(URL, json=body)
    assert response.status_code == 422, response.get_json()
    problem = response.get_json()
    assert problem["code"] == "request/invalid"
    assert pointer in [error.get("pointer") for error in problem["errors"]], problem
    assert sorted(redis_client.keys("*")) == keys


def test_a_body_that_is_not_json_is_refused(client):
    response = client.post(URL, data=b"{", headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.get_json()["code"] == "request/malformed"


def test_the_most_games_are_read_in_one_answer(client):
    game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
    answer = statuses(client, [{"id": game["id"], "tokens": [tokens[0]]}] * MOST_GAMES)
    assert len(answer) == MOST_GAMES and all(g["tokens"][0]["your_turn"] for g in answer)
