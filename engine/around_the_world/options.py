"""Around the World in 80 Days has one option, the start player; the player count picks the 2-player variant."""

from marshmallow import Schema

from engine.core.schema import first_seat


class AroundTheWorldOptions(Schema):
    """The first round's start player; unknown options are refused."""

    first = first_seat()
