"""Find a card's picture: a built-in picture by plain file name, or an uploaded one given as a checked data URI.

Never follow a path or URL named by deck data.
"""

import base64
import io
import re
from functools import lru_cache
from pathlib import Path

from reportlab.lib.utils import ImageReader

import engine.decks.store
from engine.decks.upload import DATA_URI, image_problem

IMAGE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|jpeg)$")


def image_dir() -> Path:
    """Return the folder of built-in card pictures, beside the built-in deck files."""
    return engine.decks.store.DATA / "images"


@lru_cache(maxsize=256)
def _uploaded(uri: str) -> ImageReader | None:
    match = DATA_URI.match(uri)
    if match is None or image_problem(uri) is not None:
        return None
    return ImageReader(io.BytesIO(base64.b64decode(match.group(2))))


def card_image(name: str | None) -> str | ImageReader | None:
    """Return the picture `name` stands for (a built-in file or an uploaded data URI), or None."""
    if name and name.startswith("data:"):
        return _uploaded(name)
    if not name or not IMAGE_NAME.match(name):
        return None
    path = image_dir() / name
    return str(path) if path.is_file() else None
