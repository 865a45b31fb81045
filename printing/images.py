"""Find a card's picture among the built-in deck images; never follow a path or URL named by deck data."""

import re
from pathlib import Path

import engine.decks.store

IMAGE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|jpeg)$")


def image_dir() -> Path:
    """Return the folder of built-in card pictures, beside the built-in deck files."""
    return engine.decks.store.DATA / "images"


def card_image(name: str | None) -> Path | None:
    """Return the built-in picture file called `name`, or None when there is none by that plain name."""
    if not name or not IMAGE_NAME.match(name):
        return None
    path = image_dir() / name
    return path if path.is_file() else None
