"""The service's own problems (limits, tables, decks, print jobs, the store) are said in the client's language as
the moves' are: every sentence the API's sources give a problem, and every limit's sentence as the limits write it
(each thing counted, each window, a client or a seat), through HTTP too."""

import ast
import re
from pathlib import Path

import pytest
from freezegun import freeze_time

from api import problem_language
from api.http.limits.rate_limits import WHAT, unit
from api.limits import UNITS
from tests.api.helpers import create

ROOT = Path(__file__).parents[2]
LANGUAGES = problem_language.LANGUAGES[1:]
SAYING = {"Problem": 1, "refuse": 1, "refusal": 0}
ENGLISH = re.compile(r"\b(the|is|not|at most|per|from|one client|try again|games?|seats?|bytes|moves?|hour|day)\b")


def filled(node: ast.AST) -> str | None:
    """The text a string, f-string or their sum says, each value as 7."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "7" for part in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = filled(node.left), filled(node.right)
        return None if left is None or right is None else left + right
    return None


def api_sentences() -> set[str]:
    """Every problem's detail written out in the API's sources (a call of Problem, refuse or refusal, a `detail`)."""
    found = set()
    for path in (ROOT / "api").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {  # a module's sentences kept in a name (`FULL`)
            target.id: node.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            text = None
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                place = SAYING.get(name)
                if place is not None and len(node.args) > place:
                    said = node.args[place]
                    text = filled(constants.get(said.id, said) if isinstance(said, ast.Name) else said)
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "detail" for t in node.targets):
                text = filled(node.value)
            if text and " " in text and not text.endswith("; "):
                found.add(text.replace("{retry}", "3").replace("{{retry}}", "3"))
    return found


def limit_sentences() -> set[str]:
    """The limits' sentences as they are written: each bucket and window, each of a client and a seat."""
    windows = [*UNITS.values(), 30]
    said = {
        f"At most 10 {what} per {unit(s)} from one client; try again in 3 s." for what in WHAT.values() for s in windows
    }
    for whose in ("one client", "one seat"):
        for s in windows:
            said.add(
                f"At most 20 moves (bot moves they set off included) per {unit(s)} from {whose}; try again in 3 s."
            )
            said.add(f"At most 131072 bytes of event history may be read per {unit(s)} from {whose}; read on in 1 s.")
    return said


def test_the_sources_give_the_services_problems():
    sentences = api_sentences()
    assert len(sentences) > 50
    assert "The store is full; nothing was changed. Try again later." in sentences
    assert "Seat 7 is already taken." in sentences


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_problem_and_limit_of_the_service_is_said_in_each_language(lang):
    untranslated = sorted(
        text for text in api_sentences() | limit_sentences() if problem_language.say(text, lang) == text
    )
    assert untranslated == [], untranslated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_limits_sentence_leaves_no_english_inside(lang):
    for text in limit_sentences():
        said = problem_language.say(text, lang)
        assert not ENGLISH.search(said.replace("Client", "")), (text, said)


def test_the_english_limits_read_as_sentences():
    for text in limit_sentences():
        assert " a 1 s" not in text and "per 1 s" not in text and "by your seat" not in text, text
        assert re.match(r"^At most \d+ .+ per (second|minute|hour|day|\d+ s) from one (client|seat); ", text), text


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_spent_history_budget_is_said_in_the_clients_language(make_app, lang):
    client = make_app(RATE_LIMITS={"history_bytes": [(2_000, 1)]}, REFUSED_WAIT=False).test_client()
    game, _ = create(client, [{"name": "Ann"}, {"name": "Bob"}], seed=1)
    with freeze_time("2026-05-01 12:00:10.5"):
        for _ in range(50):
            answer = client.get(f"/v1/games/{game['id']}/events", headers={"Accept-Language": lang})
            if answer.status_code == 429:
                break
        problem = answer.get_json()
    assert answer.status_code == 429 and answer.headers["Content-Language"] == lang, problem
    english = "At most 2000 bytes of event history may be read per second from one client; read on in 1 s."
    assert (problem["detail"] == english) == (lang == "en"), problem["detail"]
    assert "2000" in problem["detail"]
