"""A small dated deck with known years, registered beside the built-in ones for the test."""

import pytest

from engine.decks import builtin_decks
from engine.decks.parse import parse_deck

YEARS = {
    "pyramids": -2560,
    "rome": -753,
    "caesar": -44,
    "hastings": 1066,
    "magna-carta": 1215,
    "printing": 1440,
    "columbus": 1492,
    "newton": 1687,
    "steam": 1769,
    "bastille": 1789,
    "telephone": 1876,
    "moon": 1969,
}


@pytest.fixture
def small_deck(monkeypatch):
    deck = parse_deck(
        {
            "id": "small",
            "kind": "dated",
            "title": {"en": "Small"},
            "cards": [
                {"id": cid, "year": year, "theme": "events", "title": {"en": cid.title(), "cs": f"{cid} (cs)"}}
                for cid, year in YEARS.items()
            ],
        }
    )
    monkeypatch.setitem(builtin_decks(), "small", deck)
    return deck
