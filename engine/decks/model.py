"""The deck model shared by the games that play decks and the printer that prints them."""

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

LANGUAGES = ("en", "cs", "sk", "hu", "ru", "de")
FALLBACK_LANGUAGE = "en"
# A year before the common era as each language prints it: Hungarian puts the era first ("i. e. 753").
YEAR_BEFORE_ERA = {
    "en": "{} BC",
    "cs": "{} př. n. l.",
    "sk": "{} pred n. l.",
    "hu": "i. e. {}",
    "ru": "{} до н. э.",
    "de": "{} v. Chr.",
}


class DeckError(ValueError):
    """A deck file breaks the deck format; `problems` lists every fault found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def pick_language(texts: dict[str, str], language: str) -> str:
    return texts.get(language) or texts[FALLBACK_LANGUAGE]


@dataclass(frozen=True)
class Group:
    """A chapter, book or episode of an ordinal deck."""

    id: str
    label: dict[str, str]
    short: dict[str, str]


@dataclass(frozen=True)
class Card:
    id: str
    title: dict[str, str]
    theme: str = ""
    year: int | None = None
    group: str | None = None
    position: int | None = None
    colour: str | None = None
    source: str = ""
    note: str = ""
    image: str | None = None


@dataclass(frozen=True)
class Deck:
    id: str
    kind: str  # "dated" or "ordinal"
    title: dict[str, str]
    cards: tuple[Card, ...]
    groups: tuple[Group, ...] = ()
    source: str = ""
    provisional: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    # A hash of the deck's document: a game records it, so it never plays on with a deck that changed.
    digest: str = ""

    @cached_property
    def index(self) -> dict[str, int]:
        """Each card's position in the deck, by card id (games keep positions, not cards, in their state)."""
        return {card.id: i for i, card in enumerate(self.cards)}

    @cached_property
    def ids(self) -> tuple[str, ...]:
        """Every card's id, by position in the deck."""
        return tuple(card.id for card in self.cards)

    @cached_property
    def keys(self) -> tuple[tuple[int, ...], ...]:
        """Every card's ordering key, by position in the deck."""
        return tuple(tuple(self.key(card)) for card in self.cards)

    def titles(self, language: str) -> tuple[str, ...]:
        """Every card's title in `language` (English where it has none), by position in the deck."""
        found = self._titles.get(language)
        if found is None:
            found = self._titles[language] = tuple(pick_language(card.title, language) for card in self.cards)
        return found

    def labels(self, language: str) -> tuple[str, ...]:
        """Every card's key as printed ("1969", "Ep. V · 46"), by position in the deck."""
        found = self._labels.get(language)
        if found is None:
            found = self._labels[language] = tuple(self.label(card, language) for card in self.cards)
        return found

    def fronts(self, language: str) -> tuple[dict[str, Any], ...]:
        """Every card's face as games show it (id, title in `language`, theme), by position: copy before changing."""
        found = self._fronts.get(language)
        if found is None:
            titles = self.titles(language)
            found = self._fronts[language] = tuple(
                {"id": card.id, "title": titles[i], "theme": card.theme} for i, card in enumerate(self.cards)
            )
        return found

    @cached_property
    def _titles(self) -> dict[str, tuple[str, ...]]:
        return {}

    @cached_property
    def _fronts(self) -> dict[str, tuple[dict[str, Any], ...]]:
        return {}

    @cached_property
    def _labels(self) -> dict[str, tuple[str, ...]]:
        return {}

    @property
    def languages(self) -> list[str]:
        present = set.intersection(*(set(card.title) for card in self.cards)) if self.cards else set()
        return [lang for lang in LANGUAGES if lang in present]

    def key(self, card: Card) -> list[int]:
        """The card's ordering key: [year] or [group index, position]."""
        if self.kind == "dated":
            assert card.year is not None
            return [card.year]
        index = next(i for i, group in enumerate(self.groups) if group.id == card.group)
        assert card.position is not None
        return [index, card.position]

    def label(self, card: Card, language: str = FALLBACK_LANGUAGE) -> str:
        """The key as printed on the card's date side: "1969", "44 BC" ("44 př. n. l." in Czech), "Ep. V · 46"."""
        if self.kind == "dated":
            assert card.year is not None
            if card.year < 0:
                return YEAR_BEFORE_ERA.get(language, YEAR_BEFORE_ERA[FALLBACK_LANGUAGE]).format(-card.year)
            return str(card.year)
        group = next(g for g in self.groups if g.id == card.group)
        return f"{pick_language(group.short, language)} · {card.position}"
