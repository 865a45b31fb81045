"""Around the World in 80 Days has no options: the board is data, and the player count picks the 2-player variant."""

from marshmallow import Schema


class AroundTheWorldOptions(Schema):
    """No options; unknown ones are refused."""
