"""How a worker refuses connections it has no room for: a few answered 503 each second, the others reset at once.

An answer 503 goes through the whole app (a problem with CORS, in the client's language): a millisecond or two of a
worker's time. Clients that re-open every refused connection at once (a flood from a handful of addresses) would
then keep the worker answering refusals while its listen queue fills, and a new connection of anybody else waits
behind theirs in the kernel (a dropped SYN is sent again after 1 s, then 3 s). So a worker answers at most
`PER_CLIENT` refusals a second to one client and `IN_ALL` in all; it resets the rest as it accepts them (no head
read, no answer, no TIME_WAIT), which costs it tens of microseconds.
"""

import socket
import struct
import time
from collections import Counter

# Enough for a browser's six connections and a health probe in one second; a client refused more is not one.
PER_CLIENT = 8
IN_ALL = 64
# SO_LINGER on, 0 s: close() sends a reset and forgets the connection.
RESET = struct.pack("ii", 1, 0)


class Refusals:
    """The refusals a worker answers in the current second, per client and in all."""

    def __init__(self, per_client: int = PER_CLIENT, in_all: int = IN_ALL) -> None:
        self.per_client, self.in_all = per_client, in_all
        self.second = 0
        self.answered: Counter[str] = Counter()
        self.total = 0

    def answer(self, client: str | None) -> bool:
        """Whether a refused connection of `client` (None: counted in all only, as when the worker is full) may still
        be answered 503 this second; counted if so."""
        second = int(time.monotonic())
        if second != self.second:
            self.second, self.total = second, 0
            self.answered.clear()
        if self.total >= self.in_all or (client is not None and self.answered[client] >= self.per_client):
            return False
        if client is not None:
            self.answered[client] += 1
        self.total += 1
        return True

    def spent(self, client: str | None) -> bool:
        """Whether `answer` would say no now, counting nothing."""
        if int(time.monotonic()) != self.second:
            return False
        return self.total >= self.in_all or (client is not None and self.answered[client] >= self.per_client)


def reset(connection: socket.socket) -> None:
    """Close a connection unanswered with a reset."""
    try:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
    except OSError:
        pass  # already gone
    connection.close()
