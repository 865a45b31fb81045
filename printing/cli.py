"""The `print` command: write a deck, a calibration sheet, score sheets or a reference card to a PDF file, offline."""

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.decks.model import LANGUAGES, DeckError
from engine.decks.store import builtin_ids
from printing.options import CARD_SIZES, DUPLEX_MODES, PAPERS
from printing.spec import COUNT_RANGE, PER_PAGE, REFERENCE_SIZE, REFERENCE_SIZES, SpecError, validate
from printing.translations import GAMES

PROG = "deskovka print"
DESCRIPTION = (
    "Write a deck of cards, a calibration sheet, Lost Cities score sheets or a game's reference card to a PDF file, "
    "offline: no server needed. Each kind has its own --help."
)
LOW_BLEED = 1.0  # mm


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `print` command (with `deck`, `calibration`, `sheets` and `reference`) to an argparse subparsers object.

    Each leaf command sets `func`; call `args.func(args)` for the exit code.
    """
    parser = subparsers.add_parser(
        "print",
        help="print a deck, a calibration sheet, score sheets or a reference card to PDF",
        description=DESCRIPTION,
    )
    add_commands(parser)
    return parser


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Add the `deck`, `calibration`, `sheets` and `reference` sub-commands to `parser`."""
    commands = parser.add_subparsers(
        dest="print_command", required=True, metavar="{deck,calibration,sheets,reference,kit}"
    )
    ids = ", ".join(builtin_ids())
    deck = commands.add_parser(
        "deck",
        help="print a built-in deck or a deck file (CSV or JSON)",
        description=f"Print a built-in deck ({ids}) or your own deck file to PDF, offline. A file gets the checks "
        "POST /v1/decks gives an upload, and every problem is listed at once. (Decks uploaded to the API "
        "print through POST /v1/print-jobs.)",
    )
    deck.add_argument(
        "deck",
        metavar="DECK|FILE",
        help=f"a built-in deck's id ({ids}), or a deck file: a deck "
        "document (.json) or a spreadsheet's CSV export (.csv, UTF-8; the columns of "
        "`deskovka deck validate --help`)",
    )
    deck.add_argument("--title", default=None, help="for a CSV file: the English title (default: the file's name)")
    add_title_options(deck)
    deck.add_argument("--kind", choices=["dated", "ordinal"], default="dated", help="for a CSV file (default dated)")
    _layout_options(deck)
    deck.add_argument(
        "--bleed",
        type=float,
        metavar="MM",
        help="bleed around each card, 0-5 mm (default: up to 3 mm, as fits)",
    )
    deck.add_argument(
        "--language",
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="language of the card texts (default: en; --lang is its old name)",
    )
    _part_options(deck)
    deck.add_argument("-o", "--output", metavar="FILE", help="the PDF to write (default: DECK.pdf)")
    deck.set_defaults(func=run_deck)
    calibration = commands.add_parser(
        "calibration",
        help="print a sheet to measure the back offset of a duplex printer",
        description="Print a calibration sheet: crosses on the front, mm scales on the back.",
    )
    _layout_options(calibration)
    calibration.add_argument("-o", "--output", metavar="FILE", help="the PDF to write (default: calibration.pdf)")
    calibration.set_defaults(func=run_calibration)
    _sheets_command(commands)
    _reference_command(commands)
    _kit_command(commands)


def _sheets_command(commands: Any) -> None:
    low, high = COUNT_RANGE
    sheets = commands.add_parser(
        "sheets",
        help="print a pad of Lost Cities: Roll & Write score sheets",
        description="Print a pad of Lost Cities: Roll & Write score sheets, one or two to a page, with the players' "
        "names and a game number if you like.",
    )
    sheets.add_argument("--count", type=int, default=1, metavar="N", help=f"how many sheets, {low}-{high} (default: 1)")
    sheets.add_argument(
        "--per-page",
        type=int,
        default=1,
        choices=PER_PAGE,
        help="sheets on each page: 1, or 2 side by side (default: 1)",
    )
    sheets.add_argument("--paper", default="a4", choices=tuple(PAPERS), type=str.lower, help="paper (default: a4)")
    sheets.add_argument(
        "--language",
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="language of the labels (default: en; --lang is its old name)",
    )
    sheets.add_argument(
        "--names", type=_names, default=[], metavar="A,B", help="player names, one per sheet in turn, e.g. Eva,Petr"
    )
    sheets.add_argument("--game-number", type=int, metavar="N", help="a game number to print on every sheet")
    sheets.add_argument("-o", "--output", metavar="FILE", help="the PDF to write (default: score-sheets.pdf)")
    sheets.set_defaults(func=run_sheets)


