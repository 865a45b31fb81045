"""Events kept short: a card face an event shows is replaced by a reference to it, and put back when read.

A reference is `{"@": [position, face]}`: the card's position in the deck and which of the faces the game shows
it with (Timeline: its front, or its front and date once it is turned over). Anything that is not exactly one of
a card's faces is kept as it is, so events of any shape pass through. An action's card ids become `{"#": position}`.
"""

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

REF = "@"
ID = "#"


class CardFaces:
    """The faces a game's events show of its cards, by position in the deck, and each card's position by id."""

    def __init__(self, index: Mapping[str, int], faces: Callable[[int], tuple[dict[str, Any], ...]]) -> None:
        self.index, self.faces = index, faces

    @cached_property
    def ids(self) -> dict[int, str]:
        return {position: card for card, position in self.index.items()}


def shorten(value: Any, cards: CardFaces) -> Any:
    """Return the value with every card face in it replaced by a reference."""
    if type(value) is dict:
        card = value.get("id")
        position = cards.index.get(card) if type(card) is str else None
        if position is not None:
            for face, shown in enumerate(cards.faces(position)):
                if value == shown:
                    return {REF: [position, face]}
        return {key: shorten(item, cards) for key, item in value.items()}
    if type(value) is list:
        return [shorten(item, cards) for item in value]
    return value


def lengthen(value: Any, cards: CardFaces) -> Any:
    """Return the value with every reference replaced by the card face it names."""
    if type(value) is dict:
        ref = value.get(REF)
        if ref is not None and len(value) == 1:
            position, face = ref
            return dict(cards.faces(position)[face])
        return {key: lengthen(item, cards) for key, item in value.items()}
    if type(value) is list:
        return [lengthen(item, cards) for item in value]
    return value


def shorten_ids(action: dict[str, Any], cards: CardFaces) -> dict[str, Any]:
    """Return an action with every value that is a card's id replaced by a reference to its position."""
    return {
        key: {ID: cards.index[value]} if type(value) is str and value in cards.index else value
        for key, value in action.items()
    }


def lengthen_ids(action: dict[str, Any], cards: CardFaces) -> dict[str, Any]:
    return {
        key: cards.ids[value[ID]] if type(value) is dict and len(value) == 1 and ID in value else value
        for key, value in action.items()
    }
