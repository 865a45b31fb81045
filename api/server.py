"""Run the app under gunicorn with gevent workers: each connection is a greenlet, so idle followers cost no thread.

The worker adds what gevent's own does not bound: a request's head must arrive within `HEAD_TIMEOUT` seconds of
connecting (or of the previous answer on a kept-alive connection), its body within `BODY_TIMEOUT` seconds, and a
process holds at most `MAX_CONNECTIONS` connections: beyond that it answers 503 `server/busy` and closes.
"""

import logging
import resource
import time

import gevent
import gevent.local
from gunicorn.app.base import BaseApplication
from gunicorn.workers.ggevent import GeventWorker

from api import capacity, config

log = logging.getLogger("deskovka.api")
# Connections a worker still accepts beyond its cap, only to answer them 503 (past these the kernel queues them).
REFUSE_ROOM = 500
# File descriptors a worker needs besides its clients: Redis connections, log files, the listening socket.
SPARE_FILES = 256


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings:  # control_socket_disable is new in gunicorn 25
                self.cfg.set(key, value)

    def load(self):
        from api.app import create_app

        return create_app()


class _BodyWithDeadline:
    """A request body that must have arrived by a deadline; reading past it answers 408 `request/timeout`."""

    def __init__(self, body, seconds: float) -> None:
        self._body, self._seconds = body, seconds
        self._deadline = time.monotonic() + seconds
        self.timed_out = False

    def _within(self, read, *args):
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


class Worker(GeventWorker):
    """gunicorn's gevent worker with a body deadline and a cap on open connections answered with 503."""

    def init_process(self) -> None:
        settings = config.from_env()
        self.body_timeout = float(settings["BODY_TIMEOUT"])  # type: ignore[arg-type]
        self.max_open = int(self.cfg.worker_connections) - REFUSE_ROOM
        self.open = 0
        self.connection = gevent.local.local()
        super().init_process()

    def load_wsgi(self) -> None:
        super().load_wsgi()
        app, connection = self.wsgi, self.connection

        def over_cap_marked(environ, start_response):
            environ[capacity.BUSY] = getattr(connection, "busy", False)
            return app(environ, start_response)

        self.wsgi = over_cap_marked

    def handle(self, listener, client, addr) -> None:
        self.open += 1
        # Each connection is its own greenlet, so this is per connection.
        self.connection.busy = self.open > self.max_open
        try:
            super().handle(listener, client, addr)
        finally:
            self.open -= 1

    def handle_request(self, listener_name, req, sock, addr):
        original = req.body
        body = None
        headers = dict(req.headers)
        if "TRANSFER-ENCODING" in headers or headers.get("CONTENT-LENGTH", "0") != "0":
            body = req.body = _BodyWithDeadline(original, self.body_timeout)
        try:
            kept = super().handle_request(listener_name, req, sock, addr)
        finally:
            # What the app left unread is skipped before the next request, under the head's time limit instead.
            req.body = original
        if self.connection.busy or (body is not None and body.timed_out):
            raise StopIteration()  # answered 503 or 408: close rather than read on
        return kept


def open_files_for(connections: int) -> int:
    """Raise this process's soft limit on open files (inherited by the workers) towards what the cap needs.

    Return the number of connections per worker that fit under the limit.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = connections + REFUSE_ROOM + SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < want:
        raised = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
        log.info("raised the open-file limit from %d to %d for %d connections per worker", soft, raised,
                 connections)
        soft = raised
    if soft != resource.RLIM_INFINITY and soft < want:
        fits = max(soft - REFUSE_ROOM - SPARE_FILES, 64)
        log.warning("the open-file limit (hard %d) fits only %d connections per worker, not %d; raise it with "
                    "`ulimit -n` or the service's LimitNOFILE", hard, fits, connections)
        return fits
    return connections


def run_gunicorn(host: str, port: int, workers: int, connections: int | None = None, access_log: bool = False) -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [deskovka api] %(message)s")
    settings = config.from_env()
    connections = open_files_for(connections or int(settings["MAX_CONNECTIONS"]))  # type: ignore[call-overload]
    _Gunicorn({
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": "api.server.Worker",
        "worker_connections": connections + REFUSE_ROOM,
        # The time a request's head may take; gevent's worker reads each head (and waits between kept-alive
        # requests) under this timeout.
        "keepalive": int(settings["HEAD_TIMEOUT"]),  # type: ignore[call-overload]
        # Workers report every second while serving; one silent this long is stuck and restarted.
        "timeout": 30,
        # A line per request written by the worker itself, before it takes the next request: opt-in.
        "accesslog": "-" if access_log else None,
        # One control socket per user ($HOME/.gunicorn/gunicorn.ctl) would be shared by every server on the machine.
        "control_socket_disable": True,
    }).run()