def _reference_command(commands: Any) -> None:
    reference = commands.add_parser(
        "reference",
        help="print a game's reference card",
        description="Print a sheet of one game's reference card: set-up, a turn, special rules, end and scoring.",
    )
    reference.add_argument("game", metavar="GAME", choices=GAMES, help=f"the game: {', '.join(GAMES)}")
    reference.add_argument(
        "--language",
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="language of the card (default: en; --lang is its old name)",
    )
    reference.add_argument(
        "--size",
        default=REFERENCE_SIZE,
        choices=tuple(REFERENCE_SIZES),
        type=str.lower,
        help=f"card size: a6 (body text 8 pt or more), a5 (a summary for the table) or poker (6 pt or more; "
        f"default: {REFERENCE_SIZE})",
    )
    reference.add_argument("--paper", default="a4", choices=tuple(PAPERS), type=str.lower, help="paper (default: a4)")
    _back_options(reference, "a two-faced card's backs")
    reference.add_argument("-o", "--output", metavar="FILE", help="the PDF to write (default: GAME-LANG.pdf)")
    reference.set_defaults(func=run_reference)


def add_title_options(parser: argparse.ArgumentParser) -> None:
    """--title-cs, --title-de, ...: a CSV deck's title in the languages of its title_ columns."""
    for lang in LANGUAGES:
        if lang != "en":
            parser.add_argument(f"--title-{lang}", metavar="TITLE", help=f"for CSV: the deck's title in {lang}")


def titles(args: argparse.Namespace, english: str) -> dict[str, str]:
    """The deck's title by language from --title (English) and --title-LANG."""
    named = {lang: getattr(args, f"title_{lang}", None) for lang in LANGUAGES if lang != "en"}
    return {"en": english, **{lang: title for lang, title in named.items() if title}}


def _part_options(parser: argparse.ArgumentParser) -> None:
    """The part of a deck to print, as a print spec's `part` (and a Timeline table's option) takes it."""
    part = parser.add_argument_group(
        "part of the deck", "print only some cards; the same part plays as a Timeline table's `part` option"
    )
    part.add_argument("--themes", type=_ids, metavar="A,B", help="only cards of these themes, e.g. art,music")
    part.add_argument("--cards", type=_ids, metavar="ID,ID|@FILE", help="only these cards (ids, or a file of ids)")
    part.add_argument("--without", type=_ids, metavar="ID,ID|@FILE", help="never these cards (e.g. last week's)")
    part.add_argument("--count", type=int, metavar="N", help="choose N cards, spread over the themes and years")
    part.add_argument("--seed", type=int, metavar="S", help="with --count: which choice (default: 1)")
    part.add_argument(
        "--write-ids", metavar="FILE", help="also write the printed cards' ids, one a line (next week: --without @FILE)"
    )


def _ids(text: str) -> list[str]:
    """Comma-separated names, or @FILE: a file of them, one a line or comma-separated."""
    if text.startswith("@"):
        try:
            text = Path(text[1:]).read_text(encoding="utf-8").replace("\n", ",")
        except OSError as error:
            raise argparse.ArgumentTypeError(f"cannot read {text[1:]}: {error.strerror}") from None
    return [name.strip() for name in text.split(",") if name.strip()]


def part_of_args(args: argparse.Namespace) -> dict[str, Any] | None:
    """The part the command line asks for, or None for the whole deck."""
    part = {key: getattr(args, key) for key in ("themes", "cards", "without", "count", "seed")}
    return {key: value for key, value in part.items() if value is not None} or None


