"""Timeline bots: the server knows every key, so a bot's skill is a hit rate it is told to play at."""

from typing import TYPE_CHECKING

from engine.core.bots import HitRateBot
from engine.core.protocol import Action, State
from engine.core.rng import Rng
from engine.timeline.placing import fits

if TYPE_CHECKING:
    from engine.core.protocol import Game


class TimelineHitRateBot(HitRateBot):
    """Place a card correctly with probability `hit_rate` (default 0.7), otherwise wrongly."""

    name = "hit-rate"
    summary = "Places correctly with probability hit_rate (0-1, default 0.7)."

    def choose(self, game: "Game", state: State, seat: int, rng: Rng) -> Action:
        actions = game.legal_actions(state, seat)
        right = [a for a in actions if fits(state, a["card"], a["gap"])]
        wrong = [a for a in actions if not fits(state, a["card"], a["gap"])]
        want_right = rng.random() < self.hit_rate
        pool = (right if want_right else wrong) or right or wrong
        return rng.choice(pool)
