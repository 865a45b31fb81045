"""Timeline bots: a player's knowledge of dates is modelled by a hit rate, the bots' one open look at hidden keys."""

from typing import TYPE_CHECKING, Any

from engine.core.bots import HitRateBot, fits, knows
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


class TimelineStrongBot(HitRateBot):
    """The medium bot's knowledge for each look at a card (`hit_rate`), but it looks at every card in its hand."""

    name = "strong"
    summary = (
        "Looks at every card in its hand, recalling where each goes with probability hit_rate (0-1, default 0.7; "
        "it reads the dates of its own cards to model that player), plays one it recalls, else guesses a gap."
    )

    def decide(self, game: "Game", known: Knowledge, rng: Rng) -> Action:
        actions = known.actions
        cards = sorted({a["card"] for a in actions})
        sure = [c for c in cards if knows(rng, self.hit_rate)]
        if sure:
            chosen: Any = rng.choice([a for a in actions if a["card"] in sure and right(known, a)])
            return chosen
        chosen = rng.choice(actions)
        return chosen
