"""A print job's previews: rendered once a job and width bucket, kept with the job, each rendering counted against
the client's budget, and a client's renderings one at a time, so that one client's never queue another's.

A width asked for is served at its bucket's (`preview.BUCKETS`), so a job has at most five pictures however many
widths are asked. The first request of a bucket renders it and keeps it in Redis beside the job's PDF, for as long as
the PDF is kept (`PrintQueue.keep_preview`); later ones, from any process, read it. A rendering counts against the
client's `previews` budget (`DESKOVKA_LIMIT_PREVIEWS`, 429 past it); a kept picture counts nothing there, but
every preview asked for, kept or not, counts against `preview_reads` (`DESKOVKA_LIMIT_PREVIEW_READS`, a few a
second), so a client reading kept pictures without pause does not take a worker either.

A client's previews take turns: in each process one of its requests at a time (a kept picture's too), and in the
whole server one rendering at a time (a lock in Redis, which the one request of the client's a process lets through
waits for). So a client asking for many pictures at once uses one core for them, not every worker's, and another
client waits at most for PDFium's part of one rendering (tens of ms), not for the whole queue. Requests of the same
job and bucket render it once: the later ones find it kept when their turn comes.
"""

import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from api.http import current, preview
from api.http.limits import rate_limits
from api.storage.printing_queue import PrintJob, PrintQueue
from api.storage.turns import Turns

BUCKET = "previews"
READS = "preview_reads"
RENDERING_HOLD = 30_000  # ms a client's rendering holds its lock at most (a worker that died holding it)
POLL = 0.05  # seconds between looks at a client's lock held by another process


_turns = Turns()


def first_page(queue: PrintQueue, job: PrintJob, width: int, pdf: Callable[[], bytes]) -> bytes:
    """Return the finished job's first page as a PNG at `width`'s bucket, rendered from `pdf()` unless it is kept.

    :raises Problem: 429 `rate/limited` when the client's budget of previews or of renderings is spent.
    """
    rate_limits.check(READS)
    size = preview.bucket(width)
    client = rate_limits.client()
    rendering = job.rendering.id if job.rendering is not None else job.id
    # The client's turn first, then the picture's: a client waiting for its own turn never holds a picture that
    # another client asks for too (identical specs share a job).
    with _turns.one_at_a_time(("client", client)):
        kept = queue.preview(job, size)
        if kept is not None:
            return kept
        with _turns.one_at_a_time(("picture", rendering, size)):
            kept = queue.preview(job, size)
            if kept is not None:
                return kept
            rate_limits.check(BUCKET)
            with _rendering_for(client):
                png = preview.first_page_png(pdf(), size)
            queue.keep_preview(job, size, png)
    return png


@contextmanager
def _rendering_for(client: str) -> Iterator[None]:
    """Hold the client's one rendering in the whole server, waiting while another process renders for it."""
    connection, key, mine = current.connection(), f"dk:preview:rendering:{client}", secrets.token_hex(8)
    while not connection.set(key, mine, nx=True, px=RENDERING_HOLD):
        time.sleep(POLL)
    try:
        yield
    finally:
        if connection.get(key) == mine.encode():
            connection.delete(key)
