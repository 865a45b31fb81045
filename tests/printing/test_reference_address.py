"""The reference cards speak to the player in one form of address per language, never mixing two."""

import re

import pytest

from printing.translations import texts
from tests.printing.test_texts import strings

# The form each language uses, and words that belong to another form (a plural or polite "you").
ADDRESS = {
    # du: "Lege", "Ziehe"; never the plural "Legt", "ihr", "euch" nor the polite "Ihr".
    "de": (
        r"\b(?:du|dein\w*|Lege|Ziehe|Mische|Nimm)\b",
        r"(?<![Mm]it )\bihr\b|\b(?:euch|euer|eure[mnrs]?|Ihr|Ihre[mnrs]?|Euch|Eure[mnrs]?)\b"
        r"|(?:^|[.:;!?–]\s)(?:Legt|Mischt|Nehmt|Zieht|Gebt|Spielt|Wählt|Deckt|Werft|Schaut|Dreht|Setzt|Baut"
        r"|Kauft|Zählt|Kreuzt|Würfelt|Tragt)\b",
    ),
    # ty: "Vezmi", "Vylož"; never "Vezměte", "Vyložte", "Potřebujete" (a second person plural ends in -te).
    "cs": (r"\b(?:Vezmi|vezmi|Lož|Polož|polož|Vylož|Zamíchej|zamíchej|tvé?\w*)\b", r"\b\w+te\b"),
    "sk": (r"\b(?:Vezmi|vezmi|Polož|polož|Vylož|Zamiešaj|zamiešaj|tvoj\w*)\b", r"\b\w+te\b"),
    # вы: "Возьмите"; never "ты" and its forms.
    "ru": (
        r"\b(?:Возьмите|возьмите|Положите|положите|вы|вам|ваш\w*)\b",
        r"\b(?:ты|тебе|тебя|тобой|твой|твоя|твоё|твои|твоего|твоей|твоих|твоим|твоими)\b",
    ),
    # te: "Húzz", "vedd"; never the plural ("vegyétek", "tegyetek") nor the polite "Ön".
    "hu": (
        r"\b(?:Húzz|húzz|vedd|Vedd|Írd|írd|Építs|építs)\b",
        r"\b\w*(?:jétek|játok|yetek|yétek|gyátok|etek|ötök|otok)\b|\b(?:Ön|Önök|Önnek|Öné)\b",
    ),
}
# Words that end like a plural verb and are not one: nouns and adverbs in their own right.
NOT_VERBS = {
    "cs": {"Write"},
    "sk": {"Write", "karte", "meste", "počte", "ešte", "trate", "Trate"},
    "hu": {"Előkészületek"},
}


@pytest.mark.parametrize("lang", sorted(ADDRESS))
def test_the_reference_cards_use_one_form_of_address(lang):
    ours, other = ADDRESS[lang]
    texts_of_lang = list(strings(texts("reference", lang)))
    assert any(re.search(ours, text) for text in texts_of_lang), "the chosen form is there at all"
    mixed = [
        (match.group(0), text)
        for text in texts_of_lang
        for match in re.finditer(other, text)
        if match.group(0).strip(" .:;!?–") not in NOT_VERBS.get(lang, set())
    ]
    assert mixed == []


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Mische die Karten. Legt 5 Karten aus."),
        ("cs", "Vezmi kartu. Vyložte 5 karet."),
        ("hu", "Húzz egy lapot. Tegyetek ki 5 lapot."),
        ("ru", "Возьмите карту, а ты ходи."),
    ],
)
def test_the_check_finds_a_mixed_text(lang, text):
    ours, other = ADDRESS[lang]
    assert re.search(ours, text) and re.search(other, text)
