"""Print jobs: render a deck, a calibration page, score sheets or a reference card to PDF on the workers."""

import hashlib
import re

from flask import Response, request, url_for
from marshmallow import INCLUDE, Schema, fields, validate
from rq.job import JobStatus

import printing
from api.http import current, preview, preview_cache
from api.http.contract.blueprint import Blueprint
from api.http.limits.rate_limits import limited
from api.http.resources.games import LOCATION
from api.problems import Problem
from api.storage.printing_queue import PrintJob, PrintQueue
from engine.decks import Deck
from printing.cost import BUDGET, estimate
from printing.spec import no_such_deck

blp = Blueprint("print-jobs", __name__, url_prefix="/v1/print-jobs", description="Print-and-play PDFs.")


class PrintSpecSchema(Schema):
    """What a print job's body is read as: any members, each checked (type included) by the printer's validator,
    which reports every problem at once. The contract's `PrintSpec` (contract/print_specs.py, a oneOf by `kind`) takes
    this schema's place in the document."""

    class Meta:
        unknown = INCLUDE

    kind = fields.Raw(required=True)


PDF_TYPES = ["application/pdf", "application/octet-stream"]


class ConditionalHeadersSchema(Schema):
    if_none_match = fields.String(
        data_key="If-None-Match",
        metadata={"description": "The ETag of the copy you hold: 304 and no body while it is still current."},
    )


def not_modified(what: str) -> dict:
    return {
        "description": f"Not modified: the {what} you hold (its ETag in If-None-Match) is current; no body.",
        "headers": {"ETag": {"description": "The same ETag.", "schema": {"type": "string"}}},
    }


PREVIEW_TYPES = ["image/png", "application/octet-stream"]
JOB_ID = re.compile(r"^pdf-[0-9a-f]{32}$")
# RQ's states, as a client needs them.
STATUS = {"deferred": "queued", "scheduled": "queued", "stopped": "failed", "canceled": "failed"}


class ProgressSchema(Schema):
    done = fields.Integer(required=True)
    total = fields.Integer(required=True)


class PrintJobSchema(Schema):
    id = fields.String(required=True)
    status = fields.String(required=True, metadata={"enum": ["queued", "started", "finished", "failed"]})
    spec = fields.Dict(required=True, metadata={"description": "The spec, normalised (`PrintSpec` in the contract)."})
    progress = fields.Nested(
        ProgressSchema,
        allow_none=True,
        required=True,
        metadata={"description": "Pages rendered so far, once the job has started."},
    )
    pdf = fields.String(allow_none=True, required=True, metadata={"description": "Where the PDF is, once finished."})
    error = fields.String(allow_none=True, required=True)
    reason = fields.String(
        allow_none=True,
        required=True,
        metadata={
            "enum": ["timeout", "abandoned", "error", None],
            "description": "Why a failed job failed: timeout (it ran out of time and was stopped; not retried), "
            "abandoned (its worker died on every try) or error (not retried).",
        },
    )


def checked(spec: dict, deck: Deck | None = None, deck_later: bool = False) -> dict:
    """Return the spec normalised by the printer's own validator.

    :raises Problem: 422 print/invalid_spec listing every problem.
    """
    try:
        return printing.validate(spec, deck, deck_later)
    except printing.SpecError as error:
        problems = error.problems
    # Every problem at once: a user deck's id is looked up (never loaded) beside the spec's other problems.
    named = spec.get("deck")
    if deck_later and isinstance(named, str) and named.startswith("user-") and not current.decks().exists(named):
        problems = [*problems, no_such_deck(named)]
    raise Problem("print/invalid_spec", "The print spec is not valid.", errors=problems)


def queue() -> PrintQueue:
    return current.print_queue()


