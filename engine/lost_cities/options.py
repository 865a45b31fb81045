"""Lost Cities has no options yet: the sheet layout is data, and the player count picks solo or not."""

from marshmallow import Schema


class LostCitiesOptions(Schema):
    """No options; unknown ones are refused."""
