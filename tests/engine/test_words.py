"""Words in every game: each language's names cover every id a view shows, and nothing shown is in another language."""

import copy
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from marshmallow import Schema, fields, validate

from engine.around_the_world.board import default_board
from engine.core.errors import InvalidOptions
from engine.core.match import play, public_event
from engine.core.protocol import RandomBot
from engine.core.rng import Rng
from engine.core.words import LANGUAGES, parse_names
from engine.decks import builtin_decks
from engine.decks.model import LANGUAGES as DECK_LANGUAGES
from engine.decks.parse import COLOURS as CHRONOLOGY_COLOURS
from engine.games import all_games, get_game, new_match
from engine.lost_cities.layout import default_layout
from engine.ticket_to_ride.board import board as ttr_board
from tests.contract.test_contract import playout

GAMES = all_games()
OTHERS = [language for language in LANGUAGES if language != "en"]
CYRILLIC = re.compile("[\u0400-\u04ff]")
LETTER = re.compile(r"[^\W\d_]")
WORD = re.compile(r"[^\W\d_]+")

# Text a view or event embeds for a person (card titles and dates, a power's name); every other string is a code.
TEXT_FIELDS = {"title", "label"}
TEXT_FIELDS_BY_GAME = {"chronology": {"name"}}

# Members that hold ids (card, ticket and deck ids), never words.
ID_FIELDS = {"id", "deck", "returned"}
# Which names kind a field of a view or event names, per game (a field may name one of several kinds).
FIELD_KINDS = {
    "ticket-to-ride-europe": {
        "cities": ["cities"],
        "city": ["cities"],
        "stations": ["cities"],
        "colour": ["colours"],
        "colours": ["colours"],
        "paid_with": ["colours"],
        "route": ["routes"],
        "routes": ["routes"],
        "reason": ["reasons"],
    },
    "around-the-world": {
        "location": ["places"],
        "origin": ["places"],
        "destination": ["places"],
        "detective": ["places"],
        "space": ["spaces"],
        "kind": ["cards", "receipts"],
        "name": ["events"],
        "card": ["events"],
        "events": ["events"],
        "effect": ["events"],
        "colour": ["colours"],
    },
    "lost-cities": {"colour": ["expeditions"], "colours": ["expeditions"], "column": ["expeditions", "columns"]},
    "chronology": {"colour": ["colours"], "colours": ["colours"], "power": ["powers"]},
    "timeline": {"theme": ["themes"]},
}


def texts(names: dict[str, dict[str, str]]) -> Iterator[tuple[str, str, str]]:
    for kind, by_id in names.items():
        for ident, text in by_id.items():
            yield kind, ident, text


def words_of(game_name: str, language: str) -> set[str]:
    names = get_game(game_name).data(language)["names"]
    return {word.lower() for _, _, text in texts(names) for word in WORD.findall(text)}


@cache
def only_in(game_name: str, language: str) -> frozenset[str]:
    """Words of the game's names in `language` that no other language's names use."""
    others = set().union(*(words_of(game_name, other) for other in LANGUAGES if other != language))
    return frozenset(words_of(game_name, language) - others)


