"""What a server process answers when it is full, or when a client is too slow to send its request."""

from flask import Flask, request

from api.problems import Problem

# The WSGI environ key the server sets on requests of connections beyond its cap (see api/server.py).
BUSY = "deskovka.busy"
# Answered even when full: a full process is alive, and a load balancer must be able to tell.
ALWAYS_ANSWERED = frozenset({"/healthz", "/readyz"})
RETRY_AFTER = "5"


def body_too_slow(seconds: float) -> Problem:
    return Problem(408, "request/timeout", f"The request body did not arrive within {seconds:g} s.")


def init_app(app: Flask) -> None:
    @app.before_request
    def refuse_when_full() -> None:
        if request.environ.get(BUSY) and request.path not in ALWAYS_ANSWERED:
            raise Problem(503, "server/busy", "This server holds as many connections as it may. Try again shortly.",
                          headers={"Retry-After": RETRY_AFTER})
