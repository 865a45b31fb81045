"""Ticket to Ride: Europe's options, validated at the edge by the game's own schema."""

from marshmallow import Schema, fields, validate

from engine.core.schema import first_seat
from engine.core.words import language_option

TUNNEL_FAILURES = ("return", "discard")


class TicketToRideOptions(Schema):
    tunnel_failure = fields.String(
        load_default="return",
        validate=validate.OneOf(TUNNEL_FAILURES),
        metadata={
            "description": 'When a tunnel is not finished: "return" (the published rule: the cards paid go back to '
            'the hand) or "discard" (the Czech text: they are lost).'
        },
    )
    first = first_seat()
    language = language_option()
