"""What a server process answers when it is full, or when a client is too slow to send its request.

The refusal of a full server's requests is a precondition (`api.http.middleware.preconditions.server_has_room`).
"""

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
    return Problem("request/timeout", f"The request body did not arrive within {seconds:g} s.")
