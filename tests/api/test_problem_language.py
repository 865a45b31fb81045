"""Problems in the client's language (Accept-Language): every deck problem an upload can meet, CSV rows named."""

import re

import pytest

from api import problem_language
from tests.api.test_decks import csv_text, forty_cards, upload_csv

ROWS = {"cs": "řádek", "sk": "riadok", "de": "Zeile", "hu": "sor", "ru": "строка"}
NOT_A_NUMBER = {
    "cs": "není celé číslo",
    "sk": "nie je celé číslo",
    "de": "ist keine ganze Zahl",
    "hu": "nem egész szám",
    "ru": "— не целое число",
}


def bad_csv():
    rows = forty_cards()
    rows[2]["year"] = "14S0"
    rows[5]["id"] = rows[1]["id"]
    return csv_text(rows)


def test_upload_problems_are_in_english_without_accept_language(client):
    problem = upload_csv(client, bad_csv(), title="T").get_json()
    details = [error["detail"] for error in problem["errors"]]
    assert "row 4: year: '14S0' is not a whole number" in details
    assert f"row 7: id: {forty_cards()[1]['id']!r} is used twice, first by row 3" in details


@pytest.mark.parametrize("lang", sorted(ROWS))
def test_upload_problems_are_in_the_clients_language(client, lang):
    response = client.post(
        "/v1/decks",
        data=bad_csv().encode(),
        content_type="text/csv",
        query_string={"title": "T"},
        headers={"Accept-Language": f"{lang}, en;q=0.5"},
    )
    problem = response.get_json()
    assert response.status_code == 422 and response.headers["Content-Language"] == lang
    details = [error["detail"] for error in problem["errors"]]
    assert f"{ROWS[lang]} 4: year: '14S0' {NOT_A_NUMBER[lang]}" in details, details
    twice = next(detail for detail in details if detail.startswith(f"{ROWS[lang]} 7: id:"))
    assert f"{ROWS[lang]} 3" in twice and "twice" not in twice
    assert problem["code"] == "deck/invalid" and problem["detail"] != "The deck has 2 problem(s)."
    assert problem["title"] != "Unprocessable content"


def test_every_language_has_every_message_with_the_same_placeholders():
    english = set(problem_language.catalog("cs")["messages"])
    for lang in problem_language.LANGUAGES[1:]:
        texts = problem_language.catalog(lang)
        assert set(texts["messages"]) == english, lang
        for source, translated in texts["messages"].items():
            assert sorted(re.findall(r"\{(\w+)\}", source)) == sorted(re.findall(r"\{(\w+)\}", translated)), source


def test_the_templates_match_what_the_deck_checks_say():
    # Every English message a deck check can give is one of the templates (sample: one of each kind of problem).
    from engine.decks.model import DeckError
    from engine.decks.upload import csv_problems, deck_from_csv, user_deck

    said = []
    for doc in (
        {
            "kind": "x",
            "title": {},
            "cards": [{"id": "A", "title": {"xx": ""}, "year": "x", "colour": "g", "theme": 5, "extra": 1}],
            "source": 5,
            "more": 1,
        },
        [],
    ):
        with pytest.raises(DeckError) as error:
            user_deck(doc)
        said += error.value.problems
    with pytest.raises(DeckError) as error:
        user_deck(deck_from_csv(bad_csv(), "T"))
    said += csv_problems(error.value.problems)
    for text in ('id,title_en\n"a', "name\nx", "id,title_en,colour_name\na,A,red"):
        with pytest.raises(DeckError) as error:
            deck_from_csv(text, "T")
        said += error.value.problems
    unmatched = [text for text in said if problem_language.say(text, "de") == text]
    assert unmatched == []
