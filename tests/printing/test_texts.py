import pytest

from engine.decks.model import LANGUAGES
from printing.fonts import BOLD, REGULAR, missing_glyphs
from printing.translations import GAMES, KINDS, SECTIONS, TEXTS_DIR, text_file, texts
from printing.typeset import BULLET


def shape(value):
    """The keys of nested objects; lists stay free in length, so a translator may split or join items."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return "list"
    return type(value).__name__


def strings(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    else:
        yield value


class TestEveryLanguageHasEveryText:
    """Each kind of text has one file per language, with exactly the English keys."""

    def test_one_file_per_kind_and_language_and_nothing_else(self):
        expected = {text_file(kind, lang).name for kind in KINDS for lang in LANGUAGES}
        assert {path.name for path in TEXTS_DIR.iterdir()} == expected

    @pytest.mark.parametrize("kind", KINDS)
    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_same_keys_as_english(self, kind, lang):
        assert shape(texts(kind, lang)) == shape(texts(kind, "en"))

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_every_game_has_every_section_as_a_list_of_texts(self, lang):
        reference = texts("reference", lang)
        assert set(reference) == {"headings", *GAMES}
        assert set(reference["headings"]) == set(SECTIONS)
        for game in GAMES:
            assert set(reference[game]) == {"title", "players", *SECTIONS}
            for section in SECTIONS:
                items = reference[game][section]
                assert items and all(isinstance(item, str) and item.strip() for item in items), (game, section)

    @pytest.mark.parametrize("kind", KINDS)
    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_texts_are_tidy(self, kind, lang):
        for text in strings(texts(kind, lang)):
            assert text == " ".join(text.split()), (kind, lang, text)


class TestEveryCharacterHasAGlyph:
    """Roboto, embedded in every PDF, can draw every character of every shipped text."""

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_texts(self, lang):
        for kind in KINDS:
            for text in strings(texts(kind, lang)):
                for font in (REGULAR, BOLD):
                    assert missing_glyphs(text, font) == [], (kind, lang, text)

    def test_marks_drawn_beside_the_texts(self):
        assert missing_glyphs(f"{BULLET}×+−–0123456789/", REGULAR) == []
        assert missing_glyphs("×+–0123456789", BOLD) == []
