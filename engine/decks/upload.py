"""Decks users bring: a spreadsheet's CSV export or a JSON document, pictures as data URIs; every problem at once."""

import base64
import binascii
import csv
import dataclasses
import io
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PIL import Image, UnidentifiedImageError

from engine.decks import jpeg
from engine.decks.model import LANGUAGES, Deck, DeckError
from engine.decks.parse import MAX_TEXT, content_hash, digest, parse_deck
from engine.decks.picture_size import encoded_size, picture_size
from engine.decks.public import spells_key

# 128 bits of the content's hash, so nobody finds two documents with one id (older decks have 12 digits, and play).
USER_ID_DIGITS = 32
# The id a deck is checked under before it is hashed (an id of the same form as the one it then gets).
PENDING_ID = "user-" + "0" * USER_ID_DIGITS
MAX_IMAGE_BYTES = 256 * 1024
# A whole deck as sent (JSON or CSV): room for 1,000 cards titled in six languages, or a few dozen pictures.
MAX_DECK_BYTES = 4 << 20
DECK_FIELDS = {"id", "kind", "title", "source", "provisional", "groups", "cards"}
CARD_FIELDS = {"id", "title", "theme", "year", "group", "position", "colour", "source", "note", "image"}
MAX_IMAGE_SIDE = 4096
# Decoding a JPEG passes over its pixels once per scan, and empty scans cost a few bytes each: 2,000 of them took
# 7.5 s to decode. libjpeg writes 10 scans for a colour picture and 18 for CMYK; other encoders write fewer.
MAX_JPEG_SCANS = 64
MAX_SCANNED_PIXELS = 20 * MAX_IMAGE_SIDE * MAX_IMAGE_SIDE
IMAGE_TYPES = {"image/png": "PNG", "image/jpeg": "JPEG"}
DATA_URI = re.compile(r"^data:(image/[a-z]+);base64,(.*)$", re.DOTALL)
CSV_COLUMNS = (
    "id",
    "theme",
    "year",
    "group",
    "position",
    "colour",
    *(f"title_{lang}" for lang in LANGUAGES),
    "source",
    "note",
    "image",
)
# Python's csv module refuses cells over 131,072 characters, a third less than a picture's data URI may be; a
# deck as sent is bounded anyway (MAX_DECK_BYTES). The limit is the process's: only ever raise it.
csv.field_size_limit(max(csv.field_size_limit(), MAX_TEXT["image"]))
BC_YEAR = re.compile(r"^([0-9]{1,12})\s*(BC|BCE|př\.\s*n\.\s*l\.|до н\.\s*э\.)$", re.IGNORECASE)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64] or "group"


def _number(text: str) -> int | str:
    text = text.strip()
    bc = BC_YEAR.match(text)
    if bc:
        return -int(bc.group(1))
    # ASCII digits, and few: int() takes other scripts' digits, and refuses more than 4300 of them.
    return int(text) if re.fullmatch(r"-?[0-9]{1,12}", text) else text


Title = str | Mapping[str, str]


def deck_titles(title: Title) -> dict[str, str]:
    """A deck's title by language from one English title or titles by language (the English one, else the first,
    standing in for English)."""
    if isinstance(title, str):
        return {"en": title}
    given = {lang: text for lang, text in title.items() if text}
    fallback = given.get("en") or next(iter(given.values()), "Uploaded deck")
    return {"en": fallback, **given}


def deck_from_csv(text: str, title: Title, kind: str = "dated") -> dict[str, Any]:
    """Turn a CSV export (one card a row, the columns of CSV_COLUMNS) into a deck document; `title` in English, or
    by language (the languages of its title_ columns).

    :raises DeckError: for a file that is not such a CSV, naming the problem.
    """
    try:
        return _read_csv(text, title, kind)
    except csv.Error as error:
        raise DeckError([f"not a readable CSV file: {error}"]) from None


# A line of a CSV file as a file opened with newline="" gives it: ended by \r\n, \r or \n, kept.
CSV_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def csv_lines(text: str) -> Any:
    """The text's lines one at a time, as `io.StringIO(text, newline="")` gives them, without its copy of the whole
    text (4 bytes a character: a 4 MiB CSV took 16 MiB more)."""
    return (line.group() for line in CSV_LINE.finditer(text))