def describe(job_id: str, job: PrintJob | None, spec: dict | None = None) -> dict:
    """Describe a job; a job another request is enqueueing this instant shows as queued."""
    rendering = None if job is None else job.rendering
    status = "queued" if rendering is None else STATUS.get(rendering.get_status().value, rendering.get_status().value)
    meta = {} if rendering is None else rendering.get_meta(refresh=True)
    failed = rendering is not None and status == "failed"
    return {
        "id": job_id,
        "status": status,
        "spec": spec if job is None else renamed(job.spec),
        "progress": meta.get("progress"),
        "pdf": url_for("print-jobs.get_pdf", job_id=job_id) if status == "finished" else None,
        "error": queue().failure(rendering) if failed and rendering is not None else None,
        "reason": queue().reason(rendering) if failed and rendering is not None else None,
    }


def renamed(spec: dict) -> dict:
    """A spec queued before `lang` was renamed `language`, in today's names."""
    if "lang" not in spec:
        return spec
    return {("language" if key == "lang" else key): value for key, value in spec.items()}


def fetch(job_id: str) -> PrintJob:
    job = queue().fetch(job_id) if JOB_ID.match(job_id) else None
    if job is None:
        raise Problem("print-job/not_found", f"There is no print job {job_id!r} (it may have expired).")
    return job


@blp.route("", methods=["POST"])
@limited("print_jobs")
@blp.arguments(PrintSpecSchema)
@blp.response(202, PrintJobSchema, headers=LOCATION)
@blp.problems(400, 415, 422, 429, 507)
def create_print_job(spec):
    """Queue a rendering; an identical spec shares the job (and the PDF) of the first."""
    # Everything that needs no deck is checked first, so a spec refused for its paper or size loads nothing.
    shape = checked(spec, deck_later=True)
    named = shape.get("deck") if shape["kind"] in ("deck", "kit") else None  # a kit of a deck game names its deck
    deck, doc = current.decks().for_print(named) if named is not None else (None, None)
    if named is not None and deck is None:
        raise Problem("print/invalid_spec", "The print spec is not valid.", errors=[no_such_deck(named)])
    normalised = checked(spec, deck)
    cost = estimate(normalised, deck)
    if cost.over_budget:
        raise Problem(
            "print/over_budget",
            f"The job would take about {cost.seconds:.0f} s to render; one job may take at most {BUDGET:.0f} s. "
            "Print the deck in parts, with fewer or smaller pictures, or with shorter texts.",
            cost=cost.as_dict(),
            budget=BUDGET,
        )
    job_id = queue().submit(normalised, doc, cost)
    location = url_for("print-jobs.get_print_job", job_id=job_id)
    return describe(job_id, queue().fetch(job_id), normalised), 202, {"Location": location}


@blp.route("/<string:job_id>", methods=["GET"])
@blp.response(200, PrintJobSchema)
@blp.problems(404)
def get_print_job(job_id):
    """Read a print job's status and progress."""
    return describe(job_id, fetch(job_id))


def finished_job(job_id: str) -> PrintJob:
    """Return a finished job.

    :raises Problem: 404 for an unknown job, 409 while it is not finished.
    """
    job = fetch(job_id)
    if job.rendering is None or job.rendering.get_status() != JobStatus.FINISHED:
        raise not_ready(job_id, job)
    return job


def finished_pdf(job_id: str) -> tuple[PrintJob, bytes]:
    """Return a finished job and its PDF.

    :raises Problem: 404 for an unknown job, 409 while it is not finished.
    """
    job = finished_job(job_id)
    return job, pdf_of(job)


def pdf_of(job: PrintJob) -> bytes:
    """:raises Problem: 409 when the finished job's PDF is gone."""
    pdf = queue().pdf(job)
    if pdf is None:
        raise not_ready(job.id, job)
    return pdf


def not_ready(job_id: str, job: PrintJob) -> Problem:
    status = describe(job_id, job)["status"]
    return Problem("print-job/not_ready", f"The PDF is not ready: the job is `{status}`.")


