"""User decks in Redis: content-addressed documents, an index, and loading them into the engine on demand."""

from typing import Any

import orjson
import redis

from api import metrics
from engine.decks import add_deck, known_decks
from engine.decks.parse import parse_deck


class DeckStore:
    prefix = "dk:deck"
    index = "dk:decks"

    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection

    @classmethod
    def key_for(cls, deck_id: str) -> str:
        return f"{cls.prefix}:{deck_id}"

    def save(self, doc: dict[str, Any], score: float) -> bool:
        """Store a validated document; return False when the same deck was already there."""
        created = bool(self.connection.set(self.key_for(doc["id"]), orjson.dumps(doc), nx=True))
        if created:
            self.connection.zadd(self.index, {doc["id"]: score})
            metrics.count(self.connection, "decks_uploaded")
        return created

    def load(self, deck_id: str) -> dict[str, Any] | None:
        raw = self.connection.get(self.key_for(deck_id)) if deck_id.startswith("user-") else None
        return None if raw is None else orjson.loads(raw)

    def page(self, offset: int, limit: int) -> list[str]:
        return [raw.decode() for raw in self.connection.zrange(self.index, offset, offset + limit - 1)]

    def count(self) -> int:
        return int(self.connection.zcard(self.index))

    def make_known(self, deck_id: Any) -> dict[str, Any] | None:
        """Load a user deck into this process's engine if it is one; return its document."""
        if not isinstance(deck_id, str) or deck_id in known_decks():
            return None
        doc = self.load(deck_id)
        if doc is not None:
            add_deck(parse_deck(doc))
        return doc
