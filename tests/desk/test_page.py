"""The print desk page as HTTP sees it: its language, its assets, its texts, and nothing from other hosts."""

import json
import re
from html.parser import HTMLParser

import pytest

from api.http.resources.desk import ASSETS, PAGE_LANGUAGES, texts
from printing.options import CARD_SIZES, DUPLEX_MODES, PAPERS
from printing.spec import KINDS, REFERENCE_SIZES
from printing.translations import GAMES

CONTROLS = (
    "kind",
    "deck",
    "game",
    "lang",
    "paper",
    "size",
    "duplex",
    "bleed",
    "back-offset",
    "count",
    "per-page",
    "print",
    "progress",
    "download",
    "error",
    "preview",
    "deck-file",
    "deck-problems",
)


class Page(HTMLParser):
    """Collect every element's attributes, the labels' targets and every URL the page names."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: dict[str, dict[str, str | None]] = {}
        self.labelled: set[str] = set()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids[str(attributes["id"])] = {"tag": tag, **attributes}
        if tag == "label" and attributes.get("for"):
            self.labelled.add(str(attributes["for"]))
        self.urls += [str(attributes[key]) for key in ("src", "href", "action") if attributes.get(key)]


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    return page


@pytest.mark.parametrize(
    ("header", "lang", "title"),
    [
        ("cs-CZ,cs;q=0.9,en;q=0.8", "cs", "Příprava tisku"),
        ("de-DE,en;q=0.5", "de", "Drucken"),
        ("fr-FR,sk;q=0.8", "sk", "Príprava tlače"),
        ("hu-HU,fr;q=0.8", "hu", "Nyomtatás"),
        ("ru-RU", "ru", "Печать"),
        ("fr-FR,it;q=0.8", "en", "Print desk"),
        ("", "en", "Print desk"),
    ],
)
def test_the_page_speaks_the_visitors_language(client, header, lang, title):
    response = client.get("/", headers={"Accept-Language": header} if header else {})
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.headers["Content-Language"] == lang and "Accept-Language" in response.headers["Vary"]
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html and f"<title>{title} · deskovka</title>" in html


def test_the_switch_overrides_accept_language(client):
    html = client.get("/?lang=en", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert "<title>Print desk · deskovka</title>" in html
    page = parse(html)
    assert [url for url in page.urls if url.startswith("?lang=")] == [f"?lang={code}" for code in PAGE_LANGUAGES]


def test_every_control_is_there_and_every_form_control_has_a_label(client):
    page = parse(client.get("/").get_data(as_text=True))
    assert set(CONTROLS) <= set(page.ids)
    assert page.ids["download"]["tag"] == "a" and page.ids["progress"]["tag"] == "progress"
    assert page.ids["deck-file"]["type"] == "file" and page.ids["print"]["tag"] == "button"
    inputs = {name for name, element in page.ids.items() if element["tag"] in ("input", "select", "textarea")}
    assert inputs and inputs <= page.labelled


def test_the_page_and_its_assets_come_from_this_server_only(client):
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy and "http" not in policy
    page = parse(response.get_data(as_text=True))
    assert page.urls and all(url.startswith(("/", "?")) for url in page.urls)
    for url in page.urls:
        if url.startswith("/desk/"):
            with client.get(url) as asset:
                assert asset.status_code == 200, url
                # An SVG names its XML namespace as a URL, which no browser fetches.
                assert not re.search(rb"https?://(?!www\.w3\.org/2000/svg\b)", asset.data), f"{url} names another host"


def test_the_options_match_what_the_printer_takes(client):
    html = client.get("/").get_data(as_text=True)
    for values in (KINDS, GAMES, tuple(PAPERS), tuple(CARD_SIZES), tuple(REFERENCE_SIZES)):
        for value in values:
            assert f'<option value="{value}"' in html
    for mode in DUPLEX_MODES:  # radio buttons, whose words wrap on a phone
        assert f'<input type="radio" id="duplex-{mode}" name="duplex" value="{mode}"' in html


def test_every_language_has_every_text_and_the_same_placeholders():
    english = texts("en")

    def placeholders(text):
        forms = text.values() if isinstance(text, dict) else [text]
        return [set(re.findall(r"\{\w+\}", form)) for form in forms]

    for lang in PAGE_LANGUAGES:
        assert set(texts(lang)) == set(english), lang
        for key, text in texts(lang).items():
            assert isinstance(text, str) == isinstance(english[key], str), (lang, key)
            if isinstance(text, dict):  # plural forms, by Unicode plural category
                assert "other" in text and set(text) <= {"zero", "one", "two", "few", "many", "other"}, (lang, key)
            assert all(found == placeholders(english[key])[0] for found in placeholders(text)), (lang, key)
    used = set(re.findall(r"\bT\.(\w+)", (ASSETS / "static" / "desk.js").read_text(encoding="utf-8")))
    used |= set(re.findall(r"\bt\.(\w+)", (ASSETS / "templates" / "desk.html").read_text(encoding="utf-8")))
    assert used <= set(english), used - set(english)
    # Texts built from a prefix and a value in the template.
    for prefix, values in (
        ("kind_", KINDS),
        ("game_", GAMES),
        ("paper_", PAPERS),
        ("duplex_", DUPLEX_MODES),
        ("size_", (*CARD_SIZES, *REFERENCE_SIZES)),
    ):
        assert {prefix + value for value in values} <= set(english)
    assert json.loads((ASSETS / "texts" / "cs.json").read_text(encoding="utf-8"))["title"] == "Příprava tisku"


def test_every_file_of_the_page_ships_as_package_data():
    import fnmatch
    import tomllib

    pyproject = tomllib.loads((ASSETS.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["*"]
    files = [path for path in ASSETS.rglob("*") if path.is_file() and "__pycache__" not in path.parts]
    assert len(files) >= 6
    for path in files:
        assert any(fnmatch.fnmatch(path.name, pattern) for pattern in patterns), f"{path} would not be installed"
