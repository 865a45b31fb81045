"""A PNG's or JPEG's format and size from the first bytes of its base64, without decoding the rest of it.

A deck's pixel budget is checked from these before any picture is decoded whole: a PNG says its size in its first 24
bytes, a JPEG in its frame header (SOFn), after its APPn segments (Exif, ICC profiles: usually a few kB). When the
prefix read does not tell (a segment longer than the prefix, or a file that is neither), the caller falls back to
reading the whole picture's header.
"""

import base64
import binascii

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Frame headers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames.
SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})
SOS = 0xDA
# Base64 characters decoded at first, then at most: 768 and 48 KiB of picture.
FIRST, MOST = 1024, 64 * 1024


def encoded_size(text: str, start: int = 0) -> int:
    """The bytes a valid base64 text (from `start` on) decodes to (padding taken off)."""
    tail = text[max(start, len(text) - 2) :]
    return (len(text) - start) // 4 * 3 - len(tail) + len(tail.rstrip("="))


def picture_size(text: str, start: int = 0) -> tuple[str, int, int] | None:
    """Return (format, width, height) of a base64 PNG or JPEG (`text` from `start` on: no copy of the rest is made)
    read from its first bytes, or None when they do not tell (the caller then reads the whole picture)."""
    chars, length = FIRST, len(text) - start
    while True:
        try:
            head = base64.b64decode(text[start : start + min(chars, length) // 4 * 4], validate=True)
        except binascii.Error:
            return None
        found = _png(head) if head.startswith(PNG_SIGNATURE) else _jpeg(head)
        if not isinstance(found, str):
            return found
        if chars >= min(length, MOST):
            return None
        chars *= 8


def _png(head: bytes) -> tuple[str, int, int] | str | None:
    if len(head) < 24:
        return "more"
    if head[12:16] != b"IHDR":
        return None
    return "PNG", int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def _jpeg(head: bytes) -> tuple[str, int, int] | str | None:
    if not head.startswith(b"\xff\xd8"):
        return None
    i = 2
    while True:
        if i + 4 > len(head):
            return "more"
        if head[i] != 0xFF:
            return None
        marker = head[i + 1]
        if marker == 0xFF:  # fill byte before a marker
            i += 1
            continue
        if marker in STANDALONE:
            i += 2
            continue
        if marker == SOS:
            return None  # a scan before any frame header: not for this reader
        if marker in SOF:
            if i + 9 > len(head):
                return "more"
            return "JPEG", int.from_bytes(head[i + 7 : i + 9], "big"), int.from_bytes(head[i + 5 : i + 7], "big")
        i += 2 + int.from_bytes(head[i + 2 : i + 4], "big")
