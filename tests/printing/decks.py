"""Small decks built in code for the printing tests."""

from engine.decks.model import Card, Deck, Group
from engine.decks.parse import parse_deck

THEMES = ("discoveries", "events", "music", "inventions", "monuments", "sport", "art", "story", "")
COLOURS = ("red", "beige", "blue")


def dated_deck(count: int, deck_id: str = "test-dated", colours: bool = True) -> Deck:
    """Return a dated deck of `count` cards titled "Event 000", "Event 001", ... over all themes."""
    cards = []
    for i in range(count):
        card = {
            "id": f"event-{i:03d}",
            "title": {"en": f"Event {i:03d}", "cs": f"Událost {i:03d} – žluťoučký kůň"},
            "year": i * 13 - 1200,
            "theme": THEMES[i % len(THEMES)],
        }
        if colours and i % 5 == 0:
            card["colour"] = COLOURS[i // 5 % 3]
        cards.append(card)
    return parse_deck({"id": deck_id, "kind": "dated", "title": {"en": "Test deck", "cs": "Zkušební"}, "cards": cards})


def ordinal_deck() -> Deck:
    """Return a two-chapter ordinal deck."""
    groups = (
        Group("c1", {"en": "Chapter 1"}, {"en": "Ch. 1"}),
        Group("c3", {"en": "Chapter 3"}, {"en": "Ch. 3"}),
    )
    cards = (
        Card("opening", {"en": "The opening"}, theme="story", group="c1", position=1),
        Card("twist", {"en": "The twist"}, theme="story", group="c3", position=12),
    )
    return Deck("test-ordinal", "ordinal", {"en": "Story deck"}, cards, groups)


def hostile_deck() -> Deck:
    """Return a deck whose texts look like ReportLab markup and file or web references."""
    titles = [
        '<img src="/etc/passwd"/>',
        '<a href="http://x">link</a>',
        "<font color=red>red</font>",
        "&amp; &lt;b&gt; <para>",
    ]
    cards = [
        Card(f"hostile-{i}", {"en": title}, theme="<b>theme</b>", year=1900 + i, image=image)
        for i, (title, image) in enumerate(
            zip(titles, ("/etc/passwd", "../../x.png", "http://x/y.png", None), strict=True)
        )
    ]
    return Deck("hostile", "dated", {"en": '<img src="/etc/hostname"/>'}, tuple(cards))
