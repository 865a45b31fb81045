"""Checks on the built-in deck data files in engine/decks/data."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.decks import builtin_decks
from engine.decks.model import LANGUAGES

DATA = Path(__file__).resolve().parents[2] / "engine" / "decks" / "data"
FILES = sorted(DATA.glob("*.json"))
THEMES = ("discoveries", "events", "music", "inventions", "monuments", "sport", "art")


def _deck_ids() -> list[str]:
    return [json.loads(path.read_text(encoding="utf-8"))["id"] for path in FILES]


def test_there_are_deck_files() -> None:
    assert FILES
    assert set(_deck_ids()) <= set(builtin_decks())


def test_every_file_loads_and_ids_match() -> None:
    decks = builtin_decks()
    for path in FILES:
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert path.stem == raw["id"]
        assert raw["id"] in decks


@pytest.mark.parametrize("deck_id", _deck_ids())
def test_all_six_languages_on_every_card(deck_id: str) -> None:
    deck = builtin_decks()[deck_id]
    for lang in LANGUAGES:
        assert deck.title.get(lang), f"deck title lacks {lang}"
    for card in deck.cards:
        missing = [lang for lang in LANGUAGES if not card.title.get(lang, "").strip()]
        assert not missing, f"{card.id} lacks {missing}"
    for group in deck.groups:
        for lang in LANGUAGES:
            assert group.label.get(lang) and group.short.get(lang), f"group {group.id} lacks {lang}"


@pytest.mark.parametrize("deck_id", _deck_ids())
def test_unique_ids_and_english_titles(deck_id: str) -> None:
    deck = builtin_decks()[deck_id]
    ids = Counter(card.id for card in deck.cards)
    assert [i for i, n in ids.items() if n > 1] == []
    titles = Counter(card.title["en"].strip().casefold() for card in deck.cards)
    assert [t for t, n in titles.items() if n > 1] == []


@pytest.mark.parametrize("deck_id", _deck_ids())
def test_every_card_names_a_source(deck_id: str) -> None:
    deck = builtin_decks()[deck_id]
    assert deck.source
    assert all(card.source for card in deck.cards)


def test_timeline_classic_size_and_spread() -> None:
    deck = builtin_decks()["timeline-classic"]
    assert deck.kind == "dated"
    assert len(deck.cards) >= 330
    themes = Counter(card.theme for card in deck.cards)
    assert set(themes) == set(THEMES)
    for theme in THEMES:
        assert themes[theme] >= 35, f"only {themes[theme]} cards in {theme}"
    years = [card.year for card in deck.cards]
    assert sum(1 for year in years if year < 0) >= 10
    assert sum(1 for year in years if year >= 2000) >= 20


def _ordinal_ids() -> list[str]:
    ids = []
    for path in FILES:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("kind") == "ordinal":
            ids.append(raw["id"])
    return ids


@pytest.mark.parametrize("deck_id", _ordinal_ids())
def test_ordinal_deck_story_order(deck_id: str) -> None:
    deck = builtin_decks()[deck_id]
    assert deck.kind == "ordinal"
    assert len(deck.cards) >= 60
    positions = [card.position for card in deck.cards]
    assert all(a < b for a, b in zip(positions, positions[1:], strict=False)), "positions must strictly increase"
    group_index = {group.id: i for i, group in enumerate(deck.groups)}
    indexes = [group_index[card.group] for card in deck.cards]
    assert indexes == sorted(indexes), "cards must follow the group order"
    keys = [deck.key(card) for card in deck.cards]
    assert keys == sorted(keys)
    assert all(card.theme == "story" for card in deck.cards)


def test_ordinal_decks_present() -> None:
    assert {"verne-around-the-world", "homer-odyssey"} <= set(_ordinal_ids())


@pytest.mark.parametrize("deck_id", _deck_ids())
def test_no_card_id_spells_its_key(deck_id: str) -> None:
    """Ids travel with face-down cards, so an id such as "athens-1896" would give the year away."""
    deck = builtin_decks()[deck_id]
    for card in deck.cards:
        key = card.year if deck.kind == "dated" else card.position
        assert key is not None
        assert str(abs(key)) not in re.findall(r"\d+", card.id), card.id


def test_each_built_in_deck_file_is_named_after_its_deck():
    from engine.decks.store import builtin_ids

    assert builtin_ids() == sorted(builtin_decks())


def test_german_work_titles_are_quoted_in_both_decks_alike():
    """The timeline deck quotes works „…“ in German; the chronology deck does the same."""
    chronology = {card.id: card.title["de"] for card in builtin_decks()["chronology-classic"].cards}
    for card_id, work in (
        ("the-prince", "Der Fürst"),
        ("faust-part-one", "Faust. Der Tragödie erster Teil"),
        ("war-and-peace", "Krieg und Frieden"),
        ("star-wars", "Krieg der Sterne"),
        ("on-the-origin-of-species", "Über die Entstehung der Arten"),
    ):
        assert f"„{work}“" in chronology[card_id]
    unquoted = [title for title in chronology.values() if "„" in title and "“" not in title]
    assert not unquoted


def test_quotes_are_translated_and_names_in_the_languages_script():
    chronology = {card.id: card.title for card in builtin_decks()["chronology-classic"].cards}
    for lang in ("cs", "sk", "hu"):
        assert "What hath God wrought" not in chronology["morse-telegraph"][lang]
    timeline = {card.id: card.title for card in builtin_decks()["timeline-classic"].cards}
    assert timeline["heinkel-jet"]["ru"].startswith("Хейнкель")
