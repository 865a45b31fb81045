"""Print jobs on RQ: one rendering per distinct spec (back offset included), small ones on a queue of their own.

A rendering is keyed by its whole normalised spec; the worker renders it in one pass, back pages drawn at their
offset, and the download serves the bytes it stored. Each post is a job of its own, with a random id that names
the spec's rendering: identical specs share the rendering, and nobody learns from an id that someone else posted
the same spec.
"""

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

import orjson
import redis
from rq import Queue, Retry
from rq.exceptions import InvalidJobOperation, NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from api import logs, meters
from api.problems import Problem, store_unavailable
from api.storage import metrics
from printing.cost import Cost
from worker import LARGE, QUEUES, SMALL
from worker.jobs import PDF_TTL, pdf_key

# Seconds a job may run before the worker stops it; a job over its time fails and is not retried. Generous beside
# the estimate (small jobs are estimated at most printing.cost.SMALL seconds, large ones at most BUDGET).
TIMEOUTS = {SMALL: 60, LARGE: 180}
RETRIES = 2  # only a job whose worker died is retried (worker/main.py); one that raised or timed out is not


# The store's own secret that job ids are made with, written once by the first server to need it.
SECRET = "dk:print:secret"
_secrets: dict[int, bytes] = {}


# How long a job's id names its rendering: as long as the rendering's PDF is kept after it finished, and an hour
# more for the time it waited in its queue and rendered.
JOB_TTL = PDF_TTL + 3600


def rendering_id_for(connection: redis.Redis, spec: dict[str, Any]) -> str:
    """A spec's rendering id: the same for the same spec (one rendering however many post it), keyed with the
    store's secret so that it cannot be computed from a guessed spec. It is never handed out (jobs have their own
    ids); ids handed out before jobs had their own were these, and still read their job until it expires."""
    text = orjson.dumps(spec, option=orjson.OPT_SORT_KEYS)
    return "pdf-" + hmac.new(secret(connection), text, hashlib.sha256).hexdigest()[:32]


def job_key(job_id: str) -> str:
    """The rendering a job's id names."""
    return f"dk:print:{job_id}:now"


def rendering_of(connection: redis.Redis, job_id: str) -> str | None:
    """The id of the rendering (the RQ job) a job's id names, None if it names none."""
    named = connection.get(job_key(job_id))
    return None if named is None else named.decode()  # type: ignore[union-attr]


def secret(connection: redis.Redis) -> bytes:
    known = _secrets.get(id(connection))
    if known is None:
        connection.set(SECRET, secrets.token_hex(32), nx=True)
        stored = connection.get(SECRET)
        assert isinstance(stored, bytes)
        known = _secrets[id(connection)] = stored
    return known


def preview_key(rendering_id: str, width: int) -> str:
    return f"dk:print:{rendering_id}:preview:{width}"


@dataclass(frozen=True)
class PrintJob:
    """A client's print job: its spec, and the RQ job rendering it (None for an instant while it is enqueued)."""

    id: str
    spec: dict[str, Any]
    rendering: Job | None


