"""`deskovka deck validate|import FILE`: the same checks as `POST /v1/decks`, offline."""

import argparse
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from engine.decks.model import LANGUAGES, DeckError
from printing.cli import add_title_options

# The CSV columns, as engine.decks.upload names them (not imported here: it loads Pillow).
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


def load(args: argparse.Namespace) -> tuple[Any, Any]:
    """Read a deck file (CSV by its extension, else JSON) and validate it.

    :raises DeckError:
    """
    from engine.decks.upload import deck_from_file  # Pillow: only for the deck commands
    from printing.cli import titles

    return deck_from_file(Path(args.file), titles(args, args.title), args.kind)


def _checked(args: argparse.Namespace):
    try:
        return load(args)
    except OSError as error:
        print(f"deskovka: cannot read {args.file}: {error.strerror}", file=sys.stderr)
    except DeckError as error:
        print(f"{args.file}: {len(error.problems)} problem(s)", file=sys.stderr)
        for problem in error.problems:
            print(f"  {problem}", file=sys.stderr)
    return None


def validate(args: argparse.Namespace) -> int:
    checked = _checked(args)
    if checked is None:
        return 2
    deck, _ = checked
    print(
        f"{args.file}: a valid {deck.kind} deck of {len(deck.cards)} cards in {', '.join(deck.languages)} "
        f"(id {deck.id})"
    )
    return 0


def import_deck(args: argparse.Namespace) -> int:
    import redis

    from api import config
    from api.serving.embedded import EmbeddedRedis
    from api.serving.supervisor import FATAL
    from api.storage.connections import BadURL, check_url, connect

    checked = _checked(args)
    if checked is None:
        return 2
    deck, doc = checked
    settings = config.from_env()
    if settings["REDIS_URL"]:
        url = str(settings["REDIS_URL"])
        try:
            check_url(url, "DESKOVKA_REDIS_URL")
        except BadURL as error:
            print(f"deskovka: {error}", file=sys.stderr)
            return FATAL
        created, public, token = _store(connect(url), int(settings["DECK_TTL"]), deck, doc, args.public)
    else:
        # The embedded server `serve` runs, or one started for this import and stopped after it.
        with EmbeddedRedis.from_settings(settings).borrowed() as url, redis.Redis.from_url(url) as connection:
            created, public, token = _store(connection, int(settings["DECK_TTL"]), deck, doc, args.public)
    where = _where(str(url)) if settings["REDIS_URL"] else f"the embedded Redis (data in {settings['DATA_DIR']})"
    print(
        f"{deck.id} ({len(deck.cards)} cards) {'imported into' if created else 'was already in'} {where}, "
        f"key {_key(deck.id)}, {'published' if public else 'private (listed to the operator only)'}"
    )
    # The token lists a private deck in the print desk (its "deck token" field, or /?deck_token=...).
    print(f"deck token: {token}")
    print(f"print desk: /?deck_token={token}")
    return 0


def _store(connection: Any, ttl: int, deck: Any, doc: Any, public: bool) -> tuple[bool, bool, str]:
    """Store the deck and return whether it is new, whether it is published, and its token as an upload's."""
    from api.storage.deck_store import DeckStore
    from api.tables import tokens
    from engine.decks.parse import content_hash

    created, public = DeckStore(connection, ttl).save(deck, doc, public)
    return created, public, tokens.deck_token(tokens.server_secret(connection), deck.id, content_hash(doc))


def _key(deck_id: str) -> str:
    from api.storage.deck_store import DeckStore

    return DeckStore.key_for(deck_id)


def _where(url: str) -> str:
    """Name the Redis a URL points at, without its password."""
    parts = urlsplit(url)
    host = parts.hostname or parts.path
    port = f":{parts.port}" if parts.port else ""
    return f"Redis at {parts.scheme}://{host}{port}{parts.path if parts.hostname else ''}"


FILE_HELP = (
    "a deck document (.json, the format of GET /v1/decks/{id}) or a spreadsheet's CSV export (.csv, UTF-8): "
    "one card a row, the first row naming the columns " + ", ".join(CSV_COLUMNS) + "; id and title_en are "
    "required, and year (dated) or group and position (ordinal)"
)


def register(commands: Any) -> None:
    deck = commands.add_parser(
        "deck",
        help="check or import a deck file (JSON, or CSV with the API's columns)",
        description="Check your own deck of cards before you upload or print it, or store it where the service "
        "keeps its games. `deskovka print deck FILE` prints one.",
    )
    actions = deck.add_subparsers(dest="deck_command", required=True)
    for name, func, summary, description in (
        (
            "validate",
            validate,
            "check a deck file and report every problem",
            "Check a deck file offline with the checks POST /v1/decks runs, and report every problem at once.",
        ),
        (
            "import",
            import_deck,
            "check a deck file and store it in the game store",
            "Check a deck file and store it in the game store: the Redis at DESKOVKA_REDIS_URL, else the embedded "
            "Redis "
            "in DESKOVKA_DATA_DIR. Games and print jobs then name it by the id it prints.",
        ),
    ):
        command = actions.add_parser(name, help=summary, description=description)
        command.add_argument("file", help=FILE_HELP)
        if name == "import":
            command.add_argument("--public", action="store_true", help="list it to everybody (default: private)")
        command.add_argument("--title", default="Uploaded deck", help="for CSV: the deck's English title")
        add_title_options(command)
        command.add_argument(
            "--kind",
            choices=["dated", "ordinal"],
            default="dated",
            help="for CSV: dated (each card has a year) or ordinal (a group and a position in it); default dated",
        )
        command.set_defaults(func=func)