def _read_csv(text: str, title: Title, kind: str) -> dict[str, Any]:
    reader = csv.DictReader(csv_lines(text.lstrip("\ufeff")), strict=True)
    unknown = [name for name in reader.fieldnames or [] if name not in CSV_COLUMNS]
    if not reader.fieldnames or "id" not in reader.fieldnames or "title_en" not in reader.fieldnames:
        raise DeckError([f"the first row names the columns; id and title_en are required ({', '.join(CSV_COLUMNS)})"])
    if unknown:
        raise DeckError([f"unknown columns: {', '.join(unknown)} (known: {', '.join(CSV_COLUMNS)})"])
    cards: list[dict[str, Any]] = []
    groups: dict[str, str] = {}
    problems: list[str] = []
    for line, row in enumerate(reader, start=2):
        if None in row:
            problems.append(f"row {line}: more cells than the first row names columns")
            continue
        card: dict[str, Any] = {"title": {}}
        for name, value in row.items():
            value = (value or "").strip()
            if not value:
                continue
            if name.startswith("title_"):
                card["title"][name.removeprefix("title_")] = value
            elif name in ("year", "position"):
                card[name] = _number(value)
            elif name == "group":
                groups.setdefault(value, slug(value))
                card["group"] = groups[value]
            else:
                card[name] = value
        cards.append(card)
    if problems:
        raise DeckError(problems)
    doc: dict[str, Any] = {"kind": kind, "title": deck_titles(title), "cards": cards}
    if kind == "ordinal":
        doc["groups"] = [{"id": gid, "label": {"en": label}} for label, gid in groups.items()]
    return doc


def deck_from_file(path: Path, title: Title = "Uploaded deck", kind: str = "dated") -> tuple[Deck, dict[str, Any]]:
    """Read and check a deck file as `POST /v1/decks` checks an upload: CSV by its extension, else JSON.

    :raises DeckError: listing every problem (CSV problems name rows); OSError when it cannot be read.
    """
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".csv":
        try:
            return user_deck(deck_from_csv(text, title, kind))
        except DeckError as error:
            raise DeckError(csv_problems(error.problems)) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckError([f"not JSON: {error}"]) from None
    return user_deck(doc)


def csv_problems(problems: list[str]) -> list[str]:
    """Name CSV rows (the header is row 1) and their columns instead of card indexes and fields."""

    def in_rows(problem: str) -> str:
        problem = re.sub(r"^cards\[(\d+)\]\.?", lambda m: f"row {int(m.group(1)) + 2}: ", problem)
        problem = re.sub(r"cards\[(\d+)\]", lambda m: f"row {int(m.group(1)) + 2}", problem)
        return re.sub(r"^(row \d+: )title\.(\w+)", r"\1title_\2", problem)

    def row(problem: str) -> int:
        found = re.match(r"row (\d+)", problem)
        return int(found.group(1)) if found else 0

    # In row order, as a spreadsheet is read (the checks find them kind by kind); the deck's own problems first.
    return sorted((in_rows(problem) for problem in problems), key=row)


# Pixels a deck's pictures may hold together (each distinct picture counted once): 200 cards of 400x400, or 1,000
# of 180x180. Checked from the headers before any picture is decoded, so a refused upload decodes nothing (47
# pictures of 4096x4096 once took 5.4 s to refuse).
MAX_DECK_PIXELS = 32 << 20


def image_problem(uri: str, decode: bool = True) -> str | None:
    """Return what is wrong with a card picture given as a data URI, or None (its header alone unless `decode`)."""
    return image_header(uri, decode)[0]


def image_header(uri: str, decode: bool = False) -> tuple[str | None, int]:
    """What is wrong with a picture's data URI from its header (and its decoding, if asked), and its pixels."""
    problem = _image_problem(uri, decode)
    return (problem, 0) if isinstance(problem, str) or problem is None else (None, problem)


def _image_problem(uri: str, decode: bool) -> str | int | None:
    match = DATA_URI.match(uri)
    if not match or match.group(1) not in IMAGE_TYPES:
        return "image: must be a PNG or JPEG data URI (data:image/png;base64,...)"
    try:
        data = base64.b64decode(match.group(2), validate=True)
    except binascii.Error:
        return "image: the base64 data is broken"
    if len(data) > MAX_IMAGE_BYTES:
        return f"image: {len(data)} bytes; at most {MAX_IMAGE_BYTES}"
    try:
        # Only the PNG and JPEG decoders read the data, and only after its header passed the checks below.
        with Image.open(io.BytesIO(data), formats=list(IMAGE_TYPES.values())) as picture:
            if picture.format != IMAGE_TYPES[match.group(1)]:
                return f"image: declared {match.group(1)} but the data is {picture.format}"
            if max(picture.size) > MAX_IMAGE_SIDE:
                return f"image: {picture.size[0]}x{picture.size[1]} pixels; at most {MAX_IMAGE_SIDE} a side"
            if problem := decoding_problem(picture.format, picture.size, data):
                return f"image: {problem}"
            if decode:
                picture.load()
            return picture.size[0] * picture.size[1]
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return "image: the data is not a picture that decodes"


def decoding_problem(kind: str | None, size: tuple[int, int], data: bytes) -> str | None:
    """Return why decoding a picture would take too much work (a JPEG of too many scans), or None."""
    if kind != "JPEG":
        return None
    count = jpeg.scans(data)
    if count > MAX_JPEG_SCANS:
        return f"a JPEG of {count} scans; at most {MAX_JPEG_SCANS} (save it again, as a baseline JPEG)"
    if count * size[0] * size[1] > MAX_SCANNED_PIXELS:
        return (
            f"a {size[0]}x{size[1]} JPEG of {count} scans; at most {MAX_SCANNED_PIXELS:,} pixels times scans "
            "(save it again as a baseline JPEG, or smaller)"
        )
    return None


