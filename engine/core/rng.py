"""Counter-based randomness kept in the game state, so a game replays exactly from its seed."""

import hashlib
from collections.abc import MutableSequence
from typing import Any

_sha256 = hashlib.sha256
_from_bytes = int.from_bytes
# The rejection limit for each range size seen (a few hundred at most: deck and hand sizes).
_LIMITS: dict[int, int] = {}


class Rng:
    """Draw numbers from sha256(seed, counter); the state stores only the seed and the counter."""

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter
        self._prefix = f"{seed}:".encode()

    @classmethod
    def from_state(cls, data: dict[str, int]) -> "Rng":
        return cls(data["seed"], data["counter"])

    def to_state(self) -> dict[str, int]:
        return {"seed": self.seed, "counter": self.counter}

    def _next64(self) -> int:
        digest = _sha256(self._prefix + str(self.counter).encode()).digest()
        self.counter += 1
        return _from_bytes(digest[:8], "big")

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _LIMITS.get(n)
        if limit is None:
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self._next64()
            if value < limit:
                return value % n

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return (self._next64() >> 11) / float(1 << 53)

    def choice(self, items: list[Any]) -> Any:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


# Seeds are at most 53 bits, so every client reads them exactly (a JavaScript number holds 53 bits of integer).
SEED_BITS = 53
MAX_SEED = 2**SEED_BITS - 1


def mixed_seed(chosen: int, nonce: str) -> int:
    """Return the seed a game plays when the server's nonce is mixed into the one its creator chose (53 bits)."""
    return int.from_bytes(hashlib.sha256(f"{chosen}:{nonce}".encode()).digest()[:8], "big") >> (64 - SEED_BITS)
