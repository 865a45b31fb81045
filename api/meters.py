"""The service's Prometheus metrics, kept by the Prometheus client library in every process that measures.

Under gunicorn (and `deskovka serve`) the processes share `PROMETHEUS_MULTIPROC_DIR`, which the command sets before
anything imports the library, so `/metrics` in any API worker answers for all of them (`api.http.resources.health`).
"""

from prometheus_client import Counter, Gauge, Histogram

from api.problems import STORE_ERRORS
from engine.games import all_games

# Seconds: from a cached read (about a millisecond) to a long-poll's longest wait.
LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
RENDER = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)

requests = Histogram(
    "deskovka_http_request_duration_seconds",
    "HTTP requests by route, method and status class.",
    ("route", "method", "status"),
    buckets=LATENCY,
)
moves = Histogram(
    "deskovka_move_duration_seconds",
    "Accepted moves (the bots' replies included), by game type.",
    ("type",),
    buckets=LATENCY,
)
actions = Counter("deskovka_moves_total", "Actions applied, bot moves included, by game type.", ("type",))
games = Counter("deskovka_games_total", "Games created, by game type.", ("type",))
followers = Gauge(
    "deskovka_followers",
    "Open long-polls and event streams, summed over the live API processes.",
    multiprocess_mode="livesum",
)
store_errors = Counter(
    "deskovka_redis_errors_total", "Requests answered 503 because Redis failed, by error.", ("error",)
)
listener_restarts = Counter(
    "deskovka_followers_listener_restarts_total",
    "Times this process's followers' listener lost its pub/sub connection (or failed) and subscribed again, by error.",
    ("error",),
)
keeper_lag = Histogram(
    "deskovka_keeper_lag_seconds",
    "How late the keeper claimed a due table, by what it was due for: a turn clock or open seats' lapse (clock), "
    "or bots to play (bots).",
    ("due",),
    buckets=LATENCY,
)


def start_at_zero() -> None:
    """Make every counter's series exist before its first event (every game type, every store error), so an alert
    after a restart sees zero rather than no series."""
    for game in all_games():
        actions.labels(game.name)
        games.labels(game.name)
    for error in (*(kind.__name__ for kind in STORE_ERRORS), "BusyLoadingError", "ReplicaAcksTimeout"):
        store_errors.labels(error)
        listener_restarts.labels(error)
    for due in ("clock", "bots"):
        keeper_lag.labels(due)


start_at_zero()