def foreign(game, language: str, text: str) -> list[str]:
    """Return why `text` is not in `language` (empty when it may be)."""
    if not LETTER.search(text):
        return []
    if language == "ru":
        return [] if CYRILLIC.search(text) else [f"{text!r} has no Cyrillic"]
    if CYRILLIC.search(text):
        return [f"{text!r} is Cyrillic"]
    found = []
    words = {word.lower() for word in WORD.findall(text)}
    for other in ("en", "de"):
        if other != language and (stray := words & only_in(game.name, other)):
            found.append(f"{text!r} has {other}-only words {sorted(stray)}")
    return found


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
class TestNames:
    """data(language) names every id in every language, each text in that language."""

    def test_every_language_names_the_same_ids(self, game):
        english = game.data()
        assert english["language"] == "en" and english["names"]
        for language in OTHERS:
            data = game.data(language)
            assert data["language"] == language
            assert {kind: set(ids) for kind, ids in data["names"].items()} == {
                kind: set(ids) for kind, ids in english["names"].items()
            }
            assert all(text.strip() for _, _, text in texts(data["names"]))

    @pytest.mark.parametrize("language", LANGUAGES)
    def test_no_name_is_in_another_language(self, game, language):
        problems = [
            p for kind, ident, text in texts(game.data(language)["names"]) for p in foreign(game, language, text)
        ]
        assert not problems

    def test_the_other_languages_translate(self, game):
        """Beyond names that are the same in both (Madrid, Palermo), a language's text is not the English one."""
        english = game.data()["names"]
        for language in ("cs", "sk", "hu", "ru"):
            names = game.data(language)["names"]
            same = {(kind, ident) for kind, ident, text in texts(names) if english[kind][ident] == text}
            assert len(same) < len(list(texts(names))) / 2, (language, same)

    def test_data_is_a_fresh_copy(self, game):
        data = game.data("cs")
        next(iter(data["names"].values())).clear()
        assert all(game.data("cs")["names"].values())

    def test_an_unknown_language_is_refused(self, game):
        with pytest.raises(InvalidOptions):
            game.data("fr")

    def test_the_option_takes_each_language_and_refuses_others(self, game):
        players = game.min_players
        for language in LANGUAGES:
            assert new_match(game.name, players, {"language": language}, 1).options["language"] == language
        assert new_match(game.name, players, {}, 1).options["language"] == "en"
        for wrong in ("fr", "EN", "", 1, None):
            with pytest.raises(InvalidOptions):
                new_match(game.name, players, {"language": wrong}, 1)


def test_the_games_speak_the_languages_of_the_decks():
    assert LANGUAGES == DECK_LANGUAGES


class TestTicketToRide:
    """The 47 cities as each language writes them, every colour and every route."""

    GAME = get_game("ticket-to-ride-europe")
    BOARD = ttr_board()

    @pytest.mark.parametrize("language", LANGUAGES)
    def test_every_city_colour_and_route_is_named(self, language):
        names = self.GAME.data(language)["names"]
        assert set(names["cities"]) == set(self.BOARD.cities) and len(names["cities"]) == 47
        assert len(set(names["cities"].values())) == 47, "two cities share a name"
        colours = {r.colour for r in self.BOARD.routes.values()} | {"locomotive"}
        assert set(names["colours"]) == colours
        assert set(names["routes"]) == set(self.BOARD.routes) and len(names["routes"]) == 101

    def test_cities_as_each_language_writes_them(self):
        moskva = {language: self.GAME.data(language)["names"]["cities"]["Moskva"] for language in LANGUAGES}
        assert moskva == {
            "en": "Moscow",
            "cs": "Moskva",
            "sk": "Moskva",
            "hu": "Moszkva",
            "ru": "Москва",
            "de": "Moskau",
        }
        kyiv = {language: self.GAME.data(language)["names"]["cities"]["Kyiv"] for language in LANGUAGES}
        assert kyiv == {"en": "Kyiv", "cs": "Kyjev", "sk": "Kyjev", "hu": "Kijev", "ru": "Киев", "de": "Kiew"}
        assert self.GAME.data("de")["names"]["cities"]["Munchen"] == "München"
        assert self.GAME.data("hu")["names"]["cities"]["Wien"] == "Bécs"

    def test_a_route_is_named_by_its_cities(self):
        names = self.GAME.data("cs")["names"]
        assert names["routes"]["Berlin-Wien"] == "Berlín – Vídeň"
        assert names["routes"]["Madrid-Pamplona-1"] == names["routes"]["Madrid-Pamplona-2"] == "Madrid – Pamplona"


