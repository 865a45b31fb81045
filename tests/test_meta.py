"""Meta-tests: every registered game is documented, has a golden playthrough and is played through the API."""

from pathlib import Path

import pytest

from engine.games import all_games

ROOT = Path(__file__).parents[1]
GAMES = all_games()


def package_of(game) -> str:
    return type(game).__module__.split(".")[1]


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_game_has_its_rules_written_down(game):
    rules = ROOT / "docs" / "rules" / f"{game.name}.md"
    assert rules.is_file(), f"write docs/rules/{game.name}.md"
    assert len(rules.read_text(encoding="utf-8")) > 1500


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_game_has_a_golden_playthrough(game):
    assert (ROOT / "tests" / "engine" / package_of(game) / "test_golden.py").is_file()


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_game_is_played_through_the_api(game):
    api_tests = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests" / "api").glob("*.py"))
    assert f'"{game.name}"' in api_tests


def test_every_game_has_a_reference_card_under_its_own_name():
    from printing.translations import GAMES as REFERENCE_CARDS

    assert sorted(REFERENCE_CARDS) == sorted(game.name for game in GAMES)


def test_every_error_code_the_api_can_answer_is_documented_for_client_developers():
    import re

    from api.problems import ENGINE_STATUS

    guide = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    sources = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "api").rglob("*.py"))
    raised = set(re.findall(r'Problem\(\s*"([a-z/_-]+)"', sources))
    assert len(raised) > 20
    for code in raised | set(ENGINE_STATUS):
        assert f"`{code}`" in guide, f"document {code} in docs/api.md"
