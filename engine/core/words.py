"""The six languages every game speaks, and the names files that give each id a view shows its text in each.

A names file (`names.json` beside a game) holds, per kind of thing (`cities`, `colours`, `places`...), every id's
text in every language, with the sources of each kind and which texts no source confirmed (`provisional`):

    {"sources": {"<key>": "<where from>"},
     "kinds": {"<kind>": {"sources": ["<key>"], "names": {"<id>": {"en": "..", ..., "provisional": ["hu"]}}}}}

A game's `data(language)` carries one language of it as `names`; views keep the ids.
"""

import json
from functools import cache
from pathlib import Path
from typing import Any

from marshmallow import fields, validate

from engine.core.errors import InvalidOptions

LANGUAGES = ("en", "cs", "sk", "hu", "ru", "de")
DEFAULT_LANGUAGE = "en"
# What an entry may hold beside its texts.
ENTRY_NOTES = {"provisional", "sources", "original", "note"}

Names = dict[str, dict[str, str]]


def language_option(description: str = "The language of the names the game shows (its data's `names`).") -> Any:
    """Return the option naming the game's language, one of LANGUAGES (English by default)."""
    return fields.String(
        load_default=DEFAULT_LANGUAGE,
        validate=validate.OneOf(LANGUAGES),
        metadata={"description": description},
    )


def check_language(language: str) -> str:
    """:raises InvalidOptions: for a language deskovka does not speak."""
    if language not in LANGUAGES:
        raise InvalidOptions(
            f"There is no language {language!r}; the games speak {', '.join(LANGUAGES)}.",
            errors={"language": [f"Must be one of: {', '.join(LANGUAGES)}."]},
        )
    return language


def parse_names(raw: dict[str, Any]) -> dict[str, Names]:
    """Return every language's names from a names file's contents, each kind's ids in the file's order.

    :raises ValueError: when a text is missing or empty, or a source is not declared.
    """
    declared = set(raw.get("sources", {}))
    by_language: dict[str, Names] = {language: {} for language in LANGUAGES}
    for kind, block in raw["kinds"].items():
        unknown = set(block.get("sources", [])) - declared
        for ident, entry in block["names"].items():
            unknown |= set(entry.get("sources", [])) - declared
            extra = set(entry) - set(LANGUAGES) - ENTRY_NOTES
            if extra:
                raise ValueError(f"names: {kind}.{ident} has unknown members {sorted(extra)}")
            for language in LANGUAGES:
                text = entry.get(language)
                if not isinstance(text, str) or not text.strip():
                    raise ValueError(f"names: {kind}.{ident} has no {language} text")
                by_language[language].setdefault(kind, {})[ident] = text
        if unknown:
            raise ValueError(f"names: {kind} names undeclared sources {sorted(unknown)}")
    return by_language


@cache
def _load(path: Path) -> dict[str, Names]:
    return parse_names(json.loads(path.read_text(encoding="utf-8")))


def names_in(path: Path, language: str) -> Names:
    """Return a names file's texts in one language (read once per process; a fresh copy each call).

    :raises InvalidOptions: for a language deskovka does not speak.
    """
    found = _load(path)[check_language(language)]
    return {kind: dict(texts) for kind, texts in found.items()}


def named(path: Path, language: str) -> dict[str, Any]:
    """Return the `language` and `names` members of a game's data."""
    return {"language": language, "names": names_in(path, language)}
