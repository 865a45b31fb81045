"""Names as players know them: the published game names per language (each with its source), on the deck, the
reference card and the desk; and the wording fixes a native reader asked for."""

import json
from pathlib import Path

from api.http.resources.desk import texts as desk_texts
from engine.decks.model import LANGUAGES
from engine.decks.store import builtin_decks
from printing.translations import texts

NAMES = json.loads((Path(__file__).parents[2] / "printing" / "published_names.json").read_text(encoding="utf-8"))


def test_every_language_has_timelines_published_name_with_a_source():
    assert set(NAMES["timeline"]) == set(LANGUAGES)
    for lang, entry in NAMES["timeline"].items():
        assert entry["name"] and len(entry["source"]) > 20, lang
    assert {lang for lang, entry in NAMES["timeline"].items() if entry["name"] == "Timeline"} >= {
        "cs",
        "sk",
        "hu",
        "de",
    }


def test_the_deck_the_card_and_the_desk_use_the_published_name():
    deck = builtin_decks()["timeline-classic"]
    for lang in LANGUAGES:
        name = NAMES["timeline"][lang]["name"]
        assert deck.title[lang].startswith(f"{name}: "), lang
        assert texts("reference", lang)["timeline"]["title"] == name
        assert desk_texts(lang)["game_timeline"] == name


def test_the_wording_fixes():
    slovak = json.dumps(texts("reference", "sk"), ensure_ascii=False)
    assert "kmeňov" not in slovak and "dobierací balíček" in slovak
    assert (
        "nulou" not in texts("sheet", "cs")["legend_double"] and "zakroužkuj" in texts("sheet", "cs")["legend_double"]
    )
    assert desk_texts("de")["title"] == "Drucken"
    for lang in ("en", "cs", "sk", "hu", "ru"):  # German names in brackets only help a German box's players
        card = json.dumps(texts("reference", lang)["around-the-world"], ensure_ascii=False)
        assert not any(f"({word})" in card for word in ("Elefant", "Angebot", "Beziehung", "Verzögerung", "Unwetter"))
