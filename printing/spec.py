"""Check a print spec and fill in its defaults, reporting every problem at once."""

from collections.abc import Mapping
from typing import Any

from engine.decks import store
from engine.decks.model import LANGUAGES, Deck
from engine.decks.part import part_of, read_part
from printing.faces import MIN_SIZE, FaceTooSmall, face_layout, titles_too_long
from printing.fonts import missing_glyphs
from printing.options import CARD_SIZES, DUPLEX_MODES, PAPERS, PrintOptions, card_size
from printing.sheet import SheetError, plan_sheet
from printing.text import clean
from printing.themes import POWERS
from printing.translations import GAMES

KINDS = ("deck", "calibration", "score-sheets", "reference")
KEYS = ("kind", "deck", "part", "paper", "size", "duplex", "bleed", "back_offset", "language")
SCORE_SHEET_KEYS = ("kind", "count", "per_page", "paper", "language", "names", "game_number")
REFERENCE_KEYS = ("kind", "game", "language", "size", "paper", "duplex", "back_offset")
# The old name of `language`, still read (deprecated): specs queued before the rename, and older clients.
OLD_LANGUAGE = "lang"
# A6 is what publishers' print-and-play summaries use, and its body text is never below 8 pt: the default. A5 is a
# summary for the middle of the table; poker a card in a player's hand (its text goes down to 6 pt).
REFERENCE_SIZES: dict[str, tuple[float, float]] = {"poker": CARD_SIZES["poker"], "a6": (105, 148), "a5": (148, 210)}
REFERENCE_SIZE = "a6"
COUNT_RANGE = (1, 500)
PER_PAGE = (1, 2)
GAME_NUMBER_RANGE = (1, 9999)
MAX_NAMES = 500
MAX_NAME_LENGTH = 32
MAX_BLEED = 5.0
MAX_BACK_OFFSET = 10.0
CARD_SIDE_RANGE = (20.0, 300.0)


class SpecError(ValueError):
    """A print spec is invalid; `problems` lists every fault found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def validate(spec: Any, deck: Deck | None = None, deck_later: bool = False) -> dict[str, Any]:
    """Return the spec normalised with defaults filled; `deck` stands in for the "deck" id.

    With `deck_later`, check all that needs no deck (the deck id only for its shape), so a caller can refuse a bad
    spec before it loads a deck, then check again with the deck.

    :raises SpecError: listing every problem found.
    """
    if not isinstance(spec, Mapping):
        raise SpecError(['a print spec is an object, e.g. {"kind": "deck", "deck": "timeline-classic"}'])
    kind = spec.get("kind")
    if isinstance(kind, str) and kind.lower() == "score-sheets":
        return _score_sheets(spec)
    if isinstance(kind, str) and kind.lower() == "reference":
        return _reference(spec)
    problems = _unknown(spec, KEYS)
    out: dict[str, Any] = {
        "kind": _choice(spec, "kind", KINDS, "deck", problems),
        "paper": _choice(spec, "paper", tuple(PAPERS), "a4", problems),
        "size": _size(spec.get("size", "poker"), problems),
        "duplex": _choice(spec, "duplex", DUPLEX_MODES, "long", problems),
        "bleed": _bleed(spec.get("bleed"), problems),
        "back_offset": _back_offset(spec.get("back_offset", (0, 0)), problems),
        "language": _language(spec, problems),
    }
    if out["kind"] == "deck":
        out["deck"] = deck.id if deck is not None else _deck_id(spec.get("deck"), problems, deck_later)
        if spec.get("part") is not None:
            known = deck or (None if deck_later or problems else store.builtin_decks().get(out["deck"]))
            out["part"], part_problems = read_part(spec["part"], known)
            problems += part_problems
    elif spec.get("part") is not None:
        problems.append("part: only a deck has parts")
    if not problems:
        options = to_options(out)
        try:
            out["bleed"] = plan_sheet(options).bleed
        except SheetError as error:
            problems.append(str(error))
    if not problems and out["kind"] == "deck" and not deck_later:
        whole = deck or store.builtin_decks().get(out["deck"])
        printed = part_of(whole, out.get("part")) if whole is not None else None
        problems += _face_problems(to_options(out).card, printed, out["language"])
    if problems:
        raise SpecError(problems)
    return out


def _face_problems(card: tuple[float, float], deck: Deck | None, lang: str) -> list[str]:
    """Refuse a card size too small for the faces' texts at the smallest size deskovka prints."""
    with_power = deck is None or any(c.colour in POWERS for c in deck.cards)
    try:
        face_layout(card, 0.0, with_power, lang)
        long_titles = titles_too_long(deck, card, lang) if deck is not None else []
    except FaceTooSmall as error:
        return [f"size: {error}"]
    if long_titles:
        some = f"{len(long_titles)} titles do" if len(long_titles) > 1 else "a title does"
        return [
            f"size: on a {card[0]:g}x{card[1]:g} mm card {some} not fit at {MIN_SIZE:g} pt (such as "
            f"{long_titles[0]!r}); choose a larger size"
        ]
    return []


