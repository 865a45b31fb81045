"""What of a deck may be shown to anyone: each card's face as players see it during play, never its key."""

import hashlib
import hmac
import re
from typing import Any

# A card's face: what a face-down card shows during play. Year, position, group and note give the key away.
FACE_FIELDS = ("id", "title", "theme", "colour", "image")
DIGITS = re.compile(r"\d+")


def public_document(doc: dict[str, Any], secret: bytes) -> dict[str, Any]:
    """Return a deck document without the cards' keys (years, groups, positions) or notes, in an order that hides them.

    Deck files and uploads usually list their cards by key, so the cards are listed by a keyed hash of the deck's
    and the card's ids instead: stable for a deck, unrelated to the keys for anyone without the server's secret.
    """
    cards = [{name: card[name] for name in FACE_FIELDS if name in card} for card in doc.get("cards", [])]
    cards.sort(key=lambda card: _place(secret, str(doc.get("id")), str(card.get("id"))))
    return {**{k: v for k, v in doc.items() if k != "cards"}, "cards": cards, "complete": False}


def _place(secret: bytes, deck_id: str, card_id: str) -> bytes:
    return hmac.new(secret, f"order:{deck_id}:{card_id}".encode(), hashlib.sha256).digest()


def spells_key(card_id: str, key: int) -> bool:
    """Whether a card id shows its key as a number of its own: "athens-1896" for 1896, "scene-12" for position 12."""
    return str(abs(key)) in DIGITS.findall(card_id)
