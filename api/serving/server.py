"""Run the app under gunicorn with gevent workers: each connection is a greenlet, so idle followers cost no thread.

The worker adds what gevent's own does not bound: a request's head must arrive within `HEAD_TIMEOUT` seconds of
connecting (or of the previous answer on a kept-alive connection), its body within `BODY_TIMEOUT` seconds, a
process holds at most `MAX_CONNECTIONS` connections and one client at most `MAX_CONNECTIONS_PER_CLIENT` of them:
beyond that it answers 503 `server/busy` and closes, a few times a second (`refusals`), and resets the rest.
A client holding more than `LIGHT` of its connections waits in the quiet lane (`lanes`) before each request.
`100 Continue` is sent when the app first reads the body, so a request refused from its head is answered without it.
"""

import gc
import logging
import math
import os
import resource
import socket
import time
from collections import Counter
from pathlib import Path
from typing import Any

import gevent
import gevent.local
from gevent import monkey
from gevent.socket import socket as GeventSocket
from gunicorn.app.base import BaseApplication
from gunicorn.glogging import Logger
from gunicorn.workers import ggevent
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.wsgi import ClosingIterator

from api import config, logs
from api.http.limits import capacity, clients
from api.serving import lanes, refusals

log = logging.getLogger("deskovka.api")
# Connections a worker still accepts beyond its cap, only to answer them 503 (past these the kernel queues them).
REFUSE_ROOM = 500
# File descriptors a worker needs besides its clients: Redis connections, log files, the listening socket.
SPARE_FILES = 256
# gunicorn's default length of the listen queue.
LISTEN_QUEUE = 2048
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
# A client's share of a worker's connections, unless DESKOVKA_MAX_CONNECTIONS_PER_CLIENT says: this part of them,
# and never fewer than SHARE_AT_LEAST (a browser opens six, a table of players behind one NAT a few more).
SHARE_PART = 25
SHARE_AT_LEAST = 8
# Collections of the middle generation before a full one (Python's default: 10).
FULL_PASS_AFTER = 100
# A client holding more of a worker's connections than the least share any worker gives is served in the quiet lane.
LIGHT = SHARE_AT_LEAST
# Connections a worker resets as it accepts them, at most, before it turns back to its loop.
RESET_BATCH = 256
# The standard library's socket, which gevent's patching replaced: a connection reset at once needs no loop.
_PlainSocket = monkey.get_original("socket", "socket")


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings:  # control_socket_disable is new in gunicorn 25
                self.cfg.set(key, value)

    def load(self):
        from api.http.app import create_app

        return create_app()


class _Body:
    """A request body that must have arrived by a deadline (else 408 `request/timeout`), and that asks for it.

    A client that sent `Expect: 100-continue` is sent `100 Continue` on the body's first read, so one refused
    before anything reads its body (413 by its length, 404, 415, 429, ...) never sends it.
    """

    def __init__(self, body, seconds: float, continue_to=None) -> None:
        self._body, self._seconds = body, seconds
        self._deadline = time.monotonic() + seconds
        self.timed_out = False
        self.continue_to = continue_to

    def _within(self, read, *args):
        if self.continue_to is not None:
            sock, self.continue_to = self.continue_to, None
            sock.sendall(CONTINUE)
            self._deadline = time.monotonic() + self._seconds  # the client waited for this to send
        left = self._deadline - time.monotonic()
        try:
            if left <= 0:
                raise gevent.Timeout()
            with gevent.Timeout(left):
                return read(*args)
        except gevent.Timeout:
            self.timed_out = True
            raise capacity.body_too_slow(self._seconds) from None

    def read(self, size=None):
        return self._within(self._body.read, size)

    def readline(self, size=None):
        return self._within(self._body.readline, size)

    def readlines(self, hint=None):
        return self._within(self._body.readlines, hint)

    def __iter__(self):
        while line := self.readline():
            yield line