class TestAroundTheWorld:
    """Places, cards, spaces, events and receipts translated; the German originals stay in the files only."""

    GAME = get_game("around-the-world")
    BOARD = default_board()

    @pytest.mark.parametrize("language", LANGUAGES)
    def test_every_place_card_space_event_and_receipt_is_named(self, language):
        names = self.GAME.data(language)["names"]
        assert list(names["places"]) == list(self.BOARD.names) and len(names["places"]) == 10
        assert len(set(names["places"].values())) == 10
        assert set(names["cards"]) == {"train", "ship"}
        assert set(names["spaces"]) == set(self.BOARD.supply["spaces"])
        assert set(names["events"]) == set(names["effects"]) == set(self.BOARD.events)
        receipts = set(self.BOARD.raw["receipts"]["per_colour"])
        assert set(names["receipts"]) == set(names["receipt_effects"]) == receipts
        assert set(names["colours"]) == {"red", "blue"}

    @pytest.mark.parametrize("language", ["en", "cs", "sk", "hu", "ru"])
    def test_no_german_title_is_shown_outside_german(self, language):
        originals = {kind.title for kind in self.BOARD.events.values()}
        shown = {text for _, _, text in texts(self.GAME.data(language)["names"])}
        assert not originals & shown
        assert not any(original in text for original in originals for text in shown)

    def test_german_shows_the_kosmos_titles(self):
        events = self.GAME.data("de")["names"]["events"]
        assert events == {name: kind.title for name, kind in self.BOARD.events.items()}

    def test_english_effects_are_the_data_files_words(self):
        names = self.GAME.data()["names"]
        assert names["effects"] == {card["name"]: card["effect"] for card in self.BOARD.raw["event_cards"]["cards"]}
        assert names["receipt_effects"] == self.BOARD.raw["receipts"]["effects"]

    def test_places_in_effects_are_the_languages_own(self):
        for language in LANGUAGES:
            names = self.GAME.data(language)["names"]
            bombay, calcutta = names["places"]["bombay"], names["places"]["calcutta"]
            assert f"{bombay} -> {calcutta}" in names["effects"]["elephant"]


class TestTheOtherGames:
    def test_lost_cities_names_every_column_as_the_sheet_does(self):
        layout, game = default_layout(), get_game("lost-cities")
        for language in LANGUAGES:
            names = game.data(language)["names"]
            assert list(names["expeditions"]) == list(layout.colours)
            assert list(names["expeditions"]) + list(names["columns"]) == list(layout.columns)
        for column in layout.raw["columns"]:
            for language, text in column["name"].items():
                kind = "expeditions" if column["kind"] == "colour" else "columns"
                assert game.data(language)["names"][kind][column["id"]] == text

    def test_chronology_names_its_colours_and_powers(self):
        game = get_game("chronology")
        for language in LANGUAGES:
            data = game.data(language)
            assert set(data["names"]["colours"]) == set(data["names"]["powers"]) == set(CHRONOLOGY_COLOURS)
            assert data["powers"] == data["names"]["powers"]
        assert game.data()["powers"]["red"] == "war destroys"
        assert game.data("ru")["powers"] == {
            "red": "война разрушает",
            "beige": "культура созидает",
            "blue": "наука всё меняет",
        }

    def test_timeline_names_every_theme_of_the_built_in_decks(self):
        themes = {card.theme for deck in builtin_decks().values() for card in deck.cards if card.theme}
        for language in LANGUAGES:
            assert set(get_game("timeline").data(language)["names"]["themes"]) >= themes
        assert get_game("timeline").data("cs")["names"]["themes"]["discoveries"] == "Objevy"


# --- what views and events show, played in every language ---------------------------------------------------


def enums(schema: Schema | type[Schema], seen: set[str] | None = None) -> set[str]:
    """Every value a schema's fields allow by enumeration: codes, not words."""
    seen = seen if seen is not None else set()
    instance = schema() if isinstance(schema, type) else schema
    if type(instance).__name__ in seen:
        return set()
    seen.add(type(instance).__name__)
    found: set[str] = set()
    for field in instance.fields.values():
        found |= _field_enums(field, seen)
    return found


def _field_enums(field: fields.Field, seen: set[str]) -> set[str]:
    found = {str(c) for v in field.validators if isinstance(v, validate.OneOf) for c in v.choices}
    if isinstance(field, fields.Nested):
        found |= enums(field.schema, seen)
    if isinstance(field, fields.List):
        found |= _field_enums(field.inner, seen)
    if isinstance(field, fields.Dict) and field.value_field is not None:
        found |= _field_enums(field.value_field, seen)
    return found


