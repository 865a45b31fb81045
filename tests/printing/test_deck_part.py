"""Part of a deck: by theme, by a seeded count spread over themes and years, by ids; printed as asked."""

from collections import Counter

import pytest

import printing
from engine.decks import get_deck
from engine.decks.part import PartError, choose, part_of
from printing.themes import theme_name, theme_of
from tests.printing.pdf import open_pdf

TIMELINE = get_deck("timeline-classic")
EVENING = {"themes": ["art", "music"], "count": 120, "seed": 7}


def themes_of(positions):
    return Counter(TIMELINE.cards[i].theme for i in positions)


def test_a_seeded_count_of_two_themes_is_reproducible_and_shared_by_their_sizes():
    chosen = choose(TIMELINE, EVENING)
    assert chosen == choose(TIMELINE, dict(EVENING)) and len(set(chosen)) == 120
    assert chosen != choose(TIMELINE, {**EVENING, "seed": 8})
    everything = Counter(card.theme for card in TIMELINE.cards)
    share = 120 * everything["art"] / (everything["art"] + everything["music"])
    assert set(themes_of(chosen)) == {"art", "music"} and abs(themes_of(chosen)["art"] - share) < 1


def test_a_count_spreads_over_the_years_of_each_theme():
    art = sorted((i for i, c in enumerate(TIMELINE.cards) if c.theme == "art"), key=lambda i: TIMELINE.keys[i])
    chosen = set(choose(TIMELINE, {"themes": ["art"], "count": 4, "seed": 3}))
    quarters = [set(art[q * len(art) // 4 : (q + 1) * len(art) // 4]) for q in range(4)]
    assert [len(chosen & quarter) for quarter in quarters] == [1, 1, 1, 1]


def test_ids_and_exclusions_choose_exactly_those_cards():
    ids = [card.id for card in TIMELINE.cards[:30]]
    assert [TIMELINE.cards[i].id for i in choose(TIMELINE, {"cards": ids[::-1]})] == ids
    last_week = [TIMELINE.cards[i].id for i in choose(TIMELINE, EVENING)]
    fresh = {TIMELINE.cards[i].id for i in choose(TIMELINE, {**EVENING, "count": 5, "without": last_week})}
    assert len(fresh) == 5 and not fresh & set(last_week)


@pytest.mark.parametrize(
    ("part", "words"),
    [
        ({"themes": ["opera"]}, "no theme 'opera'"),
        ({"cards": ["no-such-card"]}, "not in deck"),
        ({"themes": ["art"], "count": 400}, "only 76 cards"),
        ({"count": 0, "colour": "red"}, "part.colour: unknown"),
        ({"seed": 3}, "give count too"),
    ],
)
def test_a_part_the_deck_cannot_give_is_refused_with_its_reason(part, words):
    with pytest.raises(PartError, match=words):
        choose(TIMELINE, part)
    with pytest.raises(printing.SpecError, match=words):
        printing.validate({"kind": "deck", "deck": "timeline-classic", "part": part})


def test_a_120_card_two_theme_part_prints_those_cards_only():
    pdf = printing.render({"kind": "deck", "deck": "timeline-classic", "part": EVENING, "paper": "a4"})
    part = part_of(TIMELINE, EVENING)
    themes = {card.theme for card in TIMELINE.cards}
    names = {theme: theme_name(theme_of(theme, None), "en").upper() for theme in themes}
    with open_pdf(pdf) as document:
        assert len(document.pages) == 2 * -(-120 // 9)  # nine poker cards a sheet, each sheet front and back
        fronts = " ".join(page.extract_text() for page in document.pages[::2])
        backs = " ".join(page.extract_text() for page in document.pages[1::2])
    counted = {theme: fronts.split().count(name) for theme, name in names.items()}
    chosen = themes_of(choose(TIMELINE, EVENING))
    assert counted == {theme: chosen.get(theme, 0) for theme in names}
    years = Counter(TIMELINE.label(card) for card in part.cards)
    assert all(backs.count(year) >= n for year, n in years.items())


def test_the_whole_deck_is_its_own_part():
    assert part_of(TIMELINE, None) is TIMELINE
    assert printing.validate({"kind": "deck", "deck": "timeline-classic"}).get("part") is None


def test_the_cli_prints_a_part_and_next_week_leaves_out_its_cards(tmp_path):
    from printing.cli import main

    ids = tmp_path / "last-week.txt"
    common = ["timeline-classic", "--themes", "art,music", "--count", "120", "--seed", "7"]
    assert main(["deck", *common, "-o", str(tmp_path / "a.pdf"), "--write-ids", str(ids)]) == 0
    spec = {"kind": "deck", "deck": "timeline-classic", "part": EVENING}
    assert (tmp_path / "a.pdf").read_bytes() == printing.render(spec)
    last_week = ids.read_text(encoding="utf-8").split()
    assert last_week == [TIMELINE.cards[i].id for i in choose(TIMELINE, EVENING)]
    nxt = ["deck", "timeline-classic", "--count", "30", "--without", f"@{ids}", "--write-ids", str(tmp_path / "b")]
    assert main([*nxt, "-o", str(tmp_path / "b.pdf")]) == 0
    fresh = (tmp_path / "b").read_text(encoding="utf-8").split()
    assert len(fresh) == 30 and not set(fresh) & set(last_week)
