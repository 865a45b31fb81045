from engine.decks import builtin_decks
from printing.fonts import BOLD, REGULAR, has_glyphs, missing_glyphs
from printing.themes import POWERS, THEMES

PANGRAMS = {
    "cs": "Příliš žluťoučký kůň úpěl ďábelské ódy. ĚŠČŘŽÝÁÍÉŮÚŤĎŇ",
    "sk": "Kŕdeľ šťastných ďatľov učí pri ústí Váhu mĺkveho koňa obhrýzať kôru. Ä Ô Ĺ Ľ Ŕ",
    "hu": "Árvíztűrő tükörfúrógép. ŐŰ őű",
    "ru": "Съешь же ещё этих мягких французских булок, да выпей чаю. Ёё",
    "de": "Falsches Üben von Xylophonmusik quält jeden größeren Zwerg. ẞ",
    "en": "The quick brown fox jumps over the lazy dog — “quotes” ‘and’ … · 44 BC",
}


def test_roboto_covers_every_language_the_decks_use():
    for font in (REGULAR, BOLD):
        for lang, text in PANGRAMS.items():
            assert missing_glyphs(text, font) == [], lang


def test_missing_glyphs_are_named_once_in_order():
    assert missing_glyphs("漢字 a 漢 🂡") == ["漢", "字", "🂡"]
    assert not has_glyphs("🂡")


def test_every_built_in_deck_text_has_glyphs():
    for deck in builtin_decks().values():
        texts = [*deck.title.values()]
        texts += [text for card in deck.cards for text in card.title.values()]
        texts += [text for group in deck.groups for text in (*group.label.values(), *group.short.values())]
        texts += [deck.label(card, lang) for card in deck.cards for lang in deck.languages]
        for text in texts:
            assert has_glyphs(text, BOLD), (deck.id, text, missing_glyphs(text, BOLD))
            assert has_glyphs(text, REGULAR), (deck.id, text, missing_glyphs(text, REGULAR))


def test_every_printed_theme_and_power_text_has_glyphs():
    texts = [name.upper() for theme in THEMES.values() for name in theme.names.values()]
    texts += [text for power in POWERS.values() for texts in (power.name, power.text) for text in texts.values()]
    assert [t for t in texts if not has_glyphs(t, BOLD)] == []
