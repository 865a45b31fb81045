"""The print spec in the contract: one schema per `kind`, built from the printer's own tables, no unknown members.

The printer's validator (`printing/spec.py`) is what checks a spec; these schemas describe exactly what it takes,
so a client's types refuse what the server would refuse.
"""

import copy
from typing import Any

from marshmallow import Schema, fields, validate

from engine.decks.model import LANGUAGES
from engine.decks.part_schema import PartSchema
from printing.kit_spec import DEFAULT_SHEETS, MAX_PLAYERS, SHEETS_PER_PLAYER
from printing.options import CARD_SIZES, DUPLEX_MODES, PAPERS
from printing.spec import (
    COUNT_RANGE,
    GAME_NUMBER_RANGE,
    MAX_BACK_OFFSET,
    MAX_BLEED,
    MAX_NAME_LENGTH,
    MAX_NAMES,
    PER_PAGE,
    REFERENCE_SIZE,
    REFERENCE_SIZES,
)
from printing.translations import GAMES

Spec = dict[str, Any]


def _kind(name: str) -> fields.String:
    return fields.String(required=True, validate=validate.OneOf([name]), metadata={"description": "What to print."})


def _choice(choices: list[str] | tuple[str, ...], description: str) -> fields.String:
    return fields.String(validate=validate.OneOf(list(choices)), metadata={"description": description})


def _language() -> fields.String:
    return _choice(LANGUAGES, "The language of the texts (default en).")


def _paper() -> fields.String:
    return _choice(tuple(PAPERS), "The paper (default a4).")


def _duplex() -> fields.String:
    return _choice(
        DUPLEX_MODES, "How the backs are printed: long or short edge duplex, fold-over, or none (default long)."
    )


def _back_offset() -> fields.List:
    return fields.List(
        fields.Float(validate=validate.Range(-MAX_BACK_OFFSET, MAX_BACK_OFFSET)),
        validate=validate.Length(2, 2),
        metadata={
            "description": f"[x, y] in mm, each within ±{MAX_BACK_OFFSET:g}: how far to move every back page "
            "(from the calibration page; default [0, 0])."
        },
    )


def _card_size() -> fields.String:
    return fields.String(
        metadata={
            "description": f"A preset ({', '.join(CARD_SIZES)}) or width x height in mm like `63x88`, each side "
            "20-300 mm (default poker).",
            "example": "poker",
        }
    )


def _bleed() -> fields.Raw:
    return fields.Raw(
        metadata={
            "description": f"Bleed around each card in mm, 0-{MAX_BLEED:g}; `auto`, null or left out: as much as fits, "
            "up "
            "to 3 mm (the normalised spec says how much).",
            "anyOf": [
                {"type": "number", "minimum": 0, "maximum": MAX_BLEED},
                {"type": "string", "enum": ["auto"]},
                {"type": "null"},
            ],
        }
    )


class DeckPrintSpec(Schema):
    """A card deck, fronts and backs lined up for duplex."""

    kind = _kind("deck")
    deck = fields.String(
        required=True,
        metadata={"description": "A built-in deck's id or an uploaded deck's.", "example": "timeline-classic"},
    )
    part = fields.Nested(
        PartSchema,
        allow_none=True,
        metadata={"description": "Print only part of the deck (the same part plays as Timeline's `part` option)."},
    )
    paper = _paper()
    size = _card_size()
    duplex = _duplex()
    bleed = _bleed()
    back_offset = _back_offset()
    language = _language()


class CalibrationPrintSpec(Schema):
    """The calibration page: print it, hold it to the light and read how far the backs land off."""

    kind = _kind("calibration")
    paper = _paper()
    size = _card_size()
    duplex = _duplex()
    bleed = _bleed()
    back_offset = _back_offset()
    language = _language()


class ScoreSheetsPrintSpec(Schema):
    """A pad of Lost Cities score sheets."""

    kind = _kind("score-sheets")
    count = fields.Integer(
        strict=True, validate=validate.Range(*COUNT_RANGE), metadata={"description": "How many sheets (default 1)."}
    )
    per_page = fields.Integer(
        strict=True,
        validate=validate.OneOf(list(range(PER_PAGE[0], PER_PAGE[1] + 1))),
        metadata={"description": "Sheets per page, side by side (default 1)."},
    )
    paper = _paper()
    language = _language()
    names = fields.List(
        fields.String(validate=validate.Length(1, MAX_NAME_LENGTH)),
        validate=validate.Length(0, MAX_NAMES),
        metadata={"description": "Player names, one per sheet in turn."},
    )
    game_number = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(*GAME_NUMBER_RANGE),
        metadata={"description": "A game number printed on every sheet; null: none."},
    )


