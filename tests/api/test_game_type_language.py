"""`GET /v1/game-types/{type}?language=`: the data's names in the language asked for, each game, all six; another
language is refused."""

import pytest

from engine.core.words import LANGUAGES
from engine.games import all_games

GAMES = [game.name for game in all_games()]


@pytest.mark.parametrize("game_type", GAMES)
def test_the_data_speaks_the_language_asked_for(client, game_type):
    english = client.get(f"/v1/game-types/{game_type}").get_json()["data"]
    assert english["language"] == "en"
    for language in LANGUAGES:
        data = client.get(f"/v1/game-types/{game_type}?language={language}").get_json()["data"]
        assert data["language"] == language
        assert {kind: set(names) for kind, names in data["names"].items()} == {
            kind: set(names) for kind, names in english["names"].items()
        }


def test_ticket_to_rides_cities_as_each_language_writes_them(client):
    def moscow(language):
        data = client.get(f"/v1/game-types/ticket-to-ride-europe?language={language}").get_json()["data"]
        return data["names"]["cities"]["Moskva"]

    assert (moscow("en"), moscow("cs"), moscow("ru"), moscow("de")) == ("Moscow", "Moskva", "Москва", "Moskau")


def test_another_language_is_refused(client):
    answer = client.get("/v1/game-types/timeline?language=fr")
    assert answer.status_code == 422
    assert answer.headers["Content-Type"].startswith("application/problem+json")
