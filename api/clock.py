"""The API's one clock, so tests can freeze it."""

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)


def timestamp() -> str:
    return now().isoformat(timespec="milliseconds").replace("+00:00", "Z")
