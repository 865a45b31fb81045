"""Every problem a move can get is said in the client's language: each game's refusals, not your turn, a stale
version; found in the engine's sources, so a new refusal without its translations fails here."""

import ast
import re
from dataclasses import replace
from pathlib import Path

import pytest

from api import problem_language
from engine.games import get_game
from tests.api.helpers import bearer, create
from tests.engine.ticket_to_ride.support import playing

TTR = "ticket-to-ride-europe"

ROOT = Path(__file__).parents[2]
LANGUAGES = problem_language.LANGUAGES[1:]
REFUSALS = {"IllegalAction", "MalformedAction", "NotYourTurn", "GameOver", "SeatResigned"}
# Refusals whose words come from a function or an argument: the strings those return or pass are collected instead.
SAID_ELSEWHERE = {
    "what",
    "reason",
    "refusal",
    "_why_not(board, state, seat, canonical)",
    "_why_not_paid(route, colour, locos)",
}
REASONS = {"claimable", "_why_not_paid", "_why_not", "why_not", "_phase_hint", "pile_name"}


def filled(node: ast.AST) -> str | None:
    """The text a string or f-string says, each of its values as X."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "X" for part in node.values)
    return None


def engine_refusals() -> set[str]:
    found = set()
    for path in (ROOT / "engine").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                if node.func.id in REFUSALS:
                    text = filled(node.args[0])
                    if text is None:
                        assert ast.get_source_segment(source, node.args[0]) in SAID_ELSEWHERE, path
                    else:
                        found.add(text)
                if node.func.id == "require" and len(node.args) == 5 and filled(node.args[4]):
                    found.add(filled(node.args[4]))
            if isinstance(node, ast.FunctionDef) and node.name in REASONS:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return | ast.Dict) and inner is not None:
                        values = inner.values if isinstance(inner, ast.Dict) else [inner.value]
                        for value in values:
                            for leaf in [value.body, value.orelse] if isinstance(value, ast.IfExp) else [value]:
                                text = filled(leaf) if leaf is not None else None
                                if text and " " in text:
                                    found.add(text)
    # Chronology's top_of(state, seat, colour, purpose) says what the top card was wanted for: one sentence each.
    pile = "X is empty: there is no top card to X."
    assert pile in found
    return found - {pile} | {pile.replace("to X", f"to {purpose}") for purpose in ("swap", "discard", "move")}


def test_the_sources_give_the_refusals_of_every_game():
    refusals = engine_refusals()
    assert len(refusals) > 80
    assert "You do not hold those event cards." in refusals  # a reason returned by a function
    assert "X is already claimed." in refusals


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_of_every_game_is_said_in_each_language(lang):
    untranslated = [text for text in sorted(engine_refusals()) if problem_language.say(text, lang) == text]
    assert untranslated == [], untranslated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_leaves_no_english_sentence_inside(lang):
    for text in engine_refusals():
        said = problem_language.say(text, lang)
        words = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"", "", said)  # field names and values stay as they are
        assert not re.search(r"\b(the|is|not|your|you|card|cards)\b", words), (text, said)


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_an_illegal_move_not_your_turn_and_a_stale_version_are_said_in_the_clients_language(client, lang):
    game, tokens = create(client, [{"name": "Ada"}, {"name": "Bea"}], seed=3)
    seat = game["to_act"][0]
    url = f"/v1/games/{game['id']}/actions"
    said = {"Accept-Language": lang}
    answers = {
        "action/illegal": client.post(
            url, json={"type": "place", "card": "no-such-card", "gap": 0}, headers={**bearer(tokens[seat]), **said}
        ),
        "action/not_your_turn": client.post(
            url, json={"type": "place", "card": "x", "gap": 0}, headers={**bearer(tokens[1 - seat]), **said}
        ),
        "game/version_mismatch": client.post(
            url,
            json={"type": "place", "card": "x", "gap": 0},
            headers={**bearer(tokens[seat]), "If-Match": '"9"', **said},
        ),
        "action/malformed": client.post(url, json={"type": "fly"}, headers={**bearer(tokens[seat]), **said}),
    }
    english = {
        "action/illegal": "Card 'no-such-card' is not in your hand.",
        "action/not_your_turn": f"Seat {1 - seat} may not act now.",
        "game/version_mismatch": "The game is at version 0, not 9.",
        "action/malformed": "Timeline has no action 'fly'; its actions are place, resign.",
    }
    for code, answer in answers.items():
        problem = answer.get_json()
        assert problem["code"] == code and answer.headers["Content-Language"] == lang, problem
        assert (problem["detail"] == english[code]) == (lang == "en"), problem["detail"]
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == 0


WORDS = {  # the game's words for the ids the refusals below name, in each language (its data's names)
    lang: {
        "route": get_game(TTR).data(lang)["names"]["routes"]["Berlin-Wien"],
        "city": get_game(TTR).data(lang)["names"]["cities"]["Wien"],
    }
    for lang in problem_language.LANGUAGES
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ids_in_a_refusal_are_said_as_the_games_words_in_the_clients_language(app, client, lang):
    """A claimed route and a city with a station, named in the detail: said as the game's words for them
    (`Berlín – Vídeň`, `Vídeň`), not as their ids (`Berlin-Wien`, `Wien`)."""
    game, tokens = create(client, [{"name": "Ada"}, {"name": "Bea"}], game_type=TTR, seed=3)
    state = playing(2, seed=3)
    state["claims"], state["stations"] = {"Berlin-Wien": 1}, {"Wien": 1}
    services = app.extensions["deskovka"]
    record = services.store.load(game["id"])
    assert services.store.commit(replace(record, state=state, version=1), record.rev, 3600).value == "done"
    url, said = f"/v1/games/{game['id']}/actions", {**bearer(tokens[0]), "Accept-Language": lang}
    claimed = client.post(
        url, json={"type": "claim", "route": "Berlin-Wien", "colour": "red", "locomotives": 0}, headers=said
    )
    built = client.post(
        url, json={"type": "build_station", "city": "Wien", "colour": "red", "locomotives": 0}, headers=said
    )
    for answer, word, ident in ((claimed, WORDS[lang]["route"], "Berlin-Wien"), (built, WORDS[lang]["city"], "Wien")):
        problem = answer.get_json()
        assert problem["code"] == "action/illegal", problem
        assert word in problem["detail"] and (ident == word or ident not in problem["detail"]), problem["detail"]
        assert problem["route" if ident == "Berlin-Wien" else "detail"]  # the extension members keep the ids
    english = client.post(
        url,
        json={"type": "build_station", "city": "Wien", "colour": "red", "locomotives": 0},
        headers=bearer(tokens[0]),
    ).get_json()
    assert english["detail"] == "Wien already has a station."


@pytest.mark.parametrize(
    ("game", "english", "ids"),
    [
        (
            "around-the-world",
            "Those cards do not pay for hong_kong -> yokohama, which needs ship.",
            ["hong_kong", "yokohama", "ship"],
        ),
        ("around-the-world", "No travel card lies on the 'gold' space now.", ["gold"]),
        ("lost-cities", "The red column cannot be accelerated: it is not started or it is full.", ["red"]),
        ("chronology", "The common beige deck is empty: pick another.", ["beige"]),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_places_spaces_and_colours_in_a_refusal_are_the_games_words(game, english, ids, lang):
    words = problem_language.words(game, lang)
    said = problem_language.say(english, lang, words)
    assert said != english
    for ident in ids:
        assert words[ident] in said, (said, ident)
        assert words[ident] == ident or not re.search(rf"\b{ident}\b", said), said
