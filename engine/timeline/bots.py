"""Timeline bots: the server knows every key, so a bot's skill is a hit rate it is told to play at."""

from typing import TYPE_CHECKING, Any

from engine.core.errors import InvalidOptions
from engine.core.protocol import Action, Bot, State
from engine.core.rng import Rng
from engine.timeline.schemas import HitRateBotOptions

if TYPE_CHECKING:
    from engine.core.protocol import Game


class HitRateBot(Bot):
    """Place a card correctly with probability `hit_rate` (default 0.7), otherwise wrongly."""

    name = "hit-rate"
    summary = "Places correctly with probability hit_rate (0-1, default 0.7)."
    options_schema = HitRateBotOptions

    def __init__(self, hit_rate: Any = 0.7, **options: Any) -> None:
        if options:
            raise InvalidOptions(f"Unknown bot options: {', '.join(sorted(options))}.")
        if isinstance(hit_rate, bool) or not isinstance(hit_rate, int | float) or not 0 <= hit_rate <= 1:
            raise InvalidOptions("hit_rate must be a number from 0 to 1.")
        super().__init__(hit_rate=hit_rate)
        self.hit_rate = float(hit_rate)

    def choose(self, game: "Game", state: State, seat: int, rng: Rng) -> Action:
        from engine.timeline.rules import fits

        actions = game.legal_actions(state, seat)
        right = [a for a in actions if fits(state, a["card"], a["gap"])]
        wrong = [a for a in actions if not fits(state, a["card"], a["gap"])]
        want_right = rng.random() < self.hit_rate
        pool = (right if want_right else wrong) or right or wrong
        return rng.choice(pool)
