"""Chronology's options, validated at the edge by the game's own schema."""

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates

from engine.core.schema import first_seat
from engine.core.words import language_option
from engine.decks.parse import COLOURS


class ChronologyOptions(Schema):
    deck = fields.String(
        load_default="chronology-classic", metadata={"description": "Deck id: a dated deck whose cards have colours."}
    )
    cards_per_colour = fields.Integer(
        load_default=5,
        validate=validate.Range(1, 20),
        metadata={"description": "Cards in each player's stack of each colour at the start (the document's 5)."},
    )
    colours = fields.List(
        fields.String(validate=validate.OneOf(COLOURS)),
        load_default=lambda: list(COLOURS),
        validate=validate.Length(1, len(COLOURS)),
        metadata={"description": "The colours in play (red: war, beige: culture, blue: science); others stay out."},
    )
    powers = fields.Boolean(
        load_default=True, metadata={"description": "Whether a correct card may use its colour's power."}
    )
    language = language_option("The language of the card titles (English where a card lacks it) and of the names.")
    ages = fields.List(
        fields.Integer(allow_none=True, validate=validate.Range(0, 150)),
        load_default=None,
        allow_none=True,
        metadata={
            "description": "One age (or null) per seat; the youngest wins a tie when every tied age is known. "
            "Not for a table with open seats: there each player gives their own with their seat."
        },
    )

    first = first_seat()

    @validates("colours")
    def distinct_colours(self, value: list[str], **kwargs: object) -> None:
        if len(set(value)) != len(value):
            raise ValidationError("Name each colour once.")

    @post_load
    def canonical_colour_order(self, data: dict, **kwargs: object) -> dict:
        data["colours"] = [colour for colour in COLOURS if colour in data["colours"]]
        return data
