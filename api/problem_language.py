"""Say problems in the client's language: English messages matched against templates, per `Accept-Language`."""

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

TEXTS = Path(__file__).with_name("texts")
LANGUAGES = ("en", "cs", "sk", "de", "hu", "ru")  # English is the messages as written
PLACEHOLDER = re.compile(r"\\\{(\w+)\\\}")
ROW = re.compile(r"\brow (\d+)\b")


@cache
def catalog(lang: str) -> dict[str, Any]:
    """Return one language's texts: `row`, `titles` by status, `messages` by English template."""
    return json.loads((TEXTS / f"problems.{lang}.json").read_text(encoding="utf-8"))


@cache
def patterns(lang: str) -> list[tuple[re.Pattern[str], str]]:
    """Each English template as a pattern whose named groups are its placeholders, with its translation."""
    found = []
    for english, translated in catalog(lang)["messages"].items():
        pattern = PLACEHOLDER.sub(lambda m: f"(?P<{m.group(1)}>.+?)", re.escape(english))
        found.append((re.compile(f"^{pattern}$", re.DOTALL), translated))
    return found


def say(message: str, lang: str, depth: int = 0) -> str:
    """Translate one English message (left as it is when no template matches it).

    A placeholder's value that is itself a message ("{pile} is empty" of "The common red deck", a hint after "not
    possible now:") is said in the language too, two levels deep at most.
    """
    if lang == "en":
        return message
    for pattern, translated in patterns(lang):
        match = pattern.match(message)
        if match:
            values: dict[str, str] = {
                # Only words can be a message: an id, a number or a place is left as it is, at no cost.
                name: say(found, lang, depth + 1) if depth < 2 and " " in found else found
                for name, found in match.groupdict().items()
            }

            def value(found: re.Match[str], values: dict[str, str] = values) -> str:
                return values.get(found.group(1), found.group(0))

            message = re.sub(r"\{(\w+)\}", value, translated)
            break
    return ROW.sub(lambda m: f"{catalog(lang)['row']} {m.group(1)}", message)


def title(status: int, english: str, lang: str) -> str:
    return english if lang == "en" else catalog(lang)["titles"].get(str(status), english)
