"""A print job's previews: rendered once a job and width bucket, kept with the job, each rendering counted against
the client's budget, and a client's renderings one at a time, so that one client's never queue another's.

A width asked for is served at its bucket's (`preview.BUCKETS`), so a job has at most five pictures however many
widths are asked. The first request of a bucket renders it and keeps it in Redis beside the job's PDF, for as long as
the PDF is kept (`PrintQueue.keep_preview`); later ones, from any process, read it. A rendering counts against the
client's `previews` budget (`DESKOVKA_LIMIT_PREVIEWS`, 429 past it); a kept picture counts nothing.

In each process a client renders one picture at a time: its other requests wait their turn, not everybody's, so a
client asking for many pictures at once holds one rendering at a time of each worker, and another client waits at
most for PDFium's part of that one (tens of ms), not for the whole queue. Requests of the same job and bucket render
it once: the later ones find it kept when their turn comes.
"""

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from api.http import preview
from api.http.limits import rate_limits
from api.storage.printing_queue import PrintJob, PrintQueue

BUCKET = "previews"


class Turns:
    """One holder at a time for each key; a key's lock is dropped once nobody holds it or waits for it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[Hashable, tuple[threading.Lock, list[int]]] = {}

    @contextmanager
    def one_at_a_time(self, key: Hashable) -> Iterator[None]:
        with self._guard:
            lock, users = self._locks.setdefault(key, (threading.Lock(), [0]))
            users[0] += 1
        try:
            with lock:
                yield
        finally:
            with self._guard:
                users[0] -= 1
                if not users[0]:
                    del self._locks[key]

    def __len__(self) -> int:
        return len(self._locks)


_turns = Turns()


def first_page(queue: PrintQueue, job: PrintJob, width: int, pdf: Callable[[], bytes]) -> bytes:
    """Return the finished job's first page as a PNG at `width`'s bucket, rendered from `pdf()` unless it is kept.

    :raises Problem: 429 `rate/limited` when the client's budget of renderings is spent.
    """
    size = preview.bucket(width)
    kept = queue.preview(job, size)
    if kept is not None:
        return kept
    rendering = job.rendering.id if job.rendering is not None else job.id
    # The client's turn first, then the picture's: a client waiting for its own turn never holds a picture that
    # another client asks for too (identical specs share a job).
    with _turns.one_at_a_time(("client", rate_limits.client())), _turns.one_at_a_time(("picture", rendering, size)):
        kept = queue.preview(job, size)
        if kept is not None:
            return kept
        rate_limits.check(BUCKET)
        png = preview.first_page_png(pdf(), size)
        queue.keep_preview(job, size, png)
    return png
