"""Lost Cities' options: the first active player and the language; the sheet is data, the player count picks solo."""

from marshmallow import Schema

from engine.core.schema import first_seat
from engine.core.words import language_option


class LostCitiesOptions(Schema):
    """The first active player and the language of the names; unknown options are refused."""

    first = first_seat()
    language = language_option()
