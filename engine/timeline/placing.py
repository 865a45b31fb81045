"""Where a card fits in the timeline: what the rules judge a placement by, and what the bots aim with."""

from engine.core.protocol import State
from engine.decks.model import Deck


def keys_fit(keys: tuple[tuple[int, ...], ...], timeline: list[int], card: int, gap: int) -> bool:
    key = keys[card]
    return (gap == 0 or keys[timeline[gap - 1]] <= key) and (gap == len(timeline) or key <= keys[timeline[gap]])


def fits(deck: Deck, state: State, card_id: str, gap: int) -> bool:
    """A placement is correct when the timeline stays non-decreasing (equal keys go on either side)."""
    return keys_fit(deck.keys, state["timeline"], deck.index[card_id], gap)
