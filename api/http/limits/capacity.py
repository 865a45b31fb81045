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
# The share of its cap of connections a worker holds (set by the server on every request), and the share from
# which /readyz says the process is not ready, so a load balancer sends new clients elsewhere before it is full.
FILL = "deskovka.fill"
NEARLY_FULL = 0.9


def nearly_full(environ: dict) -> Problem | None:
    """503 `server/busy` when the worker that took the request holds NEARLY_FULL of its connections, else None."""
    fill = environ.get(FILL)
    if fill is None or fill < NEARLY_FULL:
        return None
    return Problem(
        "server/busy",
        f"This server process holds {fill:.0%} of the connections it may: not ready for more.",
        headers={"Retry-After": RETRY_AFTER},
    )


def body_too_slow(seconds: float) -> Problem:
    return Problem("request/timeout", f"The request body did not arrive within {seconds:g} s.")
