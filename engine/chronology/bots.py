"""Chronology bots: a player's knowledge of dates is modelled by a hit rate, the bots' one open look at hidden years
(of the top cards every player sees face up)."""

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from engine.core.bots import HitRateBot, fits, knows
from engine.core.protocol import Action, Knowledge
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.core.protocol import Game

# Years from a card to its neighbours beyond which a placement counts as plain easy.
EASY = 1000


class Table:
    """The table as the seat sees it, with the years the knowledge model reads."""

    def __init__(self, known: Knowledge) -> None:
        view = known.view
        self.known, self.seat, self.dates = known, known.seat, known.dates
        self.phase, self.power = view["phase"], view["power"]
        self.seats = [p["seat"] for p in view["players"]]
        self.years = [[card["year"] for card in p["chronology"]] for p in view["players"]]
        self.left = [p["cards_left"] for p in view["players"]]
        self.chronology = [len(years) for years in self.years]
        self.tops: dict[int | None, dict[str, str | None]] = {
            p["seat"]: {s["colour"]: s["top"] and s["top"]["id"] for s in p["stacks"]} for p in view["players"]
        }
        self.tops[None] = {pile["colour"]: pile["top"] and pile["top"]["id"] for pile in view["common"]}

    def top(self, seat: int | None, colour: str) -> str:
        card = self.tops[seat][colour]
        assert card is not None
        return card

    def year(self, card: str) -> int:
        year: int = self.dates[card]
        return year

    def margin(self, seat: int, card: str) -> int:
        """How many years lie between the card and its nearest neighbour in `seat`'s chronology (more: easier)."""
        years = self.years[seat]
        year = self.year(card)
        gap = bisect_left(years, year)
        distances = [year - years[gap - 1]] if gap else []
        distances += [years[gap] - year] if gap < len(years) else []
        return min([*distances, EASY])

    def fits(self, seat: int, card: str, gap: int) -> bool:
        return fits(self.years[seat], self.year(card), gap)

    def standing(self, seat: int) -> tuple[int, int]:
        return self.chronology[seat], self.left[seat]

    def leader(self, with_cards: bool = False) -> int | None:
        rivals = [s for s in self.seats if s != self.seat and (self.left[s] or not with_cards)]
        return max(rivals, key=self.standing, default=None)


class SensibleBot(HitRateBot):
    """Play the easiest top card, right with probability `hit_rate`; aim every power at the leader."""

    name = "medium"
    summary = (
        "Places its easiest card, correctly with probability hit_rate (0-1, default 0.7), reading the years of the "
        "top cards to model a player who knows that many; discards the leader's easy cards, hands the leader hard "
        "ones and swaps hard cards away."
    )

    def decide(self, game: "Game", known: Knowledge, rng: Rng) -> Action:
        table = Table(known)
        actions = known.actions
        if table.phase == "setup":
            return self._start(table, actions)
        if table.phase == "play":
            return self._place(table, actions, rng)
        uses = [a for a in actions if a["type"] != "skip"]
        chosen = {"red": self._red, "beige": self._beige, "blue": self._blue}[table.power](table, uses)
        return chosen or {"type": "skip"}

    def _start(self, table: Table, actions: list[Action]) -> Action:
        # The card starts the neighbour's chronology: the nearer its year to their cards, the harder they play.
        neighbour = (table.seat + 1) % len(table.seats)
        tops = [table.year(card) for card in table.tops[neighbour].values() if card]

        def closeness(action: Action) -> int:
            year = table.year(table.top(None, action["colour"]))
            return min(abs(year - top) for top in tops) if tops else 0

        return min(actions, key=closeness)

    def _place(self, table: Table, actions: list[Action], rng: Rng) -> Action:
        seat = table.seat
        card = max({a["card"] for a in actions}, key=lambda c: (table.margin(seat, c), c))
        mine = [a for a in actions if a["card"] == card]
        right = [a["gap"] for a in mine if table.fits(seat, card, a["gap"])]
        wrong = [a for a in mine if a["gap"] not in right]
        if rng.random() < self.hit_rate or not wrong:
            chosen: Any = rng.choice([a for a in mine if a["gap"] in right])
            return chosen
        # A miss is a near miss: one gap beside a right one.
        nearest = min(min(abs(a["gap"] - g) for g in right) for a in wrong)
        chosen = rng.choice([a for a in wrong if min(abs(a["gap"] - g) for g in right) == nearest])
        return chosen

    def _red(self, table: Table, actions: list[Action]) -> Action | None:
        leader = table.leader(with_cards=True)
        if leader is None:
            return None
        aimed = [a for a in actions if a["seat"] == leader]
        return max(aimed, key=lambda a: table.margin(leader, table.top(leader, a["colour"])), default=None)

    def _beige(self, table: Table, actions: list[Action]) -> Action | None:
        seat, leader = table.seat, table.leader()
        if leader is None or table.standing(seat) > table.standing(leader):
            mine = [a for a in actions if a["seat"] == seat]
            return max(mine, key=lambda a: table.margin(seat, table.top(None, a["colour"])), default=None)
        theirs = [a for a in actions if a["seat"] == leader]
        return min(theirs, key=lambda a: table.margin(leader, table.top(None, a["colour"])), default=None)

    def _blue(self, table: Table, actions: list[Action]) -> Action | None:
        seat = table.seat

        def gain(action: Action) -> int:
            other = next(s for s in action["seats"] if s != seat)
            mine, theirs = table.top(seat, action["colour"]), table.top(other, action["colour"])
            better = table.margin(seat, theirs) - table.margin(seat, mine)
            if other is not None:
                better += table.margin(other, theirs) - table.margin(other, mine)
            return better

        swaps = [a for a in actions if a["type"] == "swap_tops" and seat in a["seats"]]
        best = max(swaps, key=gain, default=None)
        return best if best is not None and gain(best) > 0 else None


class ChronologyStrongBot(SensibleBot):
    """The medium bot's knowledge for each look at a card (`hit_rate`), but it looks at every top card it holds."""

    name = "strong"
    summary = (
        "Looks at each of its top cards, recalling where each goes with probability hit_rate (0-1, default 0.7; it "
        "reads the years of the top cards to model that player), places the easiest it recalls, else guesses; "
        "aims its powers at the leader as the medium bot does."
    )

    def _place(self, table: Table, actions: list[Action], rng: Rng) -> Action:
        seat = table.seat
        cards = sorted({a["card"] for a in actions}, key=lambda c: (-table.margin(seat, c), c))
        sure = [c for c in cards if knows(rng, self.hit_rate)]
        if sure:
            chosen: Any = rng.choice(
                [a for a in actions if a["card"] == sure[0] and table.fits(seat, sure[0], a["gap"])]
            )
            return chosen
        chosen = rng.choice([a for a in actions if a["card"] == cards[0]])
        return chosen