def _kit_command(commands: Any) -> None:
    kit = commands.add_parser(
        "kit",
        help="print everything one game night needs in one PDF",
        description="Print a game night's kit as one PDF: the calibration page, the deck or part of it (Timeline, "
        "Chronology), a sheet of reference cards in each language, and score pads with the players' names "
        "(Lost Cities).",
    )
    kit.add_argument("game", metavar="GAME", choices=GAMES, help=f"the game: {', '.join(GAMES)}")
    kit.add_argument(
        "--languages",
        type=_ids,
        default=["en"],
        metavar="A,B",
        help="reference cards in each, e.g. cs,de; the deck and pads in the first (default: en)",
    )
    kit.add_argument("--deck", help="for Timeline and Chronology: a built-in deck (default: the game's classic)")
    _part_options(kit)
    kit.add_argument("--players", type=_names, default=[], metavar="A,B", help="for Lost Cities: the players' names")
    kit.add_argument("--sheets-per-player", type=int, metavar="N", help="for Lost Cities: sheets each (default: 3)")
    _layout_options(kit)
    kit.add_argument("--bleed", type=float, metavar="MM", help="bleed around each card, 0-5 mm (default: as fits)")
    kit.add_argument(
        "--reference-size", default=REFERENCE_SIZE, choices=tuple(REFERENCE_SIZES), help="reference cards' size"
    )
    kit.add_argument("--no-calibration", action="store_true", help="leave out the calibration page")
    kit.add_argument("-o", "--output", metavar="FILE", help="the PDF to write (default: kit-GAME.pdf)")
    kit.set_defaults(func=run_kit)


def run_kit(args: argparse.Namespace) -> int:
    """Print the kit the command line asks for."""
    spec: dict[str, Any] = {
        **_common(args),
        "kind": "kit",
        "game": args.game,
        "languages": args.languages,
        "reference_size": args.reference_size,
        "calibration": not args.no_calibration,
    }
    optional = {"deck": args.deck, "part": part_of_args(args), "bleed": args.bleed}
    if args.players:
        optional["players"] = args.players
    optional["sheets_per_player"] = args.sheets_per_player
    spec.update({key: value for key, value in optional.items() if value is not None})
    return _write(spec, Path(args.output or f"kit-{args.game}.pdf"))


def _layout_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", default="a4", choices=tuple(PAPERS), type=str.lower, help="paper (default: a4)")
    parser.add_argument(
        "--size",
        default="poker",
        metavar="SIZE",
        help=f"card size: {', '.join(CARD_SIZES)} or WxH in mm, e.g. 60x90 (default: poker)",
    )
    _back_options(parser, "the backs")


def _back_options(parser: argparse.ArgumentParser, backs: str) -> None:
    parser.add_argument(
        "--duplex",
        default="long",
        choices=DUPLEX_MODES,
        help=f"how {backs} print: long or short edge duplex, fold-over, or none (default: long)",
    )
    parser.add_argument(
        "--back-offset",
        default=(0.0, 0.0),
        type=_offset,
        metavar="X,Y",
        help="shift of the back pages in mm, measured with `calibration`; write --back-offset=-1,0.5 "
        "when X is negative (default: 0,0)",
    )


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not X,Y in mm, e.g. 1.5,-0.5") from None
    return x, y


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",")] if text.strip() else []


def _common(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "paper": args.paper,
        "size": args.size,
        "duplex": args.duplex,
        "back_offset": list(args.back_offset),
    }


def run_deck(args: argparse.Namespace) -> int:
    """Print the deck named on the command line."""
    name, deck = args.deck, None
    if args.deck.lower().endswith((".csv", ".json")) or Path(args.deck).is_file():
        deck = _deck_file(Path(args.deck), titles(args, args.title or Path(args.deck).stem), args.kind)
        if deck is None:
            return 2
        name = Path(args.deck).stem
        args.deck = deck.id
    spec = {**_common(args), "kind": "deck", "deck": args.deck, "language": args.language}
    if (part := part_of_args(args)) is not None:
        spec["part"] = part
    if args.bleed is not None:
        spec["bleed"] = args.bleed
    written = _write(spec, Path(args.output or f"{name}.pdf"), deck)
    if written == 0 and args.write_ids:
        return _write_ids(spec, Path(args.write_ids), deck)
    return written