def user_deck(doc: Any) -> tuple[Deck, dict[str, Any]]:
    """Validate a user's deck document and give it its content-addressed id `user-<hash>`; the document is hashed
    only once it passed every check.

    :raises DeckError: listing every problem found.
    """
    if not isinstance(doc, dict):
        raise DeckError(["a deck is an object with kind, title and cards"])
    doc = {key: value for key, value in doc.items() if key != "id"}
    problems = _unknown_fields(doc)
    try:
        deck = parse_deck({"id": PENDING_ID, **doc}, digested=False)
    except DeckError as error:
        problems += error.problems
    else:
        problems += _ids_spelling_keys(deck)
    problems += picture_problems(doc.get("cards") if isinstance(doc.get("cards"), list) else [])
    if problems:
        raise DeckError(problems)
    doc = {"id": f"user-{content_hash(doc)[:USER_ID_DIGITS]}", **doc}
    return dataclasses.replace(deck, id=doc["id"], digest=digest(doc)), doc


def picture_problems(cards: list[Any]) -> list[str]:
    """What is wrong with the cards' pictures: the deck's pixels together first (each picture's size read from the
    first bytes of its base64), then every header (sizes, scans), and only when all pass is each distinct picture
    decoded, once."""
    pictures = {
        i: card["image"]
        for i, card in enumerate(cards)
        if isinstance(card, dict) and isinstance(card.get("image"), str)
    }
    distinct = set(pictures.values())
    sizes = {uri: _prefix_header(uri) for uri in distinct}
    if sum(pixels for _, pixels in sizes.values()) > MAX_DECK_PIXELS:
        # Refused from the first bytes alone; a picture those could not tell about is read as before.
        headers = {uri: sizes[uri] if sizes[uri] != (None, 0) else image_header(uri) for uri in distinct}
    else:
        headers = {uri: image_header(uri) for uri in distinct}
    problems = [f"cards[{i}].{headers[uri][0]}" for i, uri in pictures.items() if headers[uri][0]]
    pixels = sum(count for _, count in headers.values())
    if pixels > MAX_DECK_PIXELS:
        problems.append(f"images: {pixels:,} pixels in all (each picture once); at most {MAX_DECK_PIXELS:,} a deck")
    if problems:
        return problems
    decoded = {uri: image_problem(uri) for uri in headers}
    return [f"cards[{i}].{decoded[uri]}" for i, uri in pictures.items() if decoded[uri]]


def _prefix_header(uri: str) -> tuple[str | None, int]:
    """A picture's problem and pixels as far as its data URI's first bytes tell (0 pixels: they do not tell)."""
    match = DATA_URI.match(uri)
    if not match or match.group(1) not in IMAGE_TYPES:
        return "image: must be a PNG or JPEG data URI (data:image/png;base64,...)", 0
    # By the data's place in the URI: a copy of each picture's base64 is what this reading saves.
    size = encoded_size(uri, match.start(2))
    if size > MAX_IMAGE_BYTES:
        return f"image: {size} bytes; at most {MAX_IMAGE_BYTES}", 0
    found = picture_size(uri, match.start(2))
    if found is None:
        return None, 0
    kind, width, height = found
    if kind != IMAGE_TYPES[match.group(1)]:
        return f"image: declared {match.group(1)} but the data is {kind}", 0
    if max(width, height) > MAX_IMAGE_SIDE:
        return f"image: {width}x{height} pixels; at most {MAX_IMAGE_SIDE} a side", 0
    return None, width * height


def _unknown_fields(doc: dict[str, Any]) -> list[str]:
    """A stored deck holds the deck format's fields only, so nothing else rides along in Redis."""
    problems = [
        f"{name}: not a field of a deck ({', '.join(sorted(DECK_FIELDS))})" for name in sorted(set(doc) - DECK_FIELDS)
    ]
    cards = doc.get("cards")
    for i, card in enumerate(cards if isinstance(cards, list) else []):
        if isinstance(card, dict):
            problems += [f"cards[{i}].{name}: not a field of a card" for name in sorted(set(card) - CARD_FIELDS)]
    return problems


def _ids_spelling_keys(deck: Deck) -> list[str]:
    """Ids travel with face-down cards, so an id that shows its card's key would give the answer away."""
    word = "year" if deck.kind == "dated" else "position"
    return [
        f"cards[{i}].id: {card.id!r} shows the card's {word}, which players would see on a face-down card; "
        "choose an id without it"
        for i, card in enumerate(deck.cards)
        if spells_key(card.id, card.year if deck.kind == "dated" else card.position)  # type: ignore[arg-type]
    ]
