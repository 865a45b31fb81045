"""Timeline bots: a player's knowledge of dates is modelled by a hit rate, the bots' one open look at hidden keys."""

from typing import TYPE_CHECKING, Any

from engine.core.bots import HitRateBot, fits
from engine.core.protocol import Action, Knowledge
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.core.protocol import Game


def right(known: Knowledge, action: Action) -> bool:
    """Whether the placement is correct, by the keys the knowledge model reads."""
    line = [card["key"] for card in known.view["timeline"]]
    return fits(line, known.dates[action["card"]], action["gap"])


class TimelineHitRateBot(HitRateBot):
    """Place a card correctly with probability `hit_rate` (default 0.7), otherwise wrongly."""

    name = "medium"
    summary = (
        "Picks a card at random and places it right with probability hit_rate (0-1, default 0.7): it reads the "
        "dates of its own cards to model a player who knows that many."
    )

    def decide(self, game: "Game", known: Knowledge, rng: Rng) -> Action:
        actions = known.actions
        good = [a for a in actions if right(known, a)]
        bad = [a for a in actions if not right(known, a)]
        want_right = rng.random() < self.hit_rate
        pool = (good if want_right else bad) or good or bad
        chosen: Any = rng.choice(pool)
        return chosen