def client_share(setting: object, max_open: int) -> int:
    """The connections one client may hold in a worker (0: no share)."""
    if setting not in (None, ""):
        return int(setting)  # type: ignore[call-overload]
    return max(SHARE_AT_LEAST, max_open // SHARE_PART)


class Worker(GeventWorker):
    """gunicorn's gevent worker with a body deadline, a late `100 Continue`, and caps on open connections
    (the worker's and each client's) answered with 503."""

    def init_process(self) -> None:
        settings = config.from_env()
        self.body_timeout = float(settings["BODY_TIMEOUT"])  # type: ignore[arg-type]
        self.max_open = int(self.cfg.worker_connections) - REFUSE_ROOM
        self.share = client_share(settings["MAX_CONNECTIONS_PER_CLIENT"], self.max_open)
        self.proxy_hops = int(settings["PROXY_HOPS"])  # type: ignore[call-overload]
        self.open = 0
        # Connections (or, behind proxies, requests in flight) per client.
        self.held: Counter[str] = Counter()
        self.refusals = refusals.Refusals()
        self.quiet = lanes.Quiet()
        self.connection = gevent.local.local()
        self.drain_seconds = float(settings["DRAIN_SECONDS"])  # type: ignore[arg-type]
        self.draining = False
        self.followers: Any = None
        super().init_process()

    def run(self) -> None:
        # gunicorn's run() makes its servers from this module's StreamServer: in this worker's process, ours.
        _Listener.worker = self
        ggevent.StreamServer = _Listener
        super().run()

    def _counted(self, addr: Any) -> tuple[tuple[str, int], ...]:
        """The groups a connection from `addr` counts in (none behind proxies, where the peer is a proxy)."""
        return clients.groups(addr[0]) if self.share and not self.proxy_hops and isinstance(addr, tuple) else ()

    def _fill(self, counted: tuple[tuple[str, int], ...], adding: int) -> tuple[float, str | None]:
        """How far over its share the fullest of the groups is with `adding` more connections (1.0: at its share)."""
        return max(
            (((self.held[group] + adding) / (self.share * shares), group) for group, shares in counted),
            default=(0.0, None),
        )

    def resets_at_once(self, addr: Any) -> bool:
        """Whether `handle` would reset a connection just accepted: its client beyond its share and as many again,
        or past the refusals answered this second (the worker's, when it is full). Asked before the connection has a
        greenlet, it counts nothing: `handle` asks again, and counts."""
        fill, fullest = self._fill(self._counted(addr), 1)
        if fill > 1:
            return fill > 2 or self.refusals.spent(fullest)
        return self.open >= self.max_open and self.refusals.spent(None)

    def handle_exit(self, sig, frame) -> None:
        """SIGTERM: drain before stopping. /readyz answers 503 `server/draining` at once and followers are let go
        (streams end with their resume message), while the socket still accepts for `DRAIN_SECONDS`, so that a
        load balancer sees the server leave before its socket closes; then gunicorn finishes the requests in flight
        (within its graceful timeout) and the worker exits."""
        if not self.draining:
            self.draining = True
            gevent.spawn(self._drain)

    def _drain(self) -> None:
        if self.followers is not None:
            self.followers.drain()
        log.info("draining for %g s before closing the socket", self.drain_seconds)
        gevent.sleep(self.drain_seconds)
        self.alive = False

    def load_wsgi(self) -> None:
        super().load_wsgi()
        # The app's modules, schemas and game data live as long as the worker: kept out of the collector's full
        # passes. Those passes walk every request in flight, 100-190 ms each under a long-poll flood, and came
        # once a second while the flood's connections piled up: a tenth as often now (docs/benchmarks.md).
        gc.freeze()
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, FULL_PASS_AFTER)
        app: Any = getattr(self, "wsgi")  # noqa: B009 - set by gunicorn's load_wsgi, untyped
        services = getattr(app, "extensions", {}).get("deskovka")
        self.followers = services.followers if services is not None else None
        connection, held, share, hops = self.connection, self.held, self.share, self.proxy_hops

        worker = self

        def over_cap_marked(environ, start_response):
            environ[capacity.BUSY] = getattr(connection, "busy", None)
            environ[capacity.FILL] = worker.open / max(worker.max_open, 1)
            if environ[capacity.BUSY]:
                start_response.__self__.force_close()  # say so: the connection closes after this answer
            body = getattr(connection, "body", None)
            start = start_response if body is None else _Answer(start_response, body).start_response
            if not (hops and share):
                return app(environ, start)
            # Behind proxies the peer is a proxy: the client's share is of requests in flight (long-polls, streams).
            client = clients.key(clients.forwarded(environ, hops))
            held[client] += 1
            if held[client] > share and not environ[capacity.BUSY]:
                environ[capacity.BUSY] = capacity.CLIENT
            try:
                answer = app(environ, start)
            except BaseException:
                _release(held, client)
                raise
            return ClosingIterator(answer, lambda: _release(held, client))

        self.wsgi = over_cap_marked

    def handle(self, listener, client, addr) -> None:
        # Each connection is its own greenlet, so `self.connection` is per connection.
        counted = self._counted(addr)
        for group, _ in counted:
            self.held[group] += 1
        fill, fullest = self._fill(counted, 0)
        over_share = fill > 1
        # A connection over its client's share is not counted against the worker's cap: one client must not
        # fill it for the others.
        self.open += not over_share
        try:
            busy = capacity.CLIENT if over_share else (capacity.SERVER if self.open > self.max_open else None)
            # Beyond its share and as many again, or past the refusals answered this second: reset unanswered, so
            # that one client's thousands of sockets (or re-connects) hold neither greenlets, heads nor the app.
            if busy and (fill > 2 or not self.refusals.answer(fullest if over_share else None)):
                refusals.reset(client)
                return
            self.connection.busy = busy
            self.connection.groups = counted
            self.connection.first = True
            if self._heavy():
                self.quiet.wait_turn()  # before its head is read
            super().handle(listener, client, addr)
        finally:
            self.open -= not over_share
            for group, _ in counted:
                _release(self.held, group)

    def _heavy(self) -> bool:
        """Whether the connection's client holds more of this worker's connections than a light client does."""
        return any(self.held[group] > LIGHT * shares for group, shares in self.connection.groups)

    def handle_request(self, listener_name, req, sock, addr):
        if self.connection.first:
            self.connection.first = False
        elif self._heavy():
            self.quiet.wait_turn()  # a kept-alive connection's next request
        original = req.body
        body = None
        headers = dict(req.headers)
        expects_continue = req._expected_100_continue
        req._expected_100_continue = False  # gunicorn would send it now; the body's first read does
        if "TRANSFER-ENCODING" in headers or headers.get("CONTENT-LENGTH", "0") != "0":
            body = req.body = _Body(original, self.body_timeout, sock if expects_continue else None)
        self.connection.body = body
        try:
            kept = super().handle_request(listener_name, req, sock, addr)
        finally:
            # What the app left unread is skipped before the next request, under the head's time limit instead.
            req.body = original
            self.connection.body = None
        if self.connection.busy or (body is not None and (body.timed_out or body.continue_to is not None)):
            raise StopIteration()  # answered 503 or 408, or a body never asked for: close rather than read on
        return kept


