"""The shape of a part of a deck (`engine.decks.part`), as games take it in their options and print specs in `part`.

Apart from the part itself, so that printing a deck from the command line loads no schema library.
"""

from marshmallow import Schema, fields, validate

from engine.core.rng import SEED_BITS
from engine.decks.part import DEFAULT_SEED, MAX_IDS, MAX_THEMES


class PartSchema(Schema):
    """A part of a deck, as games take it in their options and the print spec in its `part`."""

    class Meta:
        ordered = True

    themes = fields.List(
        fields.String(validate=validate.Length(1, 40)),
        validate=validate.Length(1, MAX_THEMES),
        metadata={"description": "Only cards of these themes (e.g. art, music)."},
    )
    cards = fields.List(
        fields.String(validate=validate.Length(1, 120)),
        validate=validate.Length(1, MAX_IDS),
        metadata={"description": "Only these cards, by id."},
    )
    without = fields.List(
        fields.String(validate=validate.Length(1, 120)),
        validate=validate.Length(0, MAX_IDS),
        metadata={"description": "Never these cards, by id (say, last week's)."},
    )
    count = fields.Integer(
        strict=True,
        validate=validate.Range(1, MAX_IDS),
        metadata={"description": "Choose this many of the cards left, spread over their themes and years."},
    )
    seed = fields.Integer(
        strict=True,
        validate=validate.Range(0, 2**SEED_BITS - 1),
        metadata={"description": f"With count: which choice (the same seed, the same cards; default {DEFAULT_SEED})."},
    )