@blp.route("/<string:job_id>/pdf", methods=["GET"])
@blp.response(
    200, content_type="application/pdf", headers={"ETag": {"schema": {"type": "string"}}}, description="The PDF."
)
@blp.problems(404, 409)
@blp.documented(ConditionalHeadersSchema, location="headers")
@blp.doc(
    responses={
        "304": not_modified("PDF"),
        "200": {
            "description": "The PDF.",
            "headers": {
                "ETag": {
                    "description": "The PDF's sha256; send it in If-None-Match to get 304 while unchanged.",
                    "schema": {"type": "string"},
                },
                "Content-Disposition": {
                    "description": "`attachment` with a file name saying what the PDF holds, "
                    "e.g. `timeline-classic-cs-a4-poker-long.pdf`.",
                    "schema": {"type": "string"},
                },
            },
            # Generators read application/octet-stream as bytes; with `Accept: application/octet-stream`
            # the PDF comes so.
            "content": {media: {"schema": {"type": "string", "format": "binary"}} for media in PDF_TYPES},
        },
    }
)
def get_pdf(job_id):
    """Download the PDF of a finished print job; the ETag is its sha256."""
    job, pdf = finished_pdf(job_id)
    response = Response(pdf, mimetype=request.accept_mimetypes.best_match(PDF_TYPES) or PDF_TYPES[0])
    response.set_etag(hashlib.sha256(pdf).hexdigest())
    response.headers["Content-Disposition"] = f'attachment; filename="{pdf_file_name(job.spec)}"'
    return response.make_conditional(request)


def pdf_file_name(spec: dict) -> str:
    """Name a job's PDF after what it holds, as the print desk does: `timeline-classic-cs-a4-poker-long.pdf`."""
    spec = renamed(spec)
    parts = {
        "deck": [spec.get("deck"), spec.get("language"), spec.get("paper"), spec.get("size"), spec.get("duplex")],
        "calibration": ["calibration", spec.get("paper"), spec.get("size"), spec.get("duplex")],
        "score-sheets": ["score-sheets", spec.get("language"), spec.get("count")],
        "reference": [spec.get("game"), spec.get("language"), spec.get("size")],
        "kit": ["kit", spec.get("game"), *(spec.get("languages") or []), spec.get("paper")],
    }.get(str(spec.get("kind")), ["deskovka"])
    name = "-".join(str(part) for part in parts if part not in (None, ""))
    return (re.sub(r"[^A-Za-z0-9.]+", "-", name).strip("-") or "deskovka") + ".pdf"


class PreviewQuerySchema(Schema):
    width = fields.Integer(
        load_default=preview.DEFAULT_WIDTH,
        validate=validate.Range(*preview.WIDTHS),
        metadata={
            "description": "The picture's width in pixels, at the least: it is served at the first of 160, 320, 480, "
            "800 and 1,200 at least as wide."
        },
    )


@blp.route("/<string:job_id>/preview", methods=["GET"])
@blp.arguments(PreviewQuerySchema, location="query")
@blp.response(
    200,
    content_type="image/png",
    headers={"ETag": {"schema": {"type": "string"}}},
    description="The first page as a PNG picture.",
)
@blp.problems(404, 409, 429, 507)
@blp.documented(ConditionalHeadersSchema, location="headers")
@blp.doc(
    responses={
        "304": not_modified("picture"),
        "200": {
            "description": "The first page as a PNG picture.",
            "headers": {
                "ETag": {
                    "description": "The picture's sha256; send it in If-None-Match to get 304.",
                    "schema": {"type": "string"},
                }
            },
            # As for the PDF: generators read application/octet-stream as bytes, and Accept chooses it.
            "content": {media: {"schema": {"type": "string", "format": "binary"}} for media in PREVIEW_TYPES},
        },
    }
)
def get_preview(query, job_id):
    """Show the first page of a finished print job's PDF as a small PNG, rendered with PDFium.

    The picture is rendered at the first of 160, 320, 480, 800 and 1,200 pixels at least as wide as asked, once for
    each job and width; a rendering counts against the client's budget of previews, a picture already kept does not.
    """
    job = finished_job(job_id)
    png = preview_cache.first_page(queue(), job, query["width"], lambda: pdf_of(job))
    tag = hashlib.sha256(png).hexdigest()
    if request.if_none_match.contains(tag):
        response = Response(status=304)
    else:
        mimetype = request.accept_mimetypes.best_match(PREVIEW_TYPES) or PREVIEW_TYPES[0]
        response = Response(png, mimetype=mimetype)
    response.set_etag(tag)
    response.cache_control.no_cache = True
    return response
