"""The classic Chronology deck: 70 cards in each colour, each with its theme, a citable year and a source."""

from collections import Counter

from engine.decks import get_deck

THEMES = {"red": "war", "beige": "culture", "blue": "science"}


def test_seventy_cards_in_each_colour_with_the_colours_theme():
    deck = get_deck("chronology-classic")
    assert deck.kind == "dated" and len(deck.cards) == 210
    assert Counter(card.colour for card in deck.cards) == {"red": 70, "beige": 70, "blue": 70}
    assert all(card.theme == THEMES[card.colour] for card in deck.cards)


def test_every_card_names_its_article():
    assert all(card.source.startswith("Wikipedia: ") for card in get_deck("chronology-classic").cards)


def test_every_colour_spans_antiquity_to_modern_times():
    for colour in THEMES:
        years = [card.year for card in get_deck("chronology-classic").cards if card.colour == colour]
        assert sum(1 for year in years if year < 0) >= 3, colour
        assert sum(1 for year in years if year >= 1950) >= 5, colour


def test_no_two_cards_of_one_colour_share_a_year():
    # Equal years are legal (either side is right) but within one colour they would make the stacks dull.
    deck = get_deck("chronology-classic")
    years = Counter((card.colour, card.year) for card in deck.cards)
    assert [key for key, count in years.items() if count > 1] == []
