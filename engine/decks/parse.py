"""Turn a deck document (JSON-shaped) into a Deck, reporting every problem at once."""

import hashlib
import re
from typing import Any

import orjson

from engine.decks.model import LANGUAGES, Card, Deck, DeckError, Group

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
MAX_CARDS = 1000
MAX_TITLE = 120
# Longest text of each other field: the printer fits every text on a card, and a deck is stored whole.
MAX_TEXT = {"theme": 40, "source": 300, "note": 300, "image": 360_000}
MAX_DECK_SOURCE = 1000
YEAR_RANGE = (-10000, 2100)
COLOURS = ("red", "beige", "blue")


def _texts(value: Any, where: str, problems: list[str], max_length: int = MAX_TITLE) -> dict[str, str]:
    if not isinstance(value, dict) or not value:
        problems.append(f'{where}: needs texts by language, e.g. {{"en": "..."}}')
        return {}
    texts = {}
    for lang, text in value.items():
        if lang not in LANGUAGES:
            problems.append(f"{where}: unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
        elif not isinstance(text, str) or not text.strip():
            problems.append(f"{where}.{lang}: must be non-empty text")
        elif len(text) > max_length:
            problems.append(f"{where}.{lang}: longer than {max_length} characters")
        else:
            texts[lang] = text
    if "en" not in value:
        problems.append(f"{where}: an English text (en) is required")
    return texts


def _int(value: Any, where: str, problems: list[str], low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        # The value as sent, so a typo ("14S0") is found without opening the file.
        problems.append(f"{where}: {value!r} is not a whole number" if value is not None else f"{where}: is missing")
        return None
    if not low <= value <= high:
        problems.append(f"{where}: {value} is outside {low}..{high}")
        return None
    return value


def _groups(raw: Any, problems: list[str]) -> tuple[Group, ...]:
    if not isinstance(raw, list) or not raw:
        problems.append("groups: an ordinal deck lists its groups (chapters, books, episodes) in story order")
        return ()
    groups = []
    for i, item in enumerate(raw):
        where = f"groups[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not SLUG.match(item["id"]):
            problems.append(f"{where}: needs an id of lower-case letters, digits and dashes (1-64)")
            continue
        groups.append(
            Group(
                id=item["id"],
                label=_texts(item.get("label"), f"{where}.label", problems),
                short=_texts(item.get("short", item.get("label")), f"{where}.short", problems),
            )
        )
    return tuple(groups)


def _card(raw: Any, i: int, kind: str, group_ids: set[str], problems: list[str]) -> Card | None:
    where = f"cards[{i}]"
    if not isinstance(raw, dict):
        problems.append(f"{where}: must be an object")
        return None
    before = len(problems)
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not SLUG.match(card_id):
        problems.append(
            f"{where}.id: {str(card_id)[:70]!r} must be lower-case letters, digits and dashes (1-64)"
            if card_id is not None
            else f"{where}.id: is missing"
        )
    title = _texts(raw.get("title"), f"{where}.title", problems)
    year = group = position = None
    if kind == "dated":
        year = _int(raw.get("year"), f"{where}.year", problems, *YEAR_RANGE)
    else:
        group = raw.get("group")
        if group not in group_ids:
            problems.append(f"{where}.group: {group!r} is not one of the deck's groups")
        position = _int(raw.get("position"), f"{where}.position", problems, 0, 1_000_000)
    colour = raw.get("colour")
    if colour is not None and colour not in COLOURS:
        problems.append(f"{where}.colour: must be one of {', '.join(COLOURS)}")
    for name, longest in MAX_TEXT.items():
        if raw.get(name) is not None and not isinstance(raw[name], str):
            problems.append(f"{where}.{name}: must be text")
        elif len(raw.get(name) or "") > longest:
            problems.append(f"{where}.{name}: longer than {longest} characters")
    if len(problems) > before:
        return None
    return Card(
        id=str(card_id),
        title=title,
        theme=raw.get("theme") or "",
        year=year,
        group=group,
        position=position,
        colour=colour,
        source=raw.get("source") or "",
        note=raw.get("note") or "",
        image=raw.get("image"),
    )


def parse_deck(raw: Any, digested: bool = True) -> Deck:
    """Read a deck document (its `digest` left empty unless `digested`).

    :raises DeckError: listing every problem found.
    """
    problems: list[str] = []
    if not isinstance(raw, dict):
        raise DeckError(["a deck is an object with id, kind, title and cards"])
    deck_id = raw.get("id")
    if not isinstance(deck_id, str) or not SLUG.match(deck_id):
        problems.append("id: must be lower-case letters, digits and dashes (1-64)")
    kind = raw.get("kind")
    if kind not in ("dated", "ordinal"):
        problems.append("kind: must be 'dated' (years) or 'ordinal' (positions in a story)")
    title = _texts(raw.get("title"), "title", problems)
    source = raw.get("source")
    if source is not None and (not isinstance(source, str) or len(source) > MAX_DECK_SOURCE):
        problems.append(f"source: must be text of at most {MAX_DECK_SOURCE} characters")
    groups = _groups(raw.get("groups"), problems) if kind == "ordinal" else ()
    raw_cards = raw.get("cards")
    cards: list[Card] = []
    if not isinstance(raw_cards, list) or len(raw_cards) < 2:
        problems.append("cards: a deck needs at least 2 cards")
        raw_cards = raw_cards if isinstance(raw_cards, list) else []
    elif len(raw_cards) > MAX_CARDS:
        problems.append(f"cards: at most {MAX_CARDS} cards, not {len(raw_cards)}")
        raw_cards = []
    group_ids = {group.id for group in groups}
    placed: list[tuple[int, Card]] = []
    for i, item in enumerate(raw_cards):
        card = _card(item, i, kind or "dated", group_ids, problems)
        if card is not None:
            placed.append((i, card))
    _duplicates(placed, problems)
    cards = [card for _, card in placed]
    if problems:
        raise DeckError(problems)
    return Deck(
        id=str(deck_id),
        kind=str(kind),
        title=title,
        cards=tuple(cards),
        groups=groups,
        source=raw.get("source") or "",
        provisional=bool(raw.get("provisional", False)),
        digest=digest(raw) if digested else "",
    )


def digest(raw: dict[str, Any]) -> str:
    """A short hash of a deck document's content (key order does not count): what a game records."""
    return content_hash(raw)[:16]


def content_hash(raw: dict[str, Any]) -> str:
    """The sha256 of a deck document's content (key order does not count), in hex."""
    return hashlib.sha256(orjson.dumps(raw, option=orjson.OPT_SORT_KEYS)).hexdigest()


def _duplicates(cards: list[tuple[int, Card]], problems: list[str]) -> None:
    """Name both places of a repeated id or English title (a CSV upload names them as rows)."""
    seen_ids: dict[str, int] = {}
    seen_titles: dict[str, int] = {}
    for i, card in cards:
        if card.id in seen_ids:
            problems.append(f"cards[{i}].id: {card.id!r} is used twice, first by cards[{seen_ids[card.id]}]")
        seen_ids.setdefault(card.id, i)
        title = card.title.get("en", "").strip().casefold()
        if title in seen_titles:
            problems.append(f"cards[{i}].title.en: the same English title as cards[{seen_titles[title]}]")
        seen_titles.setdefault(title, i)
