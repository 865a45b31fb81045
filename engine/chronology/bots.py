"""Chronology bots: the server knows every year, so the sensible bot places at a hit rate it is told."""

from bisect import bisect_left
from typing import TYPE_CHECKING

from engine.chronology.table import cards_left, fits, pile, players, year_of
from engine.core.bots import HitRateBot
from engine.core.protocol import Action, State
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.core.protocol import Game

# Years from a card to its neighbours beyond which a placement counts as plain easy.
EASY = 1000


def margin(state: State, seat: int, card: str) -> int:
    """How many years lie between the card and its nearest neighbour in `seat`'s chronology (more: easier)."""
    years = [year_of(state, c) for c in state["chronologies"][seat]]
    year = year_of(state, card)
    gap = bisect_left(years, year)
    distances = [year - years[gap - 1]] if gap else []
    distances += [years[gap] - year] if gap < len(years) else []
    return min([*distances, EASY])


def _standing(state: State, seat: int) -> tuple[int, int]:
    return len(state["chronologies"][seat]), cards_left(state, seat)


def _top(state: State, seat: int | None, colour: str) -> str:
    return pile(state, seat, colour)[-1]


class SensibleBot(HitRateBot):
    """Play the easiest top card, right with probability `hit_rate`; aim every power at the leader."""

    name = "sensible"
    summary = (
        "Places its easiest card, correctly with probability hit_rate (0-1, default 0.7); discards the "
        "leader's easy cards, hands the leader hard ones and swaps hard cards away."
    )

    def choose(self, game: "Game", state: State, seat: int, rng: Rng) -> Action:
        actions = game.legal_actions(state, seat)
        if state["phase"] == "setup":
            return self._start(state, seat, actions)
        if state["phase"] == "play":
            return self._place(state, seat, actions, rng)
        uses = [a for a in actions if a["type"] != "skip"]
        chosen = {"red": self._red, "beige": self._beige, "blue": self._blue}[state["power"]](state, seat, uses)
        return chosen or {"type": "skip"}

    def _start(self, state: State, seat: int, actions: list[Action]) -> Action:
        # The card starts the neighbour's chronology: the nearer its year to their cards, the harder they play.
        neighbour = (seat + 1) % len(state["stacks"])
        tops = [year_of(state, s[-1]) for s in state["stacks"][neighbour].values() if s]

        def closeness(action: Action) -> int:
            year = year_of(state, _top(state, None, action["colour"]))
            return min(abs(year - top) for top in tops) if tops else 0

        return min(actions, key=closeness)

    def _place(self, state: State, seat: int, actions: list[Action], rng: Rng) -> Action:
        card = max({a["card"] for a in actions}, key=lambda c: (margin(state, seat, c), c))
        mine = [a for a in actions if a["card"] == card]
        right = [a["gap"] for a in mine if fits(state, seat, card, a["gap"])]
        wrong = [a for a in mine if a["gap"] not in right]
        if rng.random() < self.hit_rate or not wrong:
            return rng.choice([a for a in mine if a["gap"] in right])
        # A miss is a near miss: one gap beside a right one.
        nearest = min(min(abs(a["gap"] - g) for g in right) for a in wrong)
        return rng.choice([a for a in wrong if min(abs(a["gap"] - g) for g in right) == nearest])

    def _leader(self, state: State, seat: int, with_cards: bool = False) -> int | None:
        rivals = [s for s in players(state) if s != seat and (cards_left(state, s) or not with_cards)]
        return max(rivals, key=lambda s: _standing(state, s), default=None)

    def _red(self, state: State, seat: int, actions: list[Action]) -> Action | None:
        leader = self._leader(state, seat, with_cards=True)
        if leader is None:
            return None
        aimed = [a for a in actions if a["seat"] == leader]
        return max(aimed, key=lambda a: margin(state, leader, _top(state, leader, a["colour"])), default=None)

    def _beige(self, state: State, seat: int, actions: list[Action]) -> Action | None:
        leader = self._leader(state, seat)
        if leader is None or _standing(state, seat) > _standing(state, leader):
            mine = [a for a in actions if a["seat"] == seat]
            return max(mine, key=lambda a: margin(state, seat, _top(state, None, a["colour"])), default=None)
        theirs = [a for a in actions if a["seat"] == leader]
        return min(theirs, key=lambda a: margin(state, leader, _top(state, None, a["colour"])), default=None)

    def _blue(self, state: State, seat: int, actions: list[Action]) -> Action | None:
        def gain(action: Action) -> int:
            other = next(s for s in action["seats"] if s != seat)
            mine, theirs = _top(state, seat, action["colour"]), _top(state, other, action["colour"])
            better = margin(state, seat, theirs) - margin(state, seat, mine)
            if other is not None:
                better += margin(state, other, theirs) - margin(state, other, mine)
            return better

        swaps = [a for a in actions if a["type"] == "swap_tops" and seat in a["seats"]]
        best = max(swaps, key=gain, default=None)
        return best if best is not None and gain(best) > 0 else None
