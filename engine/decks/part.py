"""Part of a deck: the cards of some themes or of a list of ids, less some, or a number of them chosen from a seed.

The same part prints (a print spec's `part`) and plays (a game's `part` option), so an evening's cards are the ones
on the table. A chosen number is spread over the themes (each its share of the cards, largest remainders first) and,
within a theme, over the years: its cards in key order are cut into as many runs as cards wanted, one drawn from each.
"""

import dataclasses
from collections.abc import Mapping
from typing import Any

from engine.core.rng import SEED_BITS, Rng
from engine.decks.model import Deck

KEYS = ("themes", "count", "seed", "cards", "without")
MAX_IDS = 1000  # a deck's most cards (engine.decks.parse.MAX_CARDS)
MAX_THEMES = 50
DEFAULT_SEED = 1


class PartError(ValueError):
    """A part names what its deck lacks, or is malformed; `problems` lists every fault."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def read_part(value: Any, deck: Deck | None = None) -> tuple[dict[str, Any] | None, list[str]]:
    """Normalise a part (None: the whole deck) and list its problems; with `deck`, check it against the deck."""
    if value is None:
        return None, []
    if not isinstance(value, Mapping):
        return None, ['part: an object such as {"themes": ["art", "music"], "count": 120, "seed": 7}']
    problems = [f"part.{key}: unknown (known: {', '.join(KEYS)})" for key in value if key not in KEYS]
    part: dict[str, Any] = {}
    for key, longest in (("themes", MAX_THEMES), ("cards", MAX_IDS), ("without", MAX_IDS)):
        if key in value and value[key] is not None:
            part[key] = _names(value[key], key, longest, problems)
    if value.get("count") is not None:
        part["count"] = _whole(value["count"], "count", 1, MAX_IDS, problems)
        part["seed"] = _whole(value.get("seed", DEFAULT_SEED), "seed", 0, 2**SEED_BITS - 1, problems)
    elif value.get("seed") is not None:
        problems.append("part.seed: a seed chooses `count` cards; give count too")
    if not problems and deck is not None:
        problems += _against(part, deck)
    return (None if problems else part), problems


def _names(value: Any, key: str, longest: int, problems: list[str]) -> list[str]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) and v for v in value) or len(value) > longest:
        problems.append(f"part.{key}: a list of up to {longest} names, not {value!r:.60}")
        return []
    return list(dict.fromkeys(value))


def _whole(value: Any, key: str, low: int, high: int, problems: list[str]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problems.append(f"part.{key}: a whole number {low}..{high}, not {value!r:.40}")
        return low
    return value


def _against(part: Mapping[str, Any], deck: Deck) -> list[str]:
    problems = []
    themes = {card.theme for card in deck.cards}
    if unknown := [t for t in part.get("themes", ()) if t not in themes]:
        problems.append(
            f"part.themes: deck {deck.id!r} has no theme {unknown[0]!r} (its themes: {', '.join(sorted(themes))})"
        )
    for key in ("cards", "without"):
        if unknown := [c for c in part.get(key, ()) if c not in deck.index]:
            some = f"{len(unknown)} ids" if len(unknown) > 1 else "an id"
            problems.append(f"part.{key}: {some} not in deck {deck.id!r}, such as {unknown[0]!r}")
    if not problems:
        pool = len(_pool(deck, part))
        wanted = part.get("count", pool)
        if pool == 0 or wanted > pool:
            problems.append(f"part: only {pool} cards of deck {deck.id!r} match, not {wanted}")
    return problems


def _pool(deck: Deck, part: Mapping[str, Any]) -> list[int]:
    named = {deck.index[c] for c in part["cards"]} if "cards" in part else None
    themes = set(part["themes"]) if "themes" in part else None
    left_out = {deck.index[c] for c in part.get("without", ())}
    return [
        i
        for i, card in enumerate(deck.cards)
        if (named is None or i in named) and (themes is None or card.theme in themes) and i not in left_out
    ]


def choose(deck: Deck, part: Mapping[str, Any] | None) -> list[int]:
    """Return the positions of the part's cards in deck order (every card for None).

    :raises PartError: for a part its deck cannot give.
    """
    checked, problems = read_part(part, deck)
    if problems:
        raise PartError(problems)
    if checked is None:
        return list(range(len(deck.cards)))
    pool = _pool(deck, checked)
    count = checked.get("count")
    if count is None:
        return pool
    rng = Rng(checked["seed"])
    by_theme: dict[str, list[int]] = {}
    for i in pool:
        by_theme.setdefault(deck.cards[i].theme, []).append(i)
    chosen: list[int] = []
    for theme, wanted in _shares(by_theme, count).items():
        cards = sorted(by_theme[theme], key=lambda i: (deck.keys[i], i))
        for run in range(wanted):
            start, end = run * len(cards) // wanted, (run + 1) * len(cards) // wanted
            chosen.append(cards[start + rng.randbelow(end - start)])
    return sorted(chosen)


def _shares(by_theme: Mapping[str, list[int]], count: int) -> dict[str, int]:
    """Each theme's cards out of `count`, in proportion to its size (largest remainder; ties by deck order)."""
    total = sum(len(cards) for cards in by_theme.values())
    shares = {theme: count * len(cards) // total for theme, cards in by_theme.items()}
    order = sorted(by_theme, key=lambda t: -(count * len(by_theme[t]) % total))
    for theme in order[: count - sum(shares.values())]:
        shares[theme] += 1
    return shares


def part_of(deck: Deck, part: Mapping[str, Any] | None) -> Deck:
    """The deck with only the part's cards (the deck itself for None)."""
    if part is None:
        return deck
    cards = tuple(deck.cards[i] for i in choose(deck, part))
    return dataclasses.replace(deck, cards=cards)
