"""What of a deck may be shown to anyone: each card's face as players see it during play, never its key."""

import re
from typing import Any

# A card's face: what a face-down card shows during play. Year, position, group and note give the key away.
FACE_FIELDS = ("id", "title", "theme", "colour", "image")
DIGITS = re.compile(r"\d+")


def public_document(doc: dict[str, Any]) -> dict[str, Any]:
    """Return a deck document without the cards' keys (years, groups, positions) or notes."""
    cards = [{name: card[name] for name in FACE_FIELDS if name in card} for card in doc.get("cards", [])]
    return {**{k: v for k, v in doc.items() if k != "cards"}, "cards": cards, "complete": False}


def spells_key(card_id: str, key: int) -> bool:
    """Whether a card id shows its key as a number of its own: "athens-1896" for 1896, "scene-12" for position 12."""
    return str(abs(key)) in DIGITS.findall(card_id)