class PrintQueue:
    def __init__(self, connection: redis.Redis, replica_acks: int = 0, replica_timeout: float = 1.0) -> None:
        self.connection = connection
        # As for the game store: a job is acknowledged once that many replicas hold it, so a failover of the
        # queue's Redis (under Sentinel) loses no job whose id a client was given.
        self.replica_acks, self.replica_timeout = replica_acks, replica_timeout
        self.queues = {name: Queue(name, connection=connection, serializer=JSONSerializer) for name in QUEUES}

    def submit(self, spec: dict[str, Any], deck: dict[str, Any] | None, cost: Cost) -> str:
        """Queue a normalised spec's rendering unless it is queued, rendering or rendered; return a new job's id.

        :raises Problem: 503 `store/unavailable` when `replica_acks` replicas do not hold the job in time (posting
            the spec again is the retry: another job of the same rendering, queued once).
        """
        job_id = "pdf-" + secrets.token_hex(16)
        self.connection.set(job_key(job_id), self._submit(spec, deck, cost), ex=JOB_TTL)
        if self.replica_acks:
            self._replicated()
        return job_id

    def _replicated(self) -> None:
        """Return once `replica_acks` replicas hold the queue's writes so far: a marker written after them, and
        WAIT on its connection (replication keeps the master's order)."""
        with self.connection.pipeline(transaction=False) as pipe:
            pipe.set("dk:print:replicated", 1, px=1000)
            pipe.execute_command("WAIT", self.replica_acks, max(1, int(self.replica_timeout * 1000)))
            acked = pipe.execute()[1]
        if int(acked) < self.replica_acks:
            meters.store_errors.labels("ReplicaAcksTimeout").inc()
            problem = store_unavailable()
            raise Problem(
                problem.code,
                f"The print job was not copied to {self.replica_acks} replica(s) of the queue within "
                f"{self.replica_timeout:g} s. Post the same spec again: it is queued once either way.",
                headers=problem.headers,
            )

    def _submit(self, spec: dict[str, Any], deck: dict[str, Any] | None, cost: Cost) -> str:
        """Queue the spec's rendering unless it is queued, rendering or rendered; return the rendering's id."""
        job_id = rendering_id_for(self.connection, spec)
        existing = self._rendering(job_id)
        if existing is not None and existing.get_status() == JobStatus.STARTED:
            # A job whose worker died: RQ's own clean-up retries it, or fails it once its retries are spent.
            self._queue_of(existing).started_job_registry.cleanup()
            existing = self._rendering(job_id)
        status = existing.get_status() if existing is not None else None
        if status not in (None, JobStatus.FAILED, JobStatus.FINISHED) or (
            status == JobStatus.FINISHED and self.connection.exists(pdf_key(job_id))
        ):
            return job_id
        # Two identical submissions at once: only the one that claims the id enqueues it. A failed job's claim
        # names its failure, so posting the spec again retries it at once.
        failure = "" if existing is None else f":{existing.ended_at and existing.ended_at.timestamp()}"
        if not self.connection.set(f"dk:print:{job_id}:claim{failure}", 1, nx=True, ex=5):
            return job_id
        if existing is not None and status == JobStatus.FAILED:
            self.again(existing)
            return job_id
        name = SMALL if cost.small else LARGE
        # A user deck travels with the job, so workers need no access to the state store.
        self.queues[name].enqueue(
            "worker.jobs.render_pdf",
            spec,
            deck,
            job_id=job_id,
            job_timeout=TIMEOUTS[name],
            result_ttl=PDF_TTL,
            failure_ttl=PDF_TTL,
            retry=Retry(max=RETRIES),
            description=f"print {spec.get('kind')}",
            # The worker's lines about the job name the request that posted it.
            meta={"cost": cost.as_dict(), "request_id": logs.request_id.get()},
        )
        metrics.count(self.connection, "print_jobs")
        return job_id

    def again(self, job: Job) -> None:
        """Queue a failed job once more, with its retries back (RQ's own requeue of a failed job)."""
        job.retries_left = RETRIES
        job.meta.pop("progress", None)
        job.meta["request_id"] = logs.request_id.get()
        try:
            self._queue_of(job).failed_job_registry.requeue(job)
        except InvalidJobOperation:  # another request requeued it first
            pass

    @staticmethod
    def reason(job: Job) -> str:
        """Say in a word why a failed job failed: timeout, abandoned (its worker died on every try) or error."""
        result = job.latest_result()
        text = (result.exc_string if result is not None else None) or ""
        if "AbandonedJobError" in text or "Work-horse terminated" in text:
            return "abandoned"
        return "timeout" if "JobTimeoutException" in text else "error"

    def failure(self, job: Job) -> str:
        """Say why a failed job failed, in words for the client."""
        reason = self.reason(job)
        if reason == "abandoned":
            return (
                f"The worker rendering it stopped before finishing, on each of its {RETRIES + 1} tries; "
                "post the spec again to start over."
            )
        if reason == "timeout":
            return (
                f"The rendering ran out of time ({job.timeout} s) and was stopped; it is not retried. "
                "Post the spec again to start over, or print fewer cards or smaller pictures in one job."
            )
        result = job.latest_result()
        lines = ((result.exc_string if result is not None else None) or "").strip().splitlines()
        return f"The rendering failed: {lines[-1]}" if lines else "The rendering failed."

    def fetch(self, job_id: str) -> PrintJob | None:
        """Return a print job; None if there is none (or it expired)."""
        named = rendering_of(self.connection, job_id)
        if named is not None:
            rendering = self._rendering(named)
            return None if rendering is None else PrintJob(job_id, rendering.args[0], rendering)
        rendering = self._rendering(job_id)  # an id handed out as the rendering's own, before jobs had theirs
        return self._adopt_shared(job_id) if rendering is None else PrintJob(job_id, rendering.args[0], rendering)

    def pdf(self, job: PrintJob) -> bytes | None:
        """Return a finished job's PDF as its worker stored it; None if there is none (or it expired)."""
        if job.rendering is None:
            return None
        pdf = self.connection.get(pdf_key(job.rendering.id))
        return pdf if isinstance(pdf, bytes) else None

    def preview(self, job: PrintJob, width: int) -> bytes | None:
        """Return the preview of a finished job's first page kept at that width, if it is kept."""
        if job.rendering is None:
            return None
        kept = self.connection.get(preview_key(job.rendering.id, width))
        return kept if isinstance(kept, bytes) else None

    def keep_preview(self, job: PrintJob, width: int, png: bytes) -> None:
        """Keep a preview with the job's PDF, for as long as the PDF is kept (at most one a width bucket)."""
        if job.rendering is None:
            return
        left = self.connection.pttl(pdf_key(job.rendering.id))
        if isinstance(left, int) and left > 0:
            self.connection.set(preview_key(job.rendering.id, width), png, px=left)

    def waiting(self) -> dict[str, int]:
        """Return how many jobs wait in each queue."""
        return {name: queue.count for name, queue in self.queues.items()}

    def _queue_of(self, job: Job) -> Queue:
        return self.queues.get(job.origin) or self.queues[LARGE]

    def _adopt_shared(self, job_id: str) -> PrintJob | None:
        """Queue a job the previous release acknowledged as a share of another spec's rendering, to render itself.

        Those records (`dk:print:<id>:shares`, naming the rendering made without the back offset) live a day; this
        reading of them can go once no server of that release has run for a day.
        """
        key = f"dk:print:{job_id}:shares"
        raw = self.connection.get(key)
        record = None if raw is None else orjson.loads(raw)
        shared = None if record is None else self._rendering(record["rendering"])
        if record is None or shared is None:
            return None
        deck = shared.args[1] if len(shared.args) > 1 else None
        rendering_id = self._submit(record["spec"], deck, Cost(**shared.meta.get("cost", {"pages": 0})))
        with self.connection.pipeline() as pipe:
            pipe.delete(key)
            pipe.set(job_key(job_id), rendering_id, ex=JOB_TTL)  # the old id, still the client's
            pipe.execute()
        return PrintJob(job_id, record["spec"], self._rendering(rendering_id))

    def _rendering(self, job_id: str) -> Job | None:
        try:
            return Job.fetch(job_id, connection=self.connection, serializer=JSONSerializer)
        except NoSuchJobError:
            return None
