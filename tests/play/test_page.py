"""The table page as HTTP sees it: its two addresses, its strict policy, its modules, and its words in six languages."""

import json
import re

import pytest

from api.http.resources.desk import PAGE_LANGUAGES
from api.http.resources.play import ASSETS, GAME_TYPES, read_texts, texts

STATIC = ASSETS / "static"


@pytest.mark.parametrize("path", ["/play", "/play/0123456789abcdef"])
def test_both_addresses_answer_the_page_with_the_desks_strict_policy(client, path):
    response = client.get(path, headers={"Accept-Language": "cs"})
    assert response.status_code == 200
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    html = response.get_data(as_text=True)
    assert '<html lang="cs">' in html
    # no inline script: only the module by address and the words as inert JSON
    for script in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S):
        attributes, body = script
        assert 'type="application/json"' in attributes or ("src=" in attributes and not body.strip())
    assert "http://" not in html.replace('xmlns="http://www.w3.org', "") and "https://" not in html


def test_the_modules_and_styles_are_served_from_the_package(client):
    for name in ["play.js", "table.js", "lobby.js", "action_button.js", "play.css", "boards/timeline.js"]:
        with client.get(f"/play/static/{name}") as response:
            assert response.status_code == 200, name
            assert response.mimetype in ("text/javascript", "application/javascript", "text/css"), name
            assert response.get_data(as_text=True) == (STATIC / name).read_text(encoding="utf-8")


def test_every_module_writes_text_only_as_text():
    for module in STATIC.rglob("*.js"):
        code = module.read_text(encoding="utf-8")
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|new Function|eval\(", code), (
            module
        )


@pytest.mark.parametrize("lang", PAGE_LANGUAGES)
def test_every_language_has_every_word_of_the_shell_and_the_boards(lang):
    for name in ["", *[f"{game}." for game in GAME_TYPES]]:
        english = read_texts(f"{name}en")
        if not english:
            continue
        translated = read_texts(f"{name}{lang}")
        missing = set(english) - set(translated)
        assert not missing, f"{name}{lang}: {sorted(missing)}"
        for key, value in english.items():
            # a plural text stays plural, and every {name} of the English is there in the translation
            assert isinstance(translated[key], type(value)), (lang, key)
            for part, words in value.items() if isinstance(value, dict) else [("", value)]:
                other = (
                    translated[key].get(part, translated[key].get("other"))
                    if isinstance(value, dict)
                    else translated[key]
                )
                assert set(re.findall(r"\{(\w+)\}", words)) <= set(re.findall(r"\{(\w+)\}", other)) | {"count"}, (
                    lang,
                    key,
                )
    assert texts(lang)["language_name"]


def test_every_key_the_modules_ask_for_is_in_the_english_words():
    asked = set()
    for module in STATIC.rglob("*.js"):
        asked |= set(re.findall(r"\bt\(\s*\"([a-z_]+[a-z0-9_-]*)\"", module.read_text(encoding="utf-8")))
    words = texts("en")
    assert not sorted(key for key in asked if key not in words)


def test_the_words_are_json_objects_of_strings_or_plural_forms():
    for path in (ASSETS / "texts").glob("*.json"):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            assert isinstance(value, str) or (isinstance(value, dict) and "other" in value), (path.name, key)