def _unknown(spec: Mapping[str, Any], keys: tuple[str, ...]) -> list[str]:
    return [f"{key}: unknown option (known: {', '.join(keys)})" for key in spec if key not in (*keys, OLD_LANGUAGE)]


def _language(spec: Mapping[str, Any], problems: list[str]) -> str:
    """Read `language`, or its old name `lang` (deprecated); naming both is a problem."""
    if OLD_LANGUAGE in spec and "language" in spec:
        problems.append("lang: the old name of language; send language only")
    key = OLD_LANGUAGE if OLD_LANGUAGE in spec and "language" not in spec else "language"
    return _choice(spec, key, LANGUAGES, "en", problems)


def _score_sheets(spec: Mapping[str, Any]) -> dict[str, Any]:
    problems = _unknown(spec, SCORE_SHEET_KEYS)
    out: dict[str, Any] = {
        "kind": "score-sheets",
        "count": _whole(spec.get("count", 1), "count", COUNT_RANGE, problems),
        "per_page": _whole(spec.get("per_page", 1), "per_page", PER_PAGE, problems),
        "paper": _choice(spec, "paper", tuple(PAPERS), "a4", problems),
        "language": _language(spec, problems),
        "names": _names(spec.get("names", []), problems),
        "game_number": None,
    }
    if spec.get("game_number") is not None:
        out["game_number"] = _whole(spec["game_number"], "game_number", GAME_NUMBER_RANGE, problems)
    if problems:
        raise SpecError(problems)
    return out


def _game(spec: Mapping[str, Any], kind: str, problems: list[str]) -> str:
    """The game a reference card or a kit is for (required)."""
    if spec.get("game") is None:
        problems.append(f"game: a game is required for kind {kind!r} (one of {', '.join(GAMES)})")
        return GAMES[0]
    return _choice(spec, "game", GAMES, GAMES[0], problems)


def _reference(spec: Mapping[str, Any]) -> dict[str, Any]:
    problems = _unknown(spec, REFERENCE_KEYS)
    out: dict[str, Any] = {
        "kind": "reference",
        "game": _game(spec, "reference", problems),
        "language": _language(spec, problems),
        "size": _choice(spec, "size", tuple(REFERENCE_SIZES), REFERENCE_SIZE, problems),
        "paper": _choice(spec, "paper", tuple(PAPERS), "a4", problems),
        "duplex": _choice(spec, "duplex", DUPLEX_MODES, "long", problems),
        "back_offset": _back_offset(spec.get("back_offset", (0, 0)), problems),
    }
    if not problems:
        x, y = out["back_offset"]
        options = PrintOptions(out["paper"], REFERENCE_SIZES[out["size"]], out["duplex"], 0.0, (x, y), out["language"])
        try:
            plan_sheet(options)
        except SheetError as error:
            problems.append(str(error))
    if problems:
        raise SpecError(problems)
    return out


