"""The print worker's Prometheus metrics, kept in the worker's own process (never in a job's work horse, which
is forked per job: a metric it touched would leave a file per job in a multi-process folder)."""

from prometheus_client import Gauge, Histogram

from printing.spec import KINDS
from worker import QUEUES

RESULTS = ("done", "failed")
OTHER = "other"  # a job of no kind the renderer knows (one label, whatever it was)

durations = Histogram(
    "deskovka_print_job_duration_seconds",
    "Print jobs rendered, by queue, kind of print and result (done, failed).",
    ("queue", "kind", "result"),
    buckets=(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600),
)
in_progress = Gauge(
    "deskovka_print_jobs_in_progress",
    "Print jobs being rendered now, by queue.",
    ("queue",),
    multiprocess_mode="livesum",
)


def kind_of(args: tuple | list) -> str:
    """The kind of print a render job's arguments ask for (`other` for anything else)."""
    spec = args[0] if args else None
    kind = spec.get("kind", "deck") if isinstance(spec, dict) else None
    return kind if kind in KINDS else OTHER


def start_at_zero() -> None:
    """Make every series exist before the first job, so an alert after a restart sees zero, not nothing."""
    for queue in QUEUES:
        in_progress.labels(queue)
        for kind in (*KINDS, OTHER):
            for result in RESULTS:
                durations.labels(queue, kind, result)