class _Listener(ggevent.StreamServer):
    """gevent's server, but a connection its worker resets unanswered (`Worker.resets_at_once`) is reset as it is
    accepted, with no gevent socket nor greenlet, and the next one accepted in the same turn of the loop (up to
    `RESET_BATCH`). gunicorn has each worker accept one connection a turn (so that its workers share them): a flood's
    thousands of re-connects held a newcomer's connection in the listen queue behind them for hundreds of ms."""

    worker: Worker | None = None

    def do_read(self):
        listening = self.socket
        for reset in range(RESET_BATCH):
            try:
                fd, address = listening._accept()
            except BlockingIOError:
                if reset or not listening.timeout:
                    return None
                raise
            if self.worker is None or not self.worker.resets_at_once(address):
                return GeventSocket(listening.family, listening.type, listening.proto, fileno=fd), address
            refusals.reset(_PlainSocket(fileno=fd))
        return None


class _Answer:
    """gunicorn's answer to a request with a body, closed when the client still waits to be asked for the body."""

    def __init__(self, start_response, body: _Body) -> None:
        self._start_response, self._body = start_response, body

    def force_close(self) -> None:
        """Close the connection after this answer (as gunicorn's own answer does; see input_bounds)."""
        self._start_response.__self__.force_close()

    def start_response(self, status, headers, exc_info=None):
        if self._body.continue_to is not None:
            # Never asked for, the body was not sent: it cannot be skipped before a next request.
            self.force_close()
        return self._start_response(status, headers, exc_info)