def strings(document: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """Every string of a JSON document with the member name it sits under (a list's items under the list's)."""
    if isinstance(document, dict):
        for name, value in document.items():
            yield from strings(value, name)
    elif isinstance(document, list):
        for value in document:
            yield from strings(value, key)
    elif isinstance(document, str):
        yield key, document


def shown(game, language: str, seed: int) -> Iterator[tuple[str, str]]:
    """Every string of every seat's and a spectator's view and of every event, over one seeded game."""
    players = min(3, game.max_players)
    match = new_match(game.name, players, {"language": language}, seed)
    rng, bot, seats = Rng(seed + 1), RandomBot(), [*range(players), None]
    for _ in range(5000):
        for seat in seats:
            yield from strings(game.view(match.state, seat))
        to_act = sorted(match.to_act())
        if not to_act:
            return
        seat = rng.choice(to_act)
        match, events = play(match, seat, bot.choose(game, match.state, seat, rng))
        for event in events:
            yield from strings(public_event(event))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
@pytest.mark.parametrize("language", LANGUAGES)
class TestShown:
    """Played in each language, a game keeps the contract and shows words only in that language."""

    def test_a_seeded_playout_keeps_the_contract(self, game, language):
        match = playout(game, min(3, game.max_players), 2, shapes=True, options={"language": language})
        assert match.options["language"] == language

    def test_every_string_is_a_named_code_or_text_in_the_language(self, game, language):
        names = game.data(language)["names"]
        codes = set().union(*(enums(s) for s in (game.view_schema, *game.event_schemas)))
        text_fields = TEXT_FIELDS | TEXT_FIELDS_BY_GAME.get(game.name, set())
        problems, unnamed, uncoded = [], set(), set()
        for key, value in shown(game, language, 3):
            if key in text_fields:
                problems += foreign(game, language, value)
            elif key in FIELD_KINDS[game.name]:
                if not any(value in names[kind] for kind in FIELD_KINDS[game.name][key]):
                    unnamed.add((key, value))
            elif LETTER.search(value) and key not in ID_FIELDS and value not in codes:
                uncoded.add((key, value))
        assert not problems, problems[:10]
        assert not unnamed, sorted(unnamed)
        assert not uncoded, sorted(uncoded)

    def test_only_text_fields_change_with_the_language(self, game, language):
        """Codes are the same in every language (views keep ids); the fields that change are texts."""
        text_fields = TEXT_FIELDS | TEXT_FIELDS_BY_GAME.get(game.name, set())
        changed = {
            key for (key, a), (_, b) in zip(shown(game, "en", 4), shown(game, language, 4), strict=True) if a != b
        }
        assert changed <= text_fields


class TestNamesFiles:
    """A names file is refused when a text is missing or empty, a source undeclared or a member unknown."""

    GOOD = {
        "sources": {"a": "somewhere"},
        "kinds": {
            "cities": {"sources": ["a"], "names": {"Wien": {**dict.fromkeys(LANGUAGES, "Wien"), "en": "Vienna"}}}
        },
    }

    def test_a_good_file_gives_each_language_its_texts(self):
        parsed = parse_names(self.GOOD)
        assert parsed["en"] == {"cities": {"Wien": "Vienna"}} and parsed["de"] == {"cities": {"Wien": "Wien"}}

    @pytest.mark.parametrize(
        "spoil",
        [
            lambda raw: raw["kinds"]["cities"]["names"]["Wien"].pop("ru"),
            lambda raw: raw["kinds"]["cities"]["names"]["Wien"].update(hu=" "),
            lambda raw: raw["kinds"]["cities"]["names"]["Wien"].update(fr="Vienne"),
            lambda raw: raw["kinds"]["cities"].update(sources=["b"]),
            lambda raw: raw["kinds"]["cities"]["names"]["Wien"].update(sources=["c"]),
        ],
    )
    def test_a_bad_file_is_refused(self, spoil):
        raw = copy.deepcopy(self.GOOD)
        spoil(raw)
        with pytest.raises(ValueError):
            parse_names(raw)

    @pytest.mark.parametrize(
        "path",
        sorted((Path(__file__).parents[2] / "engine").glob("**/names.json")),
        ids=lambda p: p.parent.name,
    )
    def test_every_provisional_mark_names_a_language(self, path):
        raw = json.loads(path.read_text(encoding="utf-8"))
        for block in raw["kinds"].values():
            assert block.get("sources"), "every kind names its sources"
            for entry in block["names"].values():
                assert set(entry.get("provisional", [])) <= set(LANGUAGES)
