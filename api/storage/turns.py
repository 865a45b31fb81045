"""One holder at a time for each key, in one process: the print previews' turns of a client and of a picture, and
the one rebuild of a finished game that its readers asking at once wait for."""

import threading
from collections.abc import Hashable, Iterator
from contextlib import contextmanager


class Turns:
    """One holder at a time for each key; a key's lock is dropped once nobody holds it or waits for it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[Hashable, tuple[threading.Lock, list[int]]] = {}

    @contextmanager
    def one_at_a_time(self, key: Hashable) -> Iterator[None]:
        with self._guard:
            lock, users = self._locks.setdefault(key, (threading.Lock(), [0]))
            users[0] += 1
        try:
            with lock:
                yield
        finally:
            with self._guard:
                users[0] -= 1
                if not users[0]:
                    del self._locks[key]

    def __len__(self) -> int:
        return len(self._locks)
