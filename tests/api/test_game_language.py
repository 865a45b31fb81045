"""Every game takes a language through the API, shows it in its options, and a rematch keeps it."""

import pytest

from engine.games import all_games
from tests.api.helpers import bearer, create, view

GAMES = [game.name for game in all_games()]


@pytest.mark.parametrize("game_type", GAMES)
def test_a_game_takes_a_language_and_its_rematch_keeps_it(client, game_type):
    game, tokens = create(client, [{"name": "Ann"}, {"name": "Bob"}], game_type, options={"language": "ru"}, seed=1)
    assert game["options"]["language"] == "ru"
    for seat in (0, 1):
        client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens[seat]))
    assert view(client, game["id"])["status"] == "finished"
    rematch = client.post(f"/v1/games/{game['id']}/rematch", headers=bearer(tokens[0]))
    assert rematch.status_code == 201, rematch.get_json()
    assert rematch.get_json()["game"]["options"]["language"] == "ru"


@pytest.mark.parametrize("game_type", GAMES)
def test_an_unknown_language_is_refused(client, game_type):
    response = client.post(
        "/v1/games", json={"type": game_type, "seats": [{"name": "A"}, {"name": "B"}], "options": {"language": "fr"}}
    )
    assert response.status_code == 422 and response.get_json()["code"] == "options/invalid"
