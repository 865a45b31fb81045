"""RQ job functions (thin) and the worker entry point; jobs take JSON arguments and let failures raise."""

SMALL = "print-small"
LARGE = "print-large"
QUEUES = (SMALL, LARGE)

# The worker processes one machine runs (`deskovka serve` starts one of each; a supervisor restarts them from this
# list): the queues each listens to, in order. Small jobs have a worker of their own, so they never wait behind a
# large one; the large worker takes small jobs too while it has no large one.
WORKERS: dict[str, tuple[str, ...]] = {"small": (SMALL,), "large": (LARGE, SMALL)}
