"""One holder at a time for each key (or a few), in one process: the print previews' turns of a client and of a
picture, the one rebuild of a finished game that its readers asking at once wait for, and a client's requests that
run at once (`api.http.limits.request_budget`)."""

import threading
from collections.abc import Hashable, Iterator
from contextlib import contextmanager


class Turns:
    """One holder at a time for each key (or `most`); a key's lock is dropped once nobody holds it or waits for it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[Hashable, tuple[threading.Semaphore, list[int]]] = {}

    @contextmanager
    def one_at_a_time(self, key: Hashable) -> Iterator[None]:
        with self.at_most(key, 1):
            yield

    @contextmanager
    def at_most(self, key: Hashable, most: int) -> Iterator[None]:
        """Hold one of the key's `most` turns (the same `most` for every use of a key), waiting for one if need be."""
        with self._guard:
            lock, users = self._locks.setdefault(key, (threading.Semaphore(most), [0]))
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
