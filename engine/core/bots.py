"""What bots of several games share: a skill given as the chance of placing a card right."""

from typing import Any

from marshmallow import Schema

from engine.core.errors import InvalidOptions
from engine.core.protocol import Bot
from engine.core.schema import number


class HitRateBotOptions(Schema):
    """Options of the hit-rate bot."""

    hit_rate = number(
        "The chance, 0-1, that the bot places a card correctly (default 0.7).", minimum=0, maximum=1, optional=True
    )


class HitRateBot(Bot):
    """A bot of a dated-card game that places right with probability `hit_rate` (default 0.7)."""

    options_schema = HitRateBotOptions

    def __init__(self, hit_rate: Any = 0.7, **options: Any) -> None:
        if options:
            raise InvalidOptions(f"Unknown bot options: {', '.join(sorted(options))}.")
        if isinstance(hit_rate, bool) or not isinstance(hit_rate, int | float) or not 0 <= hit_rate <= 1:
            raise InvalidOptions("hit_rate must be a number from 0 to 1.")
        super().__init__(hit_rate=hit_rate)
        self.hit_rate = float(hit_rate)
