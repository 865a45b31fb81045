"""The table page: a lobby at `/play` and a game at `/play/{game_id}`, one page of ES modules on the public API."""

import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, render_template

from api import config
from api.http.resources.desk import PAGE_LANGUAGES, POLICY, page_language

ASSETS = Path(__file__).parents[2] / "play"
GAME_TYPES = ("timeline", "chronology", "lost-cities", "around-the-world", "ticket-to-ride-europe")

blp = Blueprint(
    "play",
    __name__,
    static_folder=ASSETS / "static",
    static_url_path="/play/static",
    template_folder=ASSETS / "templates",
)


def read_texts(name: str) -> dict[str, Any]:
    path = ASSETS / "texts" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


@cache
def texts(lang: str) -> dict[str, Any]:
    """The shell's words and every board's in one language, English filling any key a language lacks."""
    words = {**read_texts("en"), **read_texts(lang)}
    for game in GAME_TYPES:
        words.update({**read_texts(f"{game}.en"), **read_texts(f"{game}.{lang}")})
    return words


def answer(game_id: str | None) -> Response:
    lang = page_language()
    words = texts(lang)
    context = {
        "lang": lang,
        "t": words,
        "game_id": game_id,
        "version": config.VERSION,
        "languages": [(code, texts(code)["language_name"]) for code in PAGE_LANGUAGES],
    }
    response = Response(render_template("play.html", **context), mimetype="text/html")
    response.headers["Content-Language"] = lang
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.vary.add("Accept-Language")
    response.cache_control.no_cache = True
    return response


@blp.get("/play")
def lobby() -> Response:
    return answer(None)


@blp.get("/play/<string:game_id>")
def table(game_id: str) -> Response:
    return answer(game_id)
