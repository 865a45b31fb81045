"""RQ job functions: JSON arguments in, the PDF stored beside the job, failures left to raise."""

import hashlib
import time
from collections.abc import Callable
from typing import Any

from rq import get_current_job
from rq.job import Job

import printing
from engine.decks.parse import parse_deck

PDF_TTL = 24 * 3600
PROGRESS_EVERY = 0.25  # seconds between progress writes, so a big deck does not flood Redis


def pdf_key(job_id: str) -> str:
    return f"dk:print:{job_id}:pdf"


def render_pdf(spec: dict[str, Any], deck: dict[str, Any] | None = None) -> dict[str, Any]:
    """Render a print spec (with the user deck it names, if any) and store the PDF under the job's id."""
    job = get_current_job()
    assert job is not None, "render_pdf runs inside an RQ worker"
    pdf = printing.render(spec, progress_writer(job), None if deck is None else parse_deck(deck))
    job.connection.set(pdf_key(job.id), pdf, ex=PDF_TTL)
    return {"bytes": len(pdf), "sha256": hashlib.sha256(pdf).hexdigest()}


def progress_writer(job: Job) -> Callable[[int, int], None]:
    """Return a per-page callback writing a job's progress to its meta: the first and last page, else every 0.25 s."""
    last = 0.0

    def progress(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if done == total or now - last >= PROGRESS_EVERY:
            last = now
            job.meta["progress"] = {"done": done, "total": total}
            job.save_meta()

    return progress