def _release(held: Counter, client: str) -> None:
    held[client] -= 1
    if held[client] <= 0:
        del held[client]


def open_files_for(connections: int) -> int:
    """Raise this process's soft limit on open files (inherited by the workers) towards what the cap needs.

    Return the number of connections per worker that fit under the limit.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = connections + REFUSE_ROOM + SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < want:
        raised = want if hard == resource.RLIM_INFINITY else min(want, hard)
        if raised > soft:  # at the hard limit already, there is nothing to raise (and nothing to say but the warning)
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            log.info(
                "raised the open-file limit from %d to %d for %d connections per worker", soft, raised, connections
            )
            soft = raised
    if soft != resource.RLIM_INFINITY and soft < want:
        fits = max(soft - REFUSE_ROOM - SPARE_FILES, 64)
        log.warning(
            "the open-file limit (hard %d) fits only %d connections per worker, not %d; raise it with "
            "`ulimit -n` or the service's LimitNOFILE",
            hard,
            fits,
            connections,
        )
        return fits
    return connections


def listen_queue() -> int:
    """The longest listen queue the kernel allows (net.core.somaxconn), which a client's new connection may wait in
    behind others' while the workers accept; gunicorn's own default (2048) where it cannot be read."""
    try:
        return max(LISTEN_QUEUE, int(Path("/proc/sys/net/core/somaxconn").read_text()))
    except (OSError, ValueError):
        return LISTEN_QUEUE


def port_taken(host: str, port: int) -> str | None:
    """Why the API could not listen on host:port (bound as gunicorn binds it), or None when it can."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        return error.strerror or str(error)
    return None


class _Log(Logger):
    """gunicorn's own lines through the process's log (`api.logs`: text or JSON lines); the request lines are the
    app's (`api.http.middleware.observe`), with their request id."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for logger in (self.error_log, self.access_log):
            for handler in list(logger.handlers):
                logger.removeHandler(handler)
            logger.propagate = True


def _worker_gone(server, worker) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # its followers gauge no longer counts


def run_gunicorn(host: str, port: int, workers: int, connections: int | None = None, access_log: bool = False) -> None:
    logs.configure("deskovka api")
    if access_log:
        os.environ["DESKOVKA_ACCESS_LOG"] = "on"  # read by each worker's app
    settings = config.from_env()
    connections = open_files_for(connections or int(settings["MAX_CONNECTIONS"]))  # type: ignore[call-overload]
    _Gunicorn(
        {
            "bind": f"{host}:{port}",
            "workers": workers,
            "worker_class": "api.serving.server.Worker",
            "worker_connections": connections + REFUSE_ROOM,
            # A burst of connects beyond the queue is dropped by the kernel, and each is sent again after 1 s.
            "backlog": listen_queue(),
            # The time a request's head may take; gevent's worker reads each head (and waits between kept-alive
            # requests) under this timeout.
            "keepalive": int(settings["HEAD_TIMEOUT"]),  # type: ignore[call-overload]
            # Workers report every second while serving; one silent this long is stuck and restarted.
            "timeout": 30,
            # After SIGTERM: the drain, then the requests in flight (the master kills a worker still busy then).
            "graceful_timeout": math.ceil(float(settings["DRAIN_SECONDS"]) + float(settings["FINISH_SECONDS"])),  # type: ignore[arg-type]
            # A line per request comes from the app (opt-in: it is written on the request's path), not gunicorn.
            "accesslog": None,
            "logger_class": _Log,
            "child_exit": _worker_gone,
            # One control socket per user ($HOME/.gunicorn/gunicorn.ctl) would be shared by every server on the machine.
            "control_socket_disable": True,
        }
    ).run()
