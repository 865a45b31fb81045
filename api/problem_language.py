"""Say problems in the client's language: English messages matched against templates, per `Accept-Language`.

A refused move's detail names the game's things by id (`Berlin-Wien is already claimed.`, `the hong_kong space`):
said in another language, each id among a placeholder's values is said as the game's word for it in that language
(its data's `names`, as `GET /v1/game-types/{type}?language=` gives them): `Berlín – Vídeň je už obsazená.`
"""

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from engine.games import get_game

TEXTS = Path(__file__).with_name("texts")
LANGUAGES = ("en", "cs", "sk", "de", "hu", "ru")  # English is the messages as written
PLACEHOLDER = re.compile(r"\\\{(\w+)\\\}")
PLACEHOLDER_TEXT = re.compile(r"\{\w+\}")
ROW = re.compile(r"\brow (\d+)\b")
# An id among a placeholder's values: a word, quoted or not, of a list said with commas, "and", "or" or an arrow.
ID = re.compile(r"(?<![\w'-])('?)([A-Za-z][\w-]*)\1(?![\w'-])")


@cache
def catalog(lang: str) -> dict[str, Any]:
    """Return one language's texts: `row`, `titles` by status, `messages` by English template."""
    return json.loads((TEXTS / f"problems.{lang}.json").read_text(encoding="utf-8"))


@cache
def patterns(lang: str) -> list[tuple[re.Pattern[str], str]]:
    """Each English template as a pattern whose named groups are its placeholders, with its translation."""
    found = []
    # The most words written out first: a template a longer one is a case of (`At most {n} {what} per {unit}` of
    # the moves' `At most {n} moves (...) per {unit}`) is tried after it.
    by_words = sorted(catalog(lang)["messages"].items(), key=lambda item: -len(PLACEHOLDER_TEXT.sub("", item[0])))
    for english, translated in by_words:
        pattern = PLACEHOLDER.sub(lambda m: f"(?P<{m.group(1)}>.+?)", re.escape(english))
        found.append((re.compile(f"^{pattern}$", re.DOTALL), translated))
    return found


def _message(value: str, lang: str) -> bool:
    """Whether a placeholder's value may be a message: words, or one word the texts say (a unit: `hour`)."""
    return " " in value or value in catalog(lang)["messages"]


@cache
def words(game: str | None, lang: str) -> dict[str, str]:
    """The game's words by id in `lang` (every kind of its names; the first kind that has an id wins), else none."""
    if game is None or lang == "en":
        return {}
    found: dict[str, str] = {}
    for kind in get_game(game).data(lang)["names"].values():
        for ident, text in kind.items():
            found.setdefault(ident, text)
    return found


def _worded(value: str, said: dict[str, str]) -> str:
    """The value with each id in it said as the game's word (quotes dropped with it)."""
    if not said:
        return value
    return ID.sub(lambda m: said.get(m.group(2), m.group(0)), value)


def say(message: str, lang: str, said: dict[str, str] | None = None, depth: int = 0) -> str:
    """Translate one English message (left as it is when no template matches it); `said`: the game's words by id.

    A placeholder's value that is itself a message ("{pile} is empty" of "The common red deck", a hint after "not
    possible now:") is said in the language too, two levels deep at most; the game's ids in the others are said as
    its words.
    """
    if lang == "en":
        return message
    said = said or {}
    for pattern, translated in patterns(lang):
        match = pattern.match(message)
        if match:
            values: dict[str, str] = {
                # Only words can be a message: an id, a number or a place is said as the game's word or left.
                name: say(found, lang, said, depth + 1) if depth < 2 and _message(found, lang) else _worded(found, said)
                for name, found in match.groupdict().items()
            }

            def value(found: re.Match[str], values: dict[str, str] = values) -> str:
                return values.get(found.group(1), found.group(0))

            message = re.sub(r"\{(\w+)\}", value, translated)
            break
    else:
        if depth:  # a value with spaces that is no message: a list of ids, "london -> paris"
            message = _worded(message, said)
    return ROW.sub(lambda m: f"{catalog(lang)['row']} {m.group(1)}", message)


def title(status: int, english: str, lang: str) -> str:
    return english if lang == "en" else catalog(lang)["titles"].get(str(status), english)
