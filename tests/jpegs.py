"""JPEGs that cost more to decode than their bytes say: progressive pictures with many (nearly empty) scans."""

import functools
import io

from PIL import Image

from engine.decks.jpeg import NEXT_MARKER

DHT, SOS = 0xC4, 0xDA


def segments(data: bytes) -> list[tuple[int, bytes]]:
    """Split a well-formed JPEG after its SOI into (marker, bytes) pieces; a scan's piece holds its coded data."""
    pieces, i = [], 2
    while i < len(data):
        marker = data[i + 1]
        if marker == 0xD9:
            pieces.append((marker, data[i : i + 2]))
            break
        end = i + 2 + int.from_bytes(data[i + 2 : i + 4], "big")
        if marker == SOS:
            found = NEXT_MARKER.search(data, end)
            assert found is not None
            end = found.start()
        pieces.append((marker, data[i:end]))
        i = end
    return pieces


@functools.cache
def many_scans(side: int, scans: int, number: int = 0) -> bytes:
    """A side x side progressive JPEG of one colour with `scans` scans: its last scan (and its Huffman table) again
    and again, a few dozen bytes each; a comment naming `number` makes each picture distinct."""
    out = io.BytesIO()
    Image.new("RGB", (side, side), (120, 80, 200)).save(out, "JPEG", progressive=True, quality=75)
    pieces = segments(out.getvalue())
    at = max(i for i, (marker, _) in enumerate(pieces) if marker == SOS)
    last = (pieces[at - 1][1] if pieces[at - 1][0] == DHT else b"") + pieces[at][1]
    standard = sum(marker == SOS for marker, _ in pieces)
    assert scans >= standard, f"libjpeg writes {standard} scans"
    comment = f"picture {number}".encode()
    head = b"\xff\xd8\xff\xfe" + (2 + len(comment)).to_bytes(2, "big") + comment
    return head + b"".join(piece for _, piece in pieces[:-1]) + last * (scans - standard) + b"\xff\xd9"
