"""Print jobs on RQ: one job per distinct spec, so identical specs share one rendering."""

import hashlib
from typing import Any

import orjson
import redis
from rq import Queue, Retry
from rq.exceptions import InvalidJobOperation, NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from api import metrics
from worker.jobs import PDF_TTL, pdf_key

JOB_TIMEOUT = 600
RETRIES = 2  # only a job whose worker died is retried (worker/main.py); one that raised or timed out is not


def job_id_for(spec: dict[str, Any]) -> str:
    return "pdf-" + hashlib.sha256(orjson.dumps(spec, option=orjson.OPT_SORT_KEYS)).hexdigest()[:32]


class PrintQueue:
    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection
        self.queue = Queue("print", connection=connection, serializer=JSONSerializer)

    def submit(self, spec: dict[str, Any], deck: dict[str, Any] | None = None) -> str:
        """Enqueue a normalised spec unless the same spec is queued, rendering or rendered; return the job id."""
        job_id = job_id_for(spec)
        existing = self.fetch(job_id)
        if existing is not None and existing.get_status() == JobStatus.STARTED:
            # A job whose worker died: RQ's own clean-up retries it, or fails it once its retries are spent.
            self.queue.started_job_registry.cleanup()
            existing = self.fetch(job_id)
        status = existing.get_status() if existing is not None else None
        if status not in (None, JobStatus.FAILED, JobStatus.FINISHED) or (
            status == JobStatus.FINISHED and self.connection.exists(pdf_key(job_id))
        ):
            return job_id
        # Two identical submissions at once: only the one that claims the id enqueues it.
        if not self.connection.set(f"dk:print:{job_id}:claim", 1, nx=True, ex=5):
            return job_id
        if status == JobStatus.FAILED:
            return self.again(existing)  # type: ignore[arg-type]
        # A user deck travels with the job, so workers need no access to the state store.
        self.queue.enqueue(
            "worker.jobs.render_pdf", spec, deck, job_id=job_id, job_timeout=JOB_TIMEOUT, result_ttl=PDF_TTL,
            failure_ttl=PDF_TTL, retry=Retry(max=RETRIES), description=f"print {spec.get('kind')}",
        )
        metrics.count(self.connection, "print_jobs")
        return job_id

    def again(self, job: Job) -> str:
        """Queue a failed job once more, with its retries back (RQ's own requeue of a failed job)."""
        job.retries_left = RETRIES
        job.meta.pop("progress", None)
        try:
            self.queue.failed_job_registry.requeue(job)
        except InvalidJobOperation:  # another request requeued it first
            pass
        return job.id

    def failure(self, job: Job) -> str:
        """Say why a failed job failed, in words for the client."""
        result = job.latest_result()
        text = (result.exc_string if result is not None else None) or ""
        if "AbandonedJobError" in text or "Work-horse terminated" in text:
            return (f"The worker rendering it stopped before finishing, on each of its {RETRIES + 1} tries; "
                    "post the spec again to start over.")
        if "JobTimeoutException" in text:
            return f"The rendering took longer than {job.timeout} s; post the spec again to start over."
        lines = text.strip().splitlines()
        return f"The rendering failed: {lines[-1]}" if lines else "The rendering failed."

    def fetch(self, job_id: str) -> Job | None:
        try:
            return Job.fetch(job_id, connection=self.connection, serializer=JSONSerializer)
        except NoSuchJobError:
            return None

    def pdf(self, job_id: str) -> bytes | None:
        return self.connection.get(pdf_key(job_id))
