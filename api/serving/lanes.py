"""The quiet lane: requests of a client that holds many of a worker's connections start only when the worker has
nothing else to do.

A worker's event loop serves ready greenlets first come, first served, and accepts one connection a loop turn. A
handful of clients opening thousands of connections at once (long-polls) put thousands of requests, each a
millisecond or two of the app, ahead of anybody else's: a new connection then waited seconds in the listen queue
and a kept one's answer hundreds of milliseconds. In the quiet lane such a request waits for the loop to be idle,
one at a time, so every other client's accepts, heads and requests go first, and the heavy client still gets all
the time nobody else wants (work-conserving: nothing is refused here).
"""

import gevent
from gevent.lock import Semaphore


class Quiet:
    """One request of the heavy clients starts each time the worker's loop goes idle."""

    def __init__(self) -> None:
        self._one = Semaphore(1)
        self._waiting = 0

    def wait_turn(self) -> None:
        self._waiting += 1
        try:
            with self._one:
                gevent.idle()
        finally:
            self._waiting -= 1

    def waiting(self) -> int:
        """Requests in the lane now."""
        return self._waiting
