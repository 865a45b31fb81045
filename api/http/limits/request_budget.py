"""A budget of requests each client may make of one server process, reads included (`DESKOVKA_LIMIT_REQUESTS`,
and `DESKOVKA_LIMIT_ADDRESS_REQUESTS` for all of one address's together).

Every costly request has a limit of its own, but plain reads cost a worker too: one client reading kept finished
games on four connections without pause (300 a second, 0.6 ms of a worker's CPU each) held most of the worker, and
another client's requests waited in its event loop behind them (4x idle; docs/benchmarks.md). So every request but
the health probes draws on a token bucket kept by the process itself, counted before Flask with no word to Redis:
a bucket holds a window's count and fills again at that count per window, so a client may burst up to the count
and then go on at its rate. A process holds the buckets of at most `MOST_CLIENTS` clients, the longest unasked
dropped first (a full bucket is the same as none). Behind a load balancer each process counts its own share: the
budget is per process, as the connections' share is.

A client is its seat where its request shows a token that has authenticated (this process saw that token let a
read or a move of its seat through), so people behind one NAT (a classroom, a carrier) each have their own bucket;
a request without a token, or with a token not yet seen to authenticate (a forged one never is), draws on its
address's. All of an address's requests, whatever their token, also draw on a larger bucket of its own, so that
tokens are not a way to multiply one client's share.

A client's requests also take turns in the process (`N/running` in the budget): at most N of them run at once, the
others waiting (a sleeping greenlet) for one to end, so a client asking on many connections at once has at most N
requests in the worker's event loop ahead of another client's, not one for each connection.
"""

import time
from collections import OrderedDict
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from api.http import current
from api.http.limits.rate_limits import WHAT, unit
from api.limits import RUNNING
from api.storage.turns import Turns

BUCKET, ADDRESS, ASSETS = "requests", "address_requests", "asset_requests"
# The pages' own files, which draw on the address's bucket of ASSETS instead of BUCKET and ADDRESS.
ASSET_PATHS = ("/play/static/", "/desk/", "/docs/assets/")
ASSET_ENDINGS = (".js", ".css", ".png", ".svg", ".ico", ".woff2", ".map")
MOST_CLIENTS = 10_000
# A request past its bucket waits for its token when it comes within this many seconds, and is refused (429) only
# beyond: so a client asking faster than its rate is paced, its requests waiting behind each other (a sleeping
# greenlet, no CPU) rather than running in bursts in front of everybody else's.
QUEUE = 0.25
SEAT_SHOWN = current.SEAT_SHOWN  # set when the request's token authenticated a seat
ANONYMOUS = "-"  # a book key's token part for a request without one (`history_budget.book_key`)


@dataclass
class Bucket:
    tokens: float
    at: float  # time.monotonic() of the last count


class Buckets:
    """Token buckets by client of one budget: each window's (count, seconds) a bucket of `count` filling at
    count/seconds. A request may take a token that is not there yet, up to `QUEUE` seconds ahead: it waits for it."""

    def __init__(self, limits: list[tuple[int, int]], most_clients: int = MOST_CLIENTS) -> None:
        self.limits = [(count, seconds) for count, seconds in limits if seconds > 0]
        self.most_clients = most_clients
        self.held: OrderedDict[tuple[str, int], Bucket] = OrderedDict()

    def wait(self, client: str) -> tuple[float, int, int]:
        """The seconds until each of the client's buckets holds a token for one more request (0: at once), the
        longest, with that window's (count, seconds); (0.0, 0, 0) for a budget of no limits."""
        now = time.monotonic()
        longest = (0.0, 0, 0)
        for count, seconds in self.limits:
            bucket = self.held.pop((client, seconds), None)
            if bucket is None:
                bucket = Bucket(float(count), now)
            else:
                bucket.tokens = min(float(count), bucket.tokens + (now - bucket.at) * count / seconds)
                bucket.at = now
            self.held[(client, seconds)] = bucket
            wait = max(0.0, (1.0 - bucket.tokens) * seconds / count)
            if wait > longest[0] or not longest[1]:
                longest = (wait, count, seconds)
        while len(self.held) > self.most_clients * len(self.limits):
            self.held.popitem(last=False)
        return longest

    def take(self, client: str) -> None:
        """Count one request of the client (after `wait`): a bucket may go below empty by the requests waiting."""
        for _, seconds in self.limits:
            bucket = self.held.get((client, seconds))
            if bucket is not None:
                bucket.tokens -= 1.0


