"""What bots of several games share: the levels' names, and a skill given as the chance of placing a card right."""

from typing import Any

from marshmallow import Schema

from engine.core.errors import InvalidOptions
from engine.core.protocol import Bot
from engine.core.rng import Rng
from engine.core.schema import number

# Every game's bots by these names, weakest first.
LEVELS = ("easy", "medium", "strong")


class HitRateBotOptions(Schema):
    """Options of the bots that model a player's knowledge of dates."""

    hit_rate = number(
        "The chance, 0-1, that the bot knows where a card goes (default 0.7).", minimum=0, maximum=1, optional=True
    )


class HitRateBot(Bot):
    """A bot of a dated-card game that knows where a card goes with probability `hit_rate` (default 0.7).

    It reads the dates of the cards it sees face up (`Knowledge.dates`): that model of a player's knowledge is its
    documented skill, and the only hidden thing it reads."""

    options_schema = HitRateBotOptions
    reads_dates = True

    def __init__(self, hit_rate: Any = 0.7, **options: Any) -> None:
        if options:
            raise InvalidOptions(f"Unknown bot options: {', '.join(sorted(options))}.")
        if isinstance(hit_rate, bool) or not isinstance(hit_rate, int | float) or not 0 <= hit_rate <= 1:
            raise InvalidOptions("hit_rate must be a number from 0 to 1.")
        super().__init__(hit_rate=hit_rate)
        self.hit_rate = float(hit_rate)


def fits(keys: list[Any], key: Any, gap: int) -> bool:
    """Whether a card of `key` goes in `gap` of a line of cards of `keys` (equal keys go on either side)."""
    return (gap == 0 or keys[gap - 1] <= key) and (gap == len(keys) or key <= keys[gap])


def knows(rng: Rng, hit_rate: float) -> bool:
    """Whether the player recalls where a card goes this time: the hit-rate model, one look at one card."""
    return rng.random() < hit_rate
