"""The log every deskovka process writes: one line per event, as text or JSON lines (`DESKOVKA_LOG_FORMAT=json`).

A request's lines carry its request id (`X-Request-ID`) and the game it names (`game_id`), both set by
`api.http.middleware.observe` for its greenlet; a print job's lines carry its own id and the posting request's.
"""

import contextvars
import logging
import os
import re
import sys
import time
from typing import Any

import orjson

FORMATS = ("text", "json")
request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("deskovka_request_id", default=None)
game_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("deskovka_game_id", default=None)
# What a line says besides its message, in this order: the request's (see `api.http.middleware.observe`), the
# problem's `code` of a refused request, a print job's id.
FIELDS = ("request_id", "game_id", "method", "route", "status", "code", "job_id", "duration_ms")
# What would split a line or hide in one: C0 and C1 controls, DEL, the Unicode line and paragraph separators.
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return {10: "\\n", 13: "\\r", 9: "\\t"}.get(code) or (f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}")


def _json_escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def escape(text: str) -> str:
    """The text with every control and line-separator character written as an escape (a backslash stays one)."""
    return UNSAFE.sub(_escaped, text)


class _RequestId(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            record.request_id = request_id.get()
        if getattr(record, "game_id", None) is None:
            record.game_id = game_id.get()
        return True


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message, the request's fields, and a traceback as one string."""

    def __init__(self, process: str) -> None:
        super().__init__()
        self.process = process

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "process": self.process,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        # orjson leaves DEL, the C1 controls and U+2028/9 as they are (JSON allows them), where a reader that splits
        # at every line separator (Python's splitlines, a log viewer) would see a line end: written as \u escapes.
        return UNSAFE.sub(_json_escaped, orjson.dumps(line, default=str).decode())


def _field(value: Any) -> str:
    """A field's value as logfmt writes it: quoted (its quotes and backslashes escaped) when it holds a space, an
    equals sign or a quote, so a value taken from a request (a path's game id) cannot add fields of its own."""
    text = str(value)
    if text and not any(c in text for c in ' ="\\'):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class OneLineText(logging.Formatter):
    """`time [process] level message key=value...`, a traceback folded onto the same line."""

    def __init__(self, process: str) -> None:
        super().__init__("%(asctime)s [" + process + "] %(levelname)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        extra = " ".join(
            f"{name}={_field(value)}" for name in FIELDS if (value := getattr(record, name, None)) is not None
        )
        text = f"{text} {extra}" if extra else text
        return escape(text)


def configure(process: str, environ: dict[str, str] | None = None) -> None:
    """Send this process's log to standard error in the format and level the environment asks for.

    :raises SystemExit: on a format or level it does not know.
    """
    env = os.environ if environ is None else environ
    form = env.get("DESKOVKA_LOG_FORMAT", "text").strip().lower() or "text"
    level = env.get("DESKOVKA_LOG_LEVEL", "info").strip().upper() or "INFO"
    if form not in FORMATS:
        sys.exit(f"deskovka: DESKOVKA_LOG_FORMAT must be one of {', '.join(FORMATS)}, not {form!r}.")
    if not isinstance(logging.getLevelName(level), int):
        sys.exit(f"deskovka: DESKOVKA_LOG_LEVEL must be debug, info, warning or error, not {level.lower()!r}.")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines(process) if form == "json" else OneLineText(process))
    handler.addFilter(_RequestId())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
