"""User decks in Redis: content-addressed documents that expire unless used, a summary each, an index by expiry."""

from typing import Any

import orjson
import redis

from api import clock
from api.storage import metrics
from api.storage.deck_cache import add_deck, find_deck, forget_deck, held_deck
from engine.core.errors import DeckGone
from engine.decks import Deck, builtin_decks
from engine.decks.parse import content_hash, parse_deck
from engine.decks.store import builtin_document


def summary(deck: Deck, builtin: bool, public: bool = True) -> dict[str, Any]:
    return {
        "id": deck.id,
        "kind": deck.kind,
        "title": deck.title,
        "cards": len(deck.cards),
        "languages": deck.languages,
        "themes": themes(deck),
        "builtin": builtin,
        "public": public,
    }


def themes(deck: Deck) -> dict[str, int]:
    """How many cards each theme has, in the order the deck first names them (a card without one is in none)."""
    counted: dict[str, int] = {}
    for card in deck.cards:
        if card.theme:
            counted[card.theme] = counted.get(card.theme, 0) + 1
    return counted


class DeckStore:
    prefix = "dk:deck"
    summaries = "dk:deck-summary"
    # Scored by when each deck expires, so expired entries are trimmed with one command.
    index = "dk:decks"
    # The published ones, scored the same: the list everybody sees. An upload is private unless published.
    public_index = "dk:decks-public"
    # A built-in deck as a game began with it, kept by content hash so the game plays on after a release changes it.
    snapshot_prefix = "dk:deck-snapshot"

    # A deck a game plays is touched at most this often per process, and then kept this much longer than any game.
    IN_PLAY_TOUCH = 3600
    # A deck this process loaded is held at most this long (then loaded again if still stored), so a deck that
    # expired in Redis leaves its memory too.
    CACHE_FOR = 3600.0

    def __init__(self, connection: redis.Redis, ttl: int, longest_game_ttl: int = 0) -> None:
        self.connection = connection
        self.ttl = ttl
        # A game reads its deck on every move and view; the deck must outlive the game, finished ones included.
        self.in_play_ttl = max(ttl, longest_game_ttl + self.IN_PLAY_TOUCH)
        self._touched: dict[str, float] = {}
        # Built-in deck hashes already made sure of in this Redis (a deck file changes only with a release).
        self._kept: set[str] = set()

    @classmethod
    def key_for(cls, deck_id: str) -> str:
        return f"{cls.prefix}:{deck_id}"

    @classmethod
    def summary_key(cls, deck_id: str) -> str:
        return f"{cls.summaries}:{deck_id}"

    def save(self, deck: Deck, doc: dict[str, Any], public: bool = False) -> tuple[bool, bool]:
        """Store a validated document, published or not; return whether it is new and whether it is published.

        The same deck uploaded again has its TTL refreshed, and stays published once published.
        """
        now = clock.now().timestamp()
        created = bool(self.connection.set(self.key_for(doc["id"]), orjson.dumps(doc), nx=True, ex=self.ttl))
        public = public or bool(self.connection.zscore(self.public_index, doc["id"]))
        # With the content hash its token is bound to, so a list checks tokens without reading documents.
        row = {**summary(deck, False, public), "content": content_hash(doc)}
        self.connection.set(self.summary_key(doc["id"]), orjson.dumps(row), ex=self.ttl)
        self.connection.zadd(self.index, {doc["id"]: now + self.ttl})
        if public:
            self.connection.zadd(self.public_index, {doc["id"]: now + self.ttl})
        if created:
            metrics.count(self.connection, "decks_uploaded")
        else:
            self.connection.expire(self.key_for(doc["id"]), self.ttl)
        return created, public

    def touch(self, deck_id: str) -> None:
        """A game or a print job uses the deck: it lives from now until after any game that may play it."""
        now = clock.now().timestamp()
        with self.connection.pipeline(transaction=False) as pipe:
            pipe.expire(self.key_for(deck_id), self.in_play_ttl)
            pipe.expire(self.summary_key(deck_id), self.in_play_ttl)
            pipe.zadd(self.index, {deck_id: now + self.in_play_ttl}, xx=True)
            pipe.zadd(self.public_index, {deck_id: now + self.in_play_ttl}, xx=True)
            pipe.execute()

    def touch_in_play(self, deck_id: str) -> None:
        """A running or finished game read its user deck: keep the deck past the game's own life (now and then)."""
        now = clock.now().timestamp()
        if deck_id.startswith("user-") and now - self._touched.get(deck_id, 0.0) >= self.IN_PLAY_TOUCH:
            self._touched[deck_id] = now
            self.touch(deck_id)

    def exists(self, deck_id: str) -> bool:
        return deck_id.startswith("user-") and bool(self.connection.exists(self.key_for(deck_id)))

    def load(self, deck_id: str) -> dict[str, Any] | None:
        raw = self.connection.get(self.key_for(deck_id)) if deck_id.startswith("user-") else None
        return None if raw is None else orjson.loads(raw)

    def page(self, offset: int, limit: int, everyone: bool = False) -> list[dict[str, Any]]:
        """Return the summaries of a page of stored decks (`everyone`: the published ones), soonest to expire first."""
        index = self.public_index if everyone else self.index
        self.connection.zremrangebyscore(index, "-inf", clock.now().timestamp())
        raws: list[bytes] = self.connection.zrange(index, offset, offset + limit - 1)  # type: ignore[assignment]
        ids = [raw.decode() for raw in raws]
        return self.summaries_of(ids)

    def summaries_of(self, ids: list[str]) -> list[dict[str, Any]]:
        """Return the summaries of the stored decks among `ids` (one read), in their order."""
        raws = self.connection.mget([self.summary_key(deck_id) for deck_id in ids]) if ids else []
        # Decks stored before publishing existed have no `public` in their summary: they are private.
        return [{"public": False, **orjson.loads(raw)} for raw in raws if raw is not None]

    def count(self, everyone: bool = False) -> int:
        return int(self.connection.zcard(self.public_index if everyone else self.index))

    def make_known(self, deck_id: Any) -> Deck | None:
        """Load a user deck into this process if it is one, refresh its TTL, and return it (or None).

        Hold the deck while using it: the process's deck cache may drop it, but never while it is held.
        """
        if not isinstance(deck_id, str) or not deck_id.startswith("user-"):
            return None
        self.touch(deck_id)
        deck = find_deck(deck_id)
        if deck is None:
            doc = self.load(deck_id)
            if doc is None:
                return None
            deck = parse_deck(doc)
            add_deck(deck, self.CACHE_FOR)
        return deck

    def for_print(self, deck_id: str) -> tuple[Deck | None, dict[str, Any] | None]:
        """Return the deck a print job names and, for a user deck, its document (which travels with the job)."""
        if not deck_id.startswith("user-"):
            return find_deck(deck_id), None
        doc = self.load(deck_id)
        if doc is None:
            forget_deck(deck_id)
            return None, None
        self.touch(deck_id)
        deck = find_deck(deck_id)
        if deck is None:
            deck = parse_deck(doc)
            add_deck(deck, self.CACHE_FOR)
        return deck, doc

    def keep_builtin(self, deck_id: str, digest: str) -> None:
        """Keep the built-in deck a new game plays under its content hash (once per process and hash)."""
        doc = builtin_document(deck_id)
        if doc is None or digest in self._kept or builtin_decks()[deck_id].digest != digest:
            return
        key = f"{self.snapshot_prefix}:{deck_id}:{digest}"
        if not self.connection.exists(key):
            self.connection.set(key, orjson.dumps(doc), nx=True)
        self._kept.add(digest)

    def make_playable(self, deck_id: str, digest: str) -> Deck:
        """Return the deck a running game plays (id and content hash), loading it into this process if need be.

        :raises DeckGone: when neither this process nor Redis has that deck any more.
        """
        self.touch_in_play(deck_id)
        held = held_deck(deck_id, digest)
        if held is not None:
            return held
        builtin = deck_id in builtin_decks()
        raw = self.connection.get(f"{self.snapshot_prefix}:{deck_id}:{digest}" if builtin else self.key_for(deck_id))
        if raw is not None:
            deck = parse_deck(orjson.loads(raw))
            if deck.digest == digest:
                add_deck(deck, self.CACHE_FOR)
                return deck
        raise DeckGone(f"The deck {deck_id!r} this game was started with is no longer stored.", deck=deck_id)
