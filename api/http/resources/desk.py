"""The print desk: one page at `/` for organisers, in the visitor's language, served with its own assets."""

import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, render_template, request

from api import config
from engine.decks.model import LANGUAGES, pick_language
from engine.decks.part import MAX_IDS
from printing.calibration import SCALE_MM
from printing.kit_spec import ALL_KINDS
from printing.options import CARD_SIZES, DUPLEX_MODES, PAPERS
from printing.spec import COUNT_RANGE, GAME_NUMBER_RANGE, MAX_BACK_OFFSET, MAX_BLEED, REFERENCE_SIZES
from printing.themes import THEMES
from printing.translations import GAMES

ASSETS = Path(__file__).parents[2] / "desk"
PAGE_LANGUAGES = ("en", "cs", "sk", "de", "hu", "ru")  # the page's own languages; each has texts/<code>.json
# Everything comes from this server: a page that asks another host for anything is a bug.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Chronology's themes print under their colours' names.
CHRONOLOGY_THEMES = {"war": "red", "culture": "beige", "science": "blue"}
ENDONYMS = {"en": "English", "cs": "Čeština", "sk": "Slovenčina", "hu": "Magyar", "ru": "Русский", "de": "Deutsch"}

blp = Blueprint(
    "desk", __name__, static_folder=ASSETS / "static", static_url_path="/desk", template_folder=ASSETS / "templates"
)


@cache
def texts(lang: str) -> dict[str, str]:
    """Return the page's texts in one of PAGE_LANGUAGES, read once per process."""
    return json.loads((ASSETS / "texts" / f"{lang}.json").read_text(encoding="utf-8"))


def page_language() -> str:
    """The language asked for with ?lang=, else the most preferred of Accept-Language we have, else English."""
    asked = request.args.get("lang", "").lower()
    if asked in PAGE_LANGUAGES:
        return asked
    # By primary subtag in the visitor's order: "de-DE, en;q=0.5" is German (werkzeug's best_match would say en).
    for tag, _quality in request.accept_languages:
        primary = tag.split("-")[0].lower()
        if primary in PAGE_LANGUAGES:
            return primary
    return PAGE_LANGUAGES[0]


def print_languages() -> list[tuple[str, str]]:
    """Every language the printer prints, each named in itself."""
    return [(code, ENDONYMS.get(code, code)) for code in LANGUAGES]


def theme_names(lang: str) -> dict[str, str]:
    """Each theme's name as the cards print it, for the part's theme choices; Chronology's by its colours."""
    names = {key: pick_language(theme.names, lang) for key, theme in THEMES.items()}
    return {**names, **{theme: names[colour] for theme, colour in CHRONOLOGY_THEMES.items()}}


@blp.get("/")
def page() -> Response:
    lang = page_language()
    context: dict[str, Any] = {
        "lang": lang,
        "t": texts(lang),
        "version": config.VERSION,
        "languages": [(code, texts(code)["language_name"]) for code in PAGE_LANGUAGES],
        "print_languages": print_languages(),
        "kinds": ALL_KINDS,
        "games": GAMES,
        "papers": tuple(PAPERS),
        "card_sizes": tuple(CARD_SIZES),
        "reference_sizes": tuple(REFERENCE_SIZES),
        "duplex_modes": DUPLEX_MODES,
        "max_bleed": MAX_BLEED,
        "max_back_offset": MAX_BACK_OFFSET,
        "scale_mm": SCALE_MM,
        "count_range": COUNT_RANGE,
        "game_number_range": GAME_NUMBER_RANGE,
        "max_part": MAX_IDS,
        "theme_names": theme_names(lang),
    }
    response = Response(render_template("desk.html", **context), mimetype="text/html")
    response.headers["Content-Language"] = lang
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.vary.add("Accept-Language")
    response.cache_control.no_cache = True
    return response
