"""The decks a process holds: within a byte budget, least recently used out, dropped after their time."""

from api.storage import deck_cache as store
from api.storage.deck_cache import DeckCache, weight
from engine.decks.parse import parse_deck


def deck(number, picture=0):
    cards = [
        {
            "id": f"event-{chr(97 + i)}",
            "year": 1900 + i,
            "title": {"en": f"Event {number} {i}"},
            **({"image": "x" * picture} if picture else {}),
        }
        for i in range(4)
    ]
    return parse_deck({"id": f"user-{number:032x}", "kind": "dated", "title": {"en": "D"}, "cards": cards})


class Clock:
    now = 0.0

    def __call__(self):
        return self.now


def test_the_least_recently_used_deck_goes_first_and_the_bytes_stay_within_the_limit():
    decks = [deck(n, picture=10_000) for n in range(5)]
    cache = DeckCache(limit=3 * weight(decks[0]) + 10)
    for held in decks[:3]:
        cache.add(held)
    assert cache.by_id(decks[0].id) is decks[0]  # used: now the most recent
    cache.add(decks[3])
    assert set(cache.ids()) == {decks[0].id, decks[2].id, decks[3].id} and cache.size <= cache.limit
    del held
    ids = [d.id for d in decks]
    del decks  # nothing holds the dropped deck any more
    assert cache.by_id(ids[1]) is None


def test_a_deck_held_elsewhere_is_found_after_it_was_dropped():
    first, second = deck(1, picture=10_000), deck(2, picture=10_000)
    cache = DeckCache(limit=weight(first) + 10)
    cache.add(first)
    cache.add(second)
    assert first.id not in cache.ids() and cache.size <= cache.limit
    assert cache.by_id(first.id) is first and cache.by_digest(first.digest) is first


def test_a_deck_past_its_time_is_dropped():
    clock = Clock()
    cache = DeckCache(clock=clock)
    cache.add(deck(1), keep_for=60)
    digest = cache.by_id(f"user-{1:032x}").digest
    clock.now = 59
    assert cache.by_digest(digest) is not None
    clock.now = 61
    assert cache.by_digest(digest) is None and cache.size == 0
    cache.add(deck(2), keep_for=60)
    cache.add(deck(3))
    clock.now = 200
    cache.sweep()
    assert cache.ids() == [f"user-{3:032x}"], "no time given: kept until least recently used"


def test_built_in_decks_stay_whatever_the_cache_holds(monkeypatch):
    monkeypatch.setattr(store, "CACHE", DeckCache(limit=1))
    store.add_deck(deck(1, picture=10_000))
    store.add_deck(deck(2, picture=10_000))
    assert store.find_deck("timeline-classic") is store.builtin_decks()["timeline-classic"]
    assert set(store.known_decks()) >= set(store.builtin_decks())