class Seats:
    """The tokens this process saw authenticate, by book key ("<address>|<token's hash>"), the oldest dropped."""

    def __init__(self, most: int = MOST_CLIENTS) -> None:
        self.most = most
        self.known: OrderedDict[str, None] = OrderedDict()

    def seen(self, reader: str) -> None:
        self.known.pop(reader, None)
        self.known[reader] = None
        while len(self.known) > self.most:
            self.known.popitem(last=False)

    def __contains__(self, reader: str) -> bool:
        return reader in self.known


@dataclass(frozen=True)
class Refusal:
    bucket: str
    detail: str  # with `{retry}` where the seconds to wait are said
    retry: int
    held_as: str  # the client the book of refusals holds it against


class Budget:
    """One process's budget of requests: a bucket for each client, and one for each address's requests together."""

    def __init__(self, limits: dict[str, list[tuple[int, int]]], queue: float = QUEUE) -> None:
        self.clients = Buckets(limits.get(BUCKET) or [])
        self.addresses = Buckets(limits.get(ADDRESS) or [])
        self.assets = Buckets(limits.get(ASSETS) or [])
        self.seats = Seats()
        self.queue = queue
        # "N/running": at most N of a client's requests run in the process at once, the others wait their turn
        self.running = min((count for count, seconds in limits.get(BUCKET) or [] if seconds == RUNNING), default=0)
        self.turns = Turns()

    def turn(self, client: str, environ: dict[str, Any]) -> AbstractContextManager[None]:
        """The request's turn among its client's requests (none to wait for: a long-poll or a stream, which wait
        for events rather than run, and whose event history has its own budget)."""
        if not self.running or environ.get("PATH_INFO", "").endswith("/events"):
            return nullcontext()
        return self.turns.at_most(client, self.running)

    def reader(self, address: str, shown: str) -> str:
        """The client a request draws on: the book key of its token once that token authenticated, else the
        address's (`shown`: the request's book key, "<address>|<token's hash or ->")."""
        return shown if shown in self.seats else f"{address}|{ANONYMOUS}"

    def take_asset(self, address: str) -> float | Refusal:
        """Count one request of a page's file, as `take` does, against the address's bucket of files."""
        wait, count, seconds = self.assets.wait(address)
        if wait > self.queue:
            return _refusal(ASSETS, count, seconds, wait, address)
        self.assets.take(address)
        return wait

    def take(self, address: str, shown: str) -> float | Refusal:
        """Count one request: the seconds it waits for its turn (0: none), or a Refusal when it would wait longer
        than the queue allows (then nothing is counted)."""
        reader = self.reader(address, shown)
        wait, count, seconds = self.clients.wait(reader)
        if wait > self.queue:
            return _refusal(BUCKET, count, seconds, wait, shown)
        ceiling, count, seconds = self.addresses.wait(address)
        if ceiling > self.queue:
            return _refusal(ADDRESS, count, seconds, ceiling, address)
        self.clients.take(reader)
        self.addresses.take(address)
        return max(wait, ceiling)


def _refusal(bucket: str, count: int, seconds: int, wait: float, held_as: str) -> Refusal:
    detail = f"At most {count} {WHAT[bucket]} per {unit(seconds)} from one client; try again in {{retry}} s."
    return Refusal(bucket, detail, max(1, int(wait) + 1), held_as)


def is_asset(path: str) -> bool:
    """Whether a path asks for one of the pages' own files."""
    return path.startswith(ASSET_PATHS) and path.endswith(ASSET_ENDINGS)
