"""Read the printed texts: one JSON file per kind and language in `texts/`, so a translator edits text, not code."""

import json
from functools import cache
from pathlib import Path
from typing import Any

TEXTS_DIR = Path(__file__).with_name("texts")
KINDS = ("reference", "sheet", "calibration")  # reference cards; the score sheet's labels; the calibration sheet
GAMES = ("timeline", "chronology", "lost-cities", "around-the-world", "ticket-to-ride-europe")
SECTIONS = ("setup", "turn", "special", "end")


def text_file(kind: str, lang: str) -> Path:
    return TEXTS_DIR / f"{kind}.{lang}.json"


@cache
def texts(kind: str, lang: str) -> dict[str, Any]:
    """Return the texts of one kind in one language, read once per process."""
    return json.loads(text_file(kind, lang).read_text(encoding="utf-8"))
