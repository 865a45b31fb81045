"""What a server process answers when it is full, or when a client is too slow to send its request."""

from flask import Flask, request

from api.problems import Problem

# The WSGI environ key the server sets on requests of connections beyond its cap (api/serving/server.py): SERVER
# when the worker is full, CLIENT when the client holds its share of the worker's connections.
BUSY = "deskovka.busy"
SERVER = "server"
CLIENT = "client"
# Answered even when full: a full process is alive, and a load balancer must be able to tell.
ALWAYS_ANSWERED = frozenset({"/healthz", "/readyz"})
RETRY_AFTER = "5"


def body_too_slow(seconds: float) -> Problem:
    return Problem(408, "request/timeout", f"The request body did not arrive within {seconds:g} s.")


def init_app(app: Flask) -> None:
    @app.before_request
    def refuse_when_full() -> None:
        busy = request.environ.get(BUSY)
        if busy and request.path not in ALWAYS_ANSWERED:
            detail = ("Your address holds as many of this server's connections as one client may; close some, or "
                      "try again shortly." if busy == CLIENT else
                      "This server holds as many connections as it may. Try again shortly.")
            raise Problem(503, "server/busy", detail, headers={"Retry-After": RETRY_AFTER})
