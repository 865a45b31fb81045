"""The decks a process holds beyond its built-in ones: least recently used first out, within a byte budget."""

import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass

from engine.decks.model import Deck
from engine.decks.store import builtin_decks

DEFAULT_BYTES = 64 << 20
# What a card costs in memory beyond its texts: the Card object, its dicts, the deck's indexes and faces.
PER_CARD = 1024
SWEEP_EVERY = 60.0


def weight(deck: Deck) -> int:
    """Roughly the bytes a parsed deck holds: its texts (up to four bytes a character), pictures and cards."""
    chars = sum(
        len(card.image or "")
        + len(card.note)
        + len(card.source)
        + len(card.theme)
        + len(card.id)
        + sum(map(len, card.title.values()))
        for card in deck.cards
    )
    return 2 * chars + PER_CARD * (len(deck.cards) + 1)


@dataclass
class Entry:
    deck: Deck
    size: int
    expires: float | None


class DeckCache:
    """Decks by content hash (and user decks by id), dropped when least recently used or past their time.

    A deck still in use elsewhere (held by a request or a game being set up) stays findable after it is dropped,
    through a weak reference, so dropping never pulls a deck from under a request.
    """

    def __init__(self, limit: int = DEFAULT_BYTES, clock=time.monotonic) -> None:
        self.limit = limit
        self.clock = clock
        self.size = 0
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._ids: dict[str, str] = {}
        self._alive: weakref.WeakValueDictionary[str, Deck] = weakref.WeakValueDictionary()
        self._alive_ids: weakref.WeakValueDictionary[str, Deck] = weakref.WeakValueDictionary()
        self._swept = clock()

    def add(self, deck: Deck, keep_for: float | None = None, by_id: bool = True) -> None:
        """Hold a deck, for at most `keep_for` seconds (None: until it is the least recently used)."""
        if self.clock() - self._swept >= SWEEP_EVERY:
            self.sweep()
        self._drop(deck.digest)
        entry = Entry(deck, weight(deck), None if keep_for is None else self.clock() + keep_for)
        self._entries[deck.digest] = entry
        self.size += entry.size
        self._alive[deck.digest] = deck
        if by_id:
            self._ids[deck.id] = deck.digest
            self._alive_ids[deck.id] = deck
        while self.size > self.limit and len(self._entries) > 1:
            self._drop(next(iter(self._entries)))

    def by_digest(self, digest: str) -> Deck | None:
        entry = self._entries.get(digest)
        if entry is not None and entry.expires is not None and entry.expires <= self.clock():
            self._drop(digest)
            entry = None
        if entry is not None:
            self._entries.move_to_end(digest)
            return entry.deck
        return self._alive.get(digest)

    def by_id(self, deck_id: str) -> Deck | None:
        digest = self._ids.get(deck_id)
        found = None if digest is None else self.by_digest(digest)
        return found or self._alive_ids.get(deck_id)

    def forget(self, deck_id: str) -> None:
        """Drop a deck by id (its store no longer has it)."""
        digest = self._ids.get(deck_id)
        if digest is not None:
            self._drop(digest)
        self._alive_ids.pop(deck_id, None)

    def ids(self) -> list[str]:
        return list(self._ids)

    def sweep(self) -> None:
        """Drop every deck past its time."""
        now = self._swept = self.clock()
        for digest in [d for d, entry in self._entries.items() if entry.expires is not None and entry.expires <= now]:
            self._drop(digest)

    def _drop(self, digest: str) -> None:
        entry = self._entries.pop(digest, None)
        if entry is None:
            return
        self.size -= entry.size
        if self._ids.get(entry.deck.id) == digest:
            del self._ids[entry.deck.id]


# The decks this process holds beyond the built-in ones (user decks, and built-in decks as running games began with
# them), within a byte budget (`configure_cache`): storage finds them here and passes them to the rules.
CACHE = DeckCache()


def configure_cache(limit: int) -> None:
    """Set how many bytes of decks this process may hold beyond its built-in ones."""
    CACHE.limit = limit


def add_deck(deck: Deck, keep_for: float | None = None) -> None:
    """Hold a deck for at most `keep_for` seconds: a user deck by id, any by content hash."""
    CACHE.add(deck, keep_for, by_id=deck.id not in builtin_decks())


def forget_deck(deck_id: str) -> None:
    """Drop a user deck its store no longer has."""
    CACHE.forget(deck_id)


def find_deck(deck_id: str) -> Deck | None:
    """Return a built-in deck, or a user deck this process holds, or None."""
    return builtin_decks().get(deck_id) or CACHE.by_id(deck_id)


def known_decks() -> dict[str, Deck]:
    """Return the built-in decks and the user decks this process holds now."""
    held = {deck_id: CACHE.by_id(deck_id) for deck_id in CACHE.ids()}
    return {**builtin_decks(), **{deck_id: deck for deck_id, deck in held.items() if deck is not None}}


def held_deck(deck_id: str, digest: str) -> Deck | None:
    """Return the deck a game plays (id and content hash) if this process has it: built in, or held."""
    deck = find_deck(deck_id)
    if deck is not None and deck.digest == digest:
        return deck
    found = CACHE.by_digest(digest)
    return found if found is not None and found.id == deck_id else None
