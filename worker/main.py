"""Run an RQ worker on the print queues, with the JSON serializer, tuned so a job whose worker died is retried soon."""

import ctypes
import logging
import signal
import sys
import time

import redis
from rq import Worker
from rq.exceptions import AbandonedJobError, InvalidJobOperation
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from worker import QUEUES, WORKERS, meters

# A worker heartbeats every MONITOR seconds while a job runs; a job whose last heartbeat is HEARTBEAT_GRACE
# seconds older than that counts as abandoned, and some worker's maintenance (every MAINTENANCE seconds, and
# at start) hands it back to the queue through RQ's own abandoned-job clean-up: within about 15 s in all, where
# RQ's defaults (30 s heartbeats, 60 s grace, 10 min maintenance) take up to 11 minutes.
MONITOR = 3
HEARTBEAT_GRACE = 7
MAINTENANCE = 3
WORKER_TTL = 18  # RQ waits WORKER_TTL - 15 s for a job between looks at its maintenance clock
PR_SET_PDEATHSIG = 1
RENDER = "worker.jobs.render_pdf"
log = logging.getLogger("deskovka.worker")
# RQ's maintenance (every MAINTENANCE seconds) and its four lines per job: at debug level, not among the lines an
# operator reads. The worker writes one line per job of its own instead (PrintWorker.execute_job).
CHATTER = (
    "Worker %s: cleaning registries",
    "Worker %s: cleaning group registries",
    "Worker %s: %s: %s",  # a job taken, and "Job OK"
    "Successfully completed",
    "Worker %s: job %s result",
    "Worker %s: subscribing to channel",  # the worker's own control channel, at every start and stop
    "Worker %s: unsubscribing from channel",
)
# The job the worker (or, in a work horse, the horse) is running: its lines carry the request that posted it.
running: list[Job] = []


def chatter_at_debug(record: logging.LogRecord) -> bool:
    """Lower RQ's routine lines to debug (the handler's level then decides whether they are written)."""
    if isinstance(record.msg, str) and record.msg.startswith(CHATTER):
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger().isEnabledFor(logging.DEBUG)
    return True


def job_fields(record: logging.LogRecord) -> bool:
    """Give a line written while a job runs the job's id and the id of the request that posted it."""
    if running and getattr(record, "request_id", None) is None:
        job = running[-1]
        record.request_id = job.meta.get("request_id")
        record.job_id = job.id
    return True


def no_retry_when_the_job_raised(job: Job, exc_type: type, exc_value: BaseException, traceback: object) -> bool:
    """Retry only jobs whose worker died: a rendering that raised or timed out would do the same again.

    RQ's clean-up of abandoned jobs calls the workers' exception handlers too (with AbandonedJobError), just
    before it decides on a retry, so that case must be let through here.
    """
    if not issubclass(exc_type, AbandonedJobError):
        job.retries_left = 0
    return True


class PrintWorker(Worker):
    """RQ's forking worker with a short heartbeat grace, and a work horse that dies with its worker."""

    max_connection_wait_time = 2.0  # look for a restarted Redis every 2 s, not RQ's 60

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        remaining = job.timeout - working_time if job.timeout and job.timeout > 0 else MONITOR
        return int(min(remaining, self.job_monitoring_interval)) + HEARTBEAT_GRACE

    def execute_job(self, job: Job, queue) -> None:
        """Run the job in its work horse, measured from here: the worker's process keeps every metric."""
        kind = meters.kind_of(job.args) if job.func_name == RENDER else meters.OTHER
        started = time.perf_counter()
        running.append(job)
        meters.in_progress.labels(queue.name).inc()
        try:
            super().execute_job(job, queue)
        finally:
            meters.in_progress.labels(queue.name).dec()
            seconds = time.perf_counter() - started
            try:
                result = "done" if job.get_status(refresh=True) == JobStatus.FINISHED else "failed"
            except (InvalidJobOperation, redis.RedisError):  # expired already, or the store went away
                result = "failed"
            meters.durations.labels(queue.name, kind, result).observe(seconds)
            log.info("print job %s (%s) %s in %.2f s", job.id, kind, result, seconds)
            running.pop()

    def main_work_horse(self, job: Job, queue) -> None:
        # Without this a horse outlives a worker killed with -9 and renders on, unwatched, while the job is
        # handed to another worker as abandoned.
        if sys.platform == "linux":
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        super().main_work_horse(job, queue)


def make_worker(connection: redis.Redis, queues: list[str] | tuple[str, ...] = QUEUES) -> PrintWorker:
    return PrintWorker(
        list(queues),
        connection=connection,
        serializer=JSONSerializer,
        exception_handlers=[no_retry_when_the_job_raised],
        job_monitoring_interval=MONITOR,
        maintenance_interval=MAINTENANCE,
        worker_ttl=WORKER_TTL,
    )


OUTAGE_WAIT = 1.0  # seconds between a lost queue and the next worker


def run(queue: str | redis.Redis, role: str = "large", burst: bool = False) -> None:
    """Work the queues of one role of `worker.WORKERS`, on a connection (a Sentinel's master too) or a URL."""
    logging.getLogger("rq.worker").addFilter(chatter_at_debug)
    for handler in logging.getLogger().handlers:
        handler.addFilter(job_fields)
    meters.start_at_zero()
    connection = redis.Redis.from_url(queue) if isinstance(queue, str) else queue
    while True:
        try:
            make_worker(connection, WORKERS[role]).work(burst=burst)
            return
        except (redis.ConnectionError, redis.TimeoutError) as error:
            # RQ quits when the queue's Redis goes while a job renders; under Sentinel a new master takes over
            # within seconds, and a fresh worker (the connection asks the Sentinels again) picks up from there.
            logging.getLogger("deskovka.worker").warning(
                "the print queue does not answer (%s); working again in %g s", error, OUTAGE_WAIT
            )
            time.sleep(OUTAGE_WAIT)
