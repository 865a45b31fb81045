"""Lost Cities has one option, the first active player: the sheet layout is data, the player count picks solo."""

from marshmallow import Schema

from engine.core.schema import first_seat


class LostCitiesOptions(Schema):
    """The first active player; unknown options are refused."""

    first = first_seat()
