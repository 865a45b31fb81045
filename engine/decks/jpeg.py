"""Count a JPEG's scans from its marker segments, without decoding it: each scan is one more pass over its pixels."""

import re

SOI, EOI, SOS = 0xD8, 0xD9, 0xDA
# Markers without a length: TEM and the restart markers (which only occur inside entropy-coded data).
STANDALONE = {0x01, *range(0xD0, 0xD8)}
# The next marker after a scan's entropy-coded data: 0xFF, more fill 0xFFs, then neither a stuffed 0x00 nor RSTn.
NEXT_MARKER = re.compile(rb"\xff+[^\x00\xd0-\xd7\xff]")


def scans(data: bytes) -> int:
    """Return how many scans (SOS segments) a JPEG has; a broken file counts those before the break."""
    if data[:2] != b"\xff\xd8":
        return 0
    count, i = 0, 2
    while i + 1 < len(data):
        if data[i] != 0xFF:
            break
        if data[i + 1] == 0xFF:  # fill byte before a marker
            i += 1
            continue
        marker = data[i + 1]
        if marker == EOI:
            break
        if marker in STANDALONE:
            i += 2
            continue
        end = i + 2 + int.from_bytes(data[i + 2 : i + 4], "big")
        if marker == SOS:
            count += 1
            found = NEXT_MARKER.search(data, end)
            if found is None:
                break
            end = found.start()
        i = end
    return count
