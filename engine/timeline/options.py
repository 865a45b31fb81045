"""Timeline's options, validated at the edge by the game's own schema."""

from marshmallow import Schema, ValidationError, fields

from engine.core.schema import first_seat
from engine.core.words import language_option
from engine.decks.part_schema import PartSchema

# Later printings deal by player count; the rules documents deal 4 to everyone.
HAND_BY_PLAYERS = {2: 6, 3: 6, 4: 5, 5: 5, 6: 4, 7: 4, 8: 4}


class HandSize(fields.Field):
    """A number of cards 1-10, or "by_players"."""

    def _deserialize(self, value, attr, data, **kwargs):
        if value == "by_players":
            return value
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
            raise ValidationError('Must be a whole number 1-10 or "by_players".')
        return value

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class TimelineOptions(Schema):
    deck = fields.String(load_default="timeline-classic", metadata={"description": "Deck id (dated or ordinal)."})
    hand_size = HandSize(
        load_default=4,
        metadata={
            "description": 'Cards dealt to each player: 1-10, or "by_players" (6 for 2-3, 5 for 4-5, 4 for 6-8).',
            "oneOf": [{"type": "integer", "minimum": 1, "maximum": 10}, {"type": "string", "enum": ["by_players"]}],
        },
    )
    part = fields.Nested(
        PartSchema,
        allow_none=True,
        metadata={"description": "Play with only part of the deck (as a print spec's part prints it); null: all."},
    )
    language = language_option("The language of the card titles (English where a card lacks it) and of the names.")
    first = first_seat()


def hand_size(option: int | str, players: int) -> int:
    return HAND_BY_PLAYERS[players] if option == "by_players" else int(option)
