"""A request's heavy C work (decoding a deck's pictures, rendering a preview) off the gevent worker's loop.

Under gevent workers every connection of a process shares one thread: a deck upload that decodes its pictures for
seconds would stall every other request and follower of the process for as long. Such work runs in gevent's pool
of native threads instead; the C code doing the bulk of it (Pillow's decoders, PDFium through ctypes) releases the
GIL, so the loop keeps serving. Elsewhere (tests, the CLI, a threaded server) it runs in place.
"""

from collections.abc import Callable
from typing import Any

from gevent import monkey


def off_the_loop(func: Callable[..., Any], *args: Any) -> Any:
    """Return func(*args), computed in a native thread when this process serves with gevent."""
    if monkey.is_module_patched("socket"):
        import gevent

        # An exception is carried back and raised here: one raised in the pool's thread would be printed, with its
        # traceback, by gevent's hub, though it is an ordinary refusal (a deck's 422) answered as such.
        failed, value = gevent.get_hub().threadpool.apply(_caught, (func, args))
        if not failed:
            return value
        try:
            raise value
        finally:
            # The error's traceback holds this frame: kept in `value`, the error would hold itself, and with it every
            # frame of the request (its body, its parsed document) until a full collection of the cyclic garbage,
            # which came rarely enough that refused deck uploads held 80 MiB of a worker.
            del value
    return func(*args)


def _caught(func: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bool, Any]:
    try:
        return False, func(*args)
    except Exception as error:  # noqa: BLE001 - raised again in the request's greenlet
        return True, error
