"""A game night's kit: one spec for everything one game needs on the table, checked as the specs of its parts.

The parts, in the order they print: the calibration page (to check the backs before the rest), the deck or part of it
(games played with a deck), a reference card sheet in each language chosen, and score pads with the players' names
(games that keep score on paper). Each part is an ordinary print spec, so it prints exactly as printed alone.
"""

from collections.abc import Mapping
from typing import Any

from engine.decks.model import LANGUAGES, Deck
from printing.options import DUPLEX_MODES, PAPERS
from printing.spec import (
    KINDS,
    REFERENCE_SIZE,
    REFERENCE_SIZES,
    SpecError,
    _choice,
    _game,
    _names,
    _unknown,
    _whole,
    validate,
)

ALL_KINDS = (*KINDS, "kit")
KIT_KEYS = (
    "kind",
    "game",
    "deck",
    "part",
    "languages",
    "players",
    "sheets_per_player",
    "paper",
    "size",
    "duplex",
    "bleed",
    "back_offset",
    "reference_size",
    "calibration",
)
# The games played with a deck, and the deck a kit prints unless told another.
DECK_GAMES = {"timeline": "timeline-classic", "chronology": "chronology-classic"}
PAD_GAMES = ("lost-cities",)  # the games scored on a printed pad
MAX_PLAYERS = 20
SHEETS_PER_PLAYER = (1, 50)
DEFAULT_SHEETS = 3


def validate_kit(spec: Mapping[str, Any], deck: Deck | None = None, deck_later: bool = False) -> dict[str, Any]:
    """Return the kit spec normalised, its parts checked as print specs (their problems named by part).

    :raises SpecError: listing every problem found.
    """
    problems = _unknown(spec, KIT_KEYS)
    out: dict[str, Any] = {
        "kind": "kit",
        "game": _game(spec, "kit", problems),
        "languages": _languages(spec.get("languages", ["en"]), problems),
        "paper": _choice(spec, "paper", tuple(PAPERS), "a4", problems),
        "size": spec.get("size", "poker"),
        "duplex": _choice(spec, "duplex", DUPLEX_MODES, "long", problems),
        "bleed": spec.get("bleed"),
        "back_offset": spec.get("back_offset", [0, 0]),
        "reference_size": _choice(spec, "reference_size", tuple(REFERENCE_SIZES), REFERENCE_SIZE, problems),
        "calibration": _flag(spec.get("calibration", True), "calibration", problems),
    }
    with_deck = out["game"] in DECK_GAMES
    if with_deck:
        out["deck"] = deck.id if deck is not None else spec.get("deck", DECK_GAMES[out["game"]])
        if spec.get("part") is not None:
            out["part"] = spec["part"]
    elif spec.get("deck") is not None or spec.get("part") is not None:
        problems.append(f"deck: {out['game']!r} is not played with a deck; leave out deck and part")
    if out["game"] in PAD_GAMES:
        out["players"] = _names(spec.get("players", []), problems)
        if len(out["players"]) > MAX_PLAYERS:
            problems.append(f"players: at most {MAX_PLAYERS} players")
        out["sheets_per_player"] = _whole(
            spec.get("sheets_per_player", DEFAULT_SHEETS), "sheets_per_player", SHEETS_PER_PLAYER, problems
        )
    elif spec.get("players") or spec.get("sheets_per_player") is not None:
        problems.append(f"players: {out['game']!r} keeps no score on paper; only {', '.join(PAD_GAMES)} has pads")
    if not problems:
        # The card options, as a calibration page takes them, even when the kit prints none: equal kits, equal specs.
        cards = {key: out[key] for key in ("paper", "size", "duplex", "back_offset") if spec.get(key) is not None}
        if out["bleed"] is not None:
            cards["bleed"] = out["bleed"]
        try:
            checked = [validate({"kind": "calibration", **cards})]
        except SpecError as error:
            problems += error.problems
            checked = []
    if not problems:
        _fill_from_parts(out, checked)
        for name, part in kit_parts(out):
            try:
                checked.append(validate(part, deck if part["kind"] == "deck" else None, deck_later))
            except SpecError as error:
                problems += [f"{name}: {problem}" for problem in error.problems]
        if not problems:
            _fill_from_parts(out, checked)
    if problems:
        raise SpecError(problems)
    return out


def _fill_from_parts(kit: dict[str, Any], parts: list[dict[str, Any]]) -> None:
    """Write back what the parts' checks normalised (size, bleed, offset, part), so equal kits are equal specs."""
    for part in parts:
        if part["kind"] in ("deck", "calibration"):
            kit["size"], kit["bleed"], kit["back_offset"] = part["size"], part["bleed"], part["back_offset"]
        if part["kind"] == "deck" and "part" in part:
            kit["part"] = part["part"]
        if part["kind"] == "reference":
            kit["back_offset"] = part["back_offset"]


def _languages(value: Any, problems: list[str]) -> list[str]:
    if (
        not isinstance(value, list | tuple)
        or not value
        or len(value) > len(LANGUAGES)
        or not all(isinstance(lang, str) and lang.lower() in LANGUAGES for lang in value)
        or len({lang.lower() for lang in value}) != len(value)
    ):
        problems.append(
            f"languages: 1 to {len(LANGUAGES)} distinct languages of {', '.join(LANGUAGES)}, not {value!r:.60}"
        )
        return ["en"]
    return [lang.lower() for lang in value]


def _flag(value: Any, key: str, problems: list[str]) -> bool:
    if not isinstance(value, bool):
        problems.append(f"{key}: true or false, not {value!r:.20}")
        return True
    return value


def kit_parts(kit: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The kit's parts as print specs, named, in the order they print; the first language is the deck's and pads'."""
    first = kit["languages"][0]
    cards = {"paper": kit["paper"], "size": kit["size"], "duplex": kit["duplex"], "back_offset": kit["back_offset"]}
    if kit["bleed"] is not None:
        cards["bleed"] = kit["bleed"]
    parts: list[tuple[str, dict[str, Any]]] = []
    if kit["calibration"]:
        parts.append(("calibration", {"kind": "calibration", **cards, "language": first}))
    if "deck" in kit:
        deck = {"kind": "deck", "deck": kit["deck"], **cards, "language": first}
        if kit.get("part") is not None:
            deck["part"] = kit["part"]
        parts.append(("deck", deck))
    for lang in kit["languages"]:
        reference = {
            "kind": "reference",
            "game": kit["game"],
            "language": lang,
            "size": kit["reference_size"],
            "paper": kit["paper"],
            "duplex": kit["duplex"],
            "back_offset": kit["back_offset"],
        }
        parts.append((f"reference {lang}", reference))
    if kit["game"] in PAD_GAMES:
        players = kit["players"]
        sheets = kit["sheets_per_player"] * max(1, len(players))
        pads = {"kind": "score-sheets", "count": sheets, "per_page": 2, "paper": kit["paper"], "language": first}
        # One sheet per player in turn, so each player's name is on sheets_per_player sheets.
        parts.append(("score sheets", {**pads, "names": players}))
    return parts
