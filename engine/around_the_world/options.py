"""Around the World in 80 Days' options: the start player and the language; the player count picks the 2-player
variant."""

from marshmallow import Schema

from engine.core.schema import first_seat
from engine.core.words import language_option


class AroundTheWorldOptions(Schema):
    """The first round's start player and the language of the names; unknown options are refused."""

    first = first_seat()
    language = language_option()