class ReferencePrintSpec(Schema):
    """A rules reference card of one game."""

    kind = _kind("reference")
    game = fields.String(
        required=True, validate=validate.OneOf(list(GAMES)), metadata={"description": "The game whose card to print."}
    )
    language = _language()
    size = _choice(
        tuple(REFERENCE_SIZES),
        f"The card's size (default {REFERENCE_SIZE}): a6 and a5 keep body text at 8 pt or more, poker at 6 or more.",
    )
    paper = _paper()
    duplex = _duplex()
    back_offset = _back_offset()


class KitPrintSpec(Schema):
    """A game night's kit, one PDF: the calibration page, the deck or part of it (Timeline, Chronology), a sheet of
    reference cards in each language, score pads with the players' names (Lost Cities)."""

    kind = _kind("kit")
    game = fields.String(
        required=True, validate=validate.OneOf(list(GAMES)), metadata={"description": "The game the kit is for."}
    )
    deck = fields.String(
        metadata={"description": "For Timeline and Chronology: the deck (default the game's classic deck)."}
    )
    part = fields.Nested(PartSchema, allow_none=True, metadata={"description": "Print only part of the deck."})
    languages = fields.List(
        fields.String(validate=validate.OneOf(list(LANGUAGES))),
        validate=validate.Length(1, len(LANGUAGES)),
        metadata={"description": "A reference card sheet in each (default [en]); the deck and pads in the first."},
    )
    players = fields.List(
        fields.String(validate=validate.Length(1, MAX_NAME_LENGTH)),
        validate=validate.Length(0, MAX_PLAYERS),
        metadata={"description": "For Lost Cities: the players, whose names head their score sheets."},
    )
    sheets_per_player = fields.Integer(
        strict=True,
        validate=validate.Range(*SHEETS_PER_PLAYER),
        metadata={"description": f"For Lost Cities: score sheets for each player (default {DEFAULT_SHEETS})."},
    )
    paper = _paper()
    size = _card_size()
    duplex = _duplex()
    bleed = _bleed()
    back_offset = _back_offset()
    reference_size = _choice(tuple(REFERENCE_SIZES), f"The reference cards' size (default {REFERENCE_SIZE}).")
    calibration = fields.Boolean(
        metadata={"description": "Whether the kit opens with the calibration page (default true)."}
    )


KINDS = {
    "deck": DeckPrintSpec,
    "calibration": CalibrationPrintSpec,
    "score-sheets": ScoreSheetsPrintSpec,
    "reference": ReferencePrintSpec,
    "kit": KitPrintSpec,
}


def register(spec: Any) -> None:
    """Register each kind's schema as a component."""
    for schema in KINDS.values():
        spec.components.schema(schema.__name__, schema=schema)


def add_print_specs(document: Spec) -> None:
    """Write `PrintSpec` as a oneOf keyed by `kind`, each kind closed to unknown members, and use it everywhere."""
    schemas = document["components"]["schemas"]
    for schema in KINDS.values():
        schemas[schema.__name__]["additionalProperties"] = False
    schemas["PrintSpec"] = {
        "description": "What to print, told apart by `kind`; the same names as `deskovka print`.",
        "oneOf": [{"$ref": f"#/components/schemas/{schema.__name__}"} for schema in KINDS.values()],
        "discriminator": {
            "propertyName": "kind",
            "mapping": {kind: f"#/components/schemas/{schema.__name__}" for kind, schema in KINDS.items()},
        },
    }
    job = schemas["PrintJob"]["properties"]
    job["spec"] = {"$ref": "#/components/schemas/PrintSpec", "description": "The spec, normalised."}
    body = document["paths"]["/v1/print-jobs"]["post"]["requestBody"]["content"]["application/json"]
    body["schema"] = copy.deepcopy({"$ref": "#/components/schemas/PrintSpec"})