def _whole(value: Any, key: str, limits: tuple[int, int], problems: list[str]) -> int:
    low, high = limits
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problems.append(f"{key}: must be a whole number {low}..{high}, not {value!r}")
        return low
    return value


def _names(value: Any, problems: list[str]) -> list[str]:
    if not isinstance(value, list | tuple) or len(value) > MAX_NAMES:
        problems.append(f"names: must be a list of up to {MAX_NAMES} player names, not {value!r:.60}")
        return []
    names = []
    for number, name in enumerate(value, start=1):
        text = clean(name) if isinstance(name, str) else ""
        if not text or len(text) > MAX_NAME_LENGTH:
            problems.append(f"names: name {number} must be 1..{MAX_NAME_LENGTH} characters, not {name!r:.60}")
        elif missing := missing_glyphs(text):
            problems.append(f"names: name {number} has characters the font cannot print: {''.join(missing)}")
        names.append(text)
    return names


def to_options(spec: Mapping[str, Any]) -> PrintOptions:
    """Turn a normalised spec into planner options."""
    size = card_size(spec["size"])
    assert size is not None
    x, y = spec["back_offset"]
    return PrintOptions(spec["paper"], size, spec["duplex"], spec["bleed"], (x, y), spec["language"])


def _choice(spec: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str, problems: list[str]) -> str:
    value = spec.get(key, default)
    if isinstance(value, str) and value.lower() in allowed:
        return value.lower()
    problems.append(f"{key}: {value!r} is not one of {', '.join(allowed)}")
    return default


def _size(value: Any, problems: list[str]) -> str:
    size = card_size(value) if isinstance(value, str) else None
    if size is None:
        presets = ", ".join(CARD_SIZES)
        problems.append(f"size: {value!r} is neither a preset ({presets}) nor width x height in mm like 63x88")
        return "poker"
    low, high = CARD_SIDE_RANGE
    if not all(low <= side <= high for side in size):
        problems.append(f"size: each side must be {low:g}..{high:g} mm, not {size[0]:g}x{size[1]:g}")
        return "poker"
    return value.lower() if value.lower() in CARD_SIZES else f"{size[0]:g}x{size[1]:g}"


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return None
    return float(value)


def _bleed(value: Any, problems: list[str]) -> float | None:
    if value is None or value == "auto":
        return None
    bleed = _number(value)
    if bleed is None or not 0 <= bleed <= MAX_BLEED:
        problems.append(f"bleed: must be a number of mm in 0..{MAX_BLEED:g} (or omitted for auto), not {value!r}")
        return None
    return bleed


def _back_offset(value: Any, problems: list[str]) -> list[float]:
    numbers = [_number(v) for v in value] if isinstance(value, list | tuple) and len(value) == 2 else []
    if len(numbers) != 2 or any(n is None or abs(n) > MAX_BACK_OFFSET for n in numbers):
        problems.append(f"back_offset: must be [x_mm, y_mm], each within ±{MAX_BACK_OFFSET:g}, not {value!r}")
        return [0.0, 0.0]
    return [n or 0.0 for n in numbers]


def _deck_id(value: Any, problems: list[str], later: bool = False) -> str:
    if not isinstance(value, str) or not value:
        problems.append("deck: a deck id is required for kind 'deck'")
        return ""
    if later:  # only what needs no store: an id that is neither built in nor a user deck's
        unknown = value not in store.builtin_ids() and not value.startswith("user-")
    else:
        unknown = value not in store.builtin_decks()  # a user deck is passed in, never found
    if unknown:
        problems.append(no_such_deck(value))
    return value


def no_such_deck(deck_id: str) -> str:
    """Say there is no such deck, naming only the built-in choices: the user decks a process holds are others'."""
    return f"deck: there is no deck {deck_id!r} (built in: {', '.join(store.builtin_ids())}; or an uploaded deck's id)"
