"""Bounds on what a request may carry: its body read within a limit, JSON depth, numbers in headers."""

import io
from collections.abc import Callable
from functools import cached_property
from typing import IO, Any

from flask import Flask, Request, g, request
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge
from werkzeug.wsgi import get_content_length

from api.http.middleware import body_json
from api.problems import Problem

MAX_DEPTH = 32
_CONTAINERS = (dict, list)
# A version or seat number in a header: ASCII digits only ('²'.isdigit() is true) and few of them.
# Endpoints that take larger bodies than the app's MAX_CONTENT_LENGTH.
BODY_LIMITS: dict[str, int] = {}


# Bytes asked of the server's body reader at a time.
READ_SIZE = 64 * 1024


def read_body(stream: IO[bytes], limit: int, length: int | None = None) -> bytes:
    """Read a whole request body of at most `limit` bytes: `length` bytes when declared, else up to its end (chunked).

    :raises RequestEntityTooLarge: for a declared length over the limit, or once a byte beyond it arrives.
    :raises ClientDisconnected: when a body of declared length ends early.
    """
    if length is not None and length > limit:
        raise RequestEntityTooLarge()
    # A body without a declared length must end by itself: one byte beyond the limit tells one that goes on.
    want = limit + 1 if length is None else length
    chunks, size = [], 0
    while size < want:
        chunk = stream.read(min(READ_SIZE, want - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise RequestEntityTooLarge()
    if length is not None and size < length:
        raise ClientDisconnected()
    return b"".join(chunks)


def read_ahead(environ: dict[str, Any], limit: int, length: int) -> bytes | None:
    """Read a body of declared length before Flask does and leave it for Flask to read again: the bytes, or None when
    reading failed (too large, too slow, cut off), which Flask's reading then meets the same way."""
    try:
        body = read_body(environ["wsgi.input"], limit, length)
    except Exception as error:  # noqa: BLE001 - handed on to Flask, which answers it
        environ["wsgi.input"] = _FailingBody(error)
        return None
    environ["wsgi.input"] = io.BytesIO(body)
    return body


class _FailingBody(io.RawIOBase):
    """A body already read by middleware that failed (too large, too slow, cut off): Flask's reading fails the same."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise self.error


class BoundedRequest(Request):
    """Flask's request whose body is read whole through `read_body`, so a chunked body over the limit is 413.

    Werkzeug bounds a body sent without Content-Length by stopping reading at the limit: it arrived cut, silently.
    """

    @cached_property
    def stream(self) -> IO[bytes]:  # type: ignore[override]
        limit = self.max_content_length
        if limit is None:
            return super().stream
        length = get_content_length(self.environ)
        if length is None and "HTTP_TRANSFER_ENCODING" not in self.environ:
            return io.BytesIO()  # no body
        return io.BytesIO(read_body(self.environ["wsgi.input"], limit, length))

    def let_go_of_body(self) -> None:
        """Keep the body's bytes no longer (its parsed value is kept instead); reading them again is an error."""
        self.__dict__.pop("_cached_data", None)
        self.__dict__["stream"] = _FailingBody(RuntimeError("the body's bytes were let go once it was parsed"))


def too_deep() -> Problem:
    return Problem("request/too_deep", f"The body is nested deeper than {MAX_DEPTH} levels.")


def within_depth(value: Any) -> bool:
    """Tell whether a parsed body nests at most MAX_DEPTH levels deep."""
    # Level by level, keeping only the containers: a flat action is one pass over its values. (A tuple, not
    # `dict | list`: isinstance takes a union several times slower.)
    if not isinstance(value, _CONTAINERS):
        return True
    level = [value]
    for _ in range(MAX_DEPTH):
        deeper = []
        for item in level:
            for child in item.values() if isinstance(item, dict) else item:
                if isinstance(child, _CONTAINERS):
                    deeper.append(child)
        if not deeper:
            return True
        level = deeper
    return False


def parsed_body() -> Any:
    """Return the request's JSON body read as orjson reads it (`body_json`), once per request (the bounds check and a
    view share it).

    :raises orjson.JSONDecodeError:
    """
    if "json_body" not in g:
        data = request.get_data(cache=True)
        if len(data) <= body_json.LARGE or not isinstance(request, BoundedRequest):
            g.json_body = body_json.loads(data)
        else:
            # A large body (a deck) is parsed from its text with its bytes let go: two copies of it at the peak of
            # its request, not three (docs/operations.md, "Memory of large bodies").
            text = body_json.text_of(data)
            del data
            request.let_go_of_body()
            g.json_body = body_json.loads_text(text)
    return g.json_body


def body_text() -> str:
    """Return the request's body as text (undecodable bytes replaced), a large body's bytes let go once decoded."""
    data = request.get_data(cache=True)
    text = data.decode(errors="replace")
    if len(data) > body_json.LARGE and isinstance(request, BoundedRequest):
        del data
        request.let_go_of_body()
    return text


def init_app(app: Flask) -> None:
    app.wsgi_app = CloseAfterTooLarge(app.wsgi_app)  # type: ignore[method-assign]


class CloseAfterTooLarge:
    """WSGI middleware: after a 413 the unread body is still on the socket, so the connection must close.

    gunicorn drops the app's own Connection header (it is hop-by-hop), so ask its response object to close.
    """

    def __init__(self, app: Callable) -> None:
        self.app = app

    def __call__(self, environ: dict, start_response: Callable) -> Any:
        def start(status: str, headers: list, exc_info: Any = None) -> Any:
            if status.startswith("413"):
                server_response: Any = getattr(start_response, "__self__", None)
                if hasattr(server_response, "force_close"):
                    server_response.force_close()
                headers = [*headers, ("Connection", "close")]
            return start_response(status, headers, exc_info)

        return self.app(environ, start)