def _write_ids(spec: dict[str, Any], path: Path, deck: Any = None) -> int:
    from engine.decks.part import part_of
    from engine.decks.store import get_deck

    cards = part_of(get_deck(spec["deck"], deck), spec.get("part")).cards
    try:
        path.write_text("".join(f"{card.id}\n" for card in cards), encoding="utf-8")
    except OSError as error:
        print(f"{PROG}: error: cannot write {path}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"wrote {path} ({len(cards)} card ids)", file=sys.stderr)
    return 0


def _deck_file(path: Path, title: dict[str, str], kind: str) -> Any:
    """Check a deck file as the API checks an upload and return it; None after saying why."""
    from engine.decks.upload import deck_from_file

    try:
        deck, _ = deck_from_file(path, title, kind)
    except OSError as error:
        print(f"{PROG}: error: cannot read {path}: {error.strerror}", file=sys.stderr)
        return None
    except DeckError as error:
        print(f"{PROG}: error: {path}: {len(error.problems)} problem(s)", file=sys.stderr)
        for problem in error.problems:
            print(f"  {problem}", file=sys.stderr)
        return None
    return deck


def run_calibration(args: argparse.Namespace) -> int:
    """Print a calibration sheet."""
    return _write({**_common(args), "kind": "calibration"}, Path(args.output or "calibration.pdf"))


def run_sheets(args: argparse.Namespace) -> int:
    """Print the score sheets asked for on the command line."""
    spec: dict[str, Any] = {
        "kind": "score-sheets",
        "count": args.count,
        "per_page": args.per_page,
        "paper": args.paper,
        "language": args.language,
        "names": args.names,
    }
    if args.game_number is not None:
        spec["game_number"] = args.game_number
    return _write(spec, Path(args.output or "score-sheets.pdf"))


def run_reference(args: argparse.Namespace) -> int:
    """Print the reference card named on the command line."""
    spec = {
        "kind": "reference",
        "game": args.game,
        "language": args.language,
        "size": args.size,
        "paper": args.paper,
        "duplex": args.duplex,
        "back_offset": list(args.back_offset),
    }
    return _write(spec, Path(args.output or f"{args.game}-{args.language}.pdf"))


def _write(spec: dict[str, Any], path: Path, deck: Any = None) -> int:
    """Render the spec (a deck spec: with `deck`, the deck it names when it is not built in) and write the PDF."""
    from printing import render

    _warn_about_bleed(spec, deck)

    with _bar(path.name) as progress:
        try:
            pdf = render(spec, progress, deck)
        except SpecError as error:
            progress.close()
            for problem in error.problems:
                print(f"{PROG}: error: {problem}", file=sys.stderr)
            return 2
    try:
        path.write_bytes(pdf)
    except OSError as error:
        print(f"{PROG}: error: cannot write {path}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"wrote {path} ({len(pdf) // 1024} KiB)", file=sys.stderr)
    return 0


class _Quiet:
    """No progress bar: stderr is not a terminal (tqdm would draw nothing there, and takes 0.1 s to import)."""

    def __enter__(self) -> "_Quiet":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def __call__(self, done: int, total: int) -> None:
        return None

    def close(self) -> None:
        return None


class _Bar(_Quiet):
    """A tqdm bar on stderr, advanced per page."""

    def __init__(self, name: str) -> None:
        from tqdm import tqdm

        self.bar = tqdm(total=0, unit="page", desc=name, file=sys.stderr)

    def __exit__(self, *exc: object) -> None:
        self.bar.close()

    def __call__(self, done: int, total: int) -> None:
        self.bar.total = total
        self.bar.n = done
        self.bar.refresh()

    def close(self) -> None:
        self.bar.close()


def _bar(name: str) -> _Quiet:
    return _Bar(name) if sys.stderr.isatty() else _Quiet()


def _warn_about_bleed(spec: dict[str, Any], deck: Any = None) -> None:
    """Say when a deck's bleed drops below 1 mm: a cut a little off then shows a white edge."""
    if spec["kind"] != "deck":
        return
    try:
        checked = validate(spec, deck)
    except SpecError:
        return  # render reports the problems
    if checked["bleed"] < LOW_BLEED:
        chosen = "as asked" if spec.get("bleed") is not None else "the most that keeps the most cards on a sheet"
        print(
            f"{PROG}: warning: the bleed is {checked['bleed']:g} mm ({chosen}); below {LOW_BLEED:g} mm a cut a "
            "little off the line shows a white edge. Try another --size or --paper, or --bleed 1 for fewer "
            "cards a sheet.",
            file=sys.stderr,
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Run `deck`, `calibration`, `sheets` or `reference` as `python -m printing.cli`."""
    parser = argparse.ArgumentParser(prog=PROG, description=DESCRIPTION)
    add_commands(parser)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
