"""The good bot: value each choice by the sheet it leaves, projected to the end of the game with the layout's points."""

from typing import TYPE_CHECKING, Any

from engine.core.protocol import Action, Bot, Knowledge, State
from engine.core.rng import Rng
from engine.lost_cities import sheet as sheets
from engine.lost_cities.layout import ARTEFACTS, DICE, Layout

if TYPE_CHECKING:
    from engine.core.protocol import Game

# Tuned with bench/lost_cities_bots.py; the projection only has to rank choices, not predict scores.
GAME_TURNS = 25
WRITES_PER_TURN = 1.2
NUMBER_DICE = 2.5
CIRCLE_HOPE = 0.5


def _at(points: tuple[int, ...], level: float) -> float:
    """Points at a fractional level, read linearly between the printed levels."""
    low = min(int(level), len(points) - 1)
    high = min(low + 1, len(points) - 1)
    return points[low] + (points[high] - points[low]) * (level - low)


class Projection:
    """What one seat may know: its own sheet, the public sheets of the others, the bridges and the turn."""

    def __init__(self, layout: Layout, state: State, seat: int) -> None:
        self.layout = layout
        self.seat = seat
        players = state["players"]
        self.turns_left = max(2.0, GAME_TURNS - state["turn"])
        # Chance that a given colour shows among the colour dice open to this seat on a turn.
        active_share = 1 / players
        self.colour_chance = active_share * (1 - (5 / 6) ** 3) + (1 - active_share) * (1 - (5 / 6) ** 2)
        public = state["public_sheets"] or state["sheets"]
        self.open = {c for c, winners in state["bridges"].items() if winners is None}
        self.rivals = {
            c: max((sheets.marks(public[s], c) for s in range(players) if s != seat), default=-1)
            for c in layout.columns
        }

    def bridge(self, column: str, now: int, later: float) -> float:
        """The bridge bonus this column can still expect."""
        if column not in self.open:
            return 0.0
        if now >= self.layout.bridge_space:
            return float(self.layout.bridge_bonus)
        if later < self.layout.bridge_space:
            return 0.0
        rival = self.rivals[column]
        odds = 0.7 if now > rival else 0.4 if now == rival else 0.15
        return self.layout.bridge_bonus * odds

    def column(self, filled: int, top: int, started: int) -> float:
        """The fill a started column may expect by the end of the game."""
        usable = (11 - top) / 10
        chances = self.turns_left * self.colour_chance * (1 - (1 - usable) ** NUMBER_DICE)
        share = self.turns_left * WRITES_PER_TURN / max(started, 1)
        return filled + max(0.0, min(self.layout.spaces - filled, chances, share))

    def value(self, sheet: sheets.Sheet) -> float:
        layout = self.layout
        started = sum(1 for c in layout.colours if sheet["columns"][c])
        total, artefacts_ahead = 0.0, 0.0
        for colour in layout.colours:
            column = sheet["columns"][colour]
            factor = layout.double_factor if sheet["circles"][colour] else 1
            if not column:
                if sheet["circles"][colour]:
                    hope = _at(layout.colour_points, self.column(0, 2, started + 1))
                    total += CIRCLE_HOPE * max(0.0, hope) * (factor - 1)
                continue
            later = self.column(len(column), column[-1], started)
            total += factor * _at(layout.colour_points, later)
            total += self.bridge(colour, len(column), later)
            artefacts_ahead += sum(1 for s in layout.urns[colour] if len(column) < s <= later)
        artefacts = min(layout.spaces, sheet[ARTEFACTS] + artefacts_ahead)
        total += _at(layout.artefact_points, artefacts) + self.bridge(ARTEFACTS, sheet[ARTEFACTS], artefacts)
        total += layout.dice_points[sheet[DICE]] + self.bridge(DICE, sheet[DICE], sheet[DICE])
        total += layout.bridge_bonus * sum(1 for c in layout.columns if sheet["bridges"][c] == "won")
        return total

    def accelerate_all(self, sheet: sheets.Sheet, owed: int) -> sheets.Sheet:
        """Use every acceleration on the column that gains most (accelerating never loses a space)."""
        while owed > 0:
            columns = sheets.accelerable(sheet, self.layout)
            if not columns:
                break
            options = []
            for colour in columns:
                trial = sheets.copy_sheet(sheet)
                _, arrows = sheets.accelerate(trial, self.layout, colour)
                options.append((self.value(trial), arrows, trial))
            _, arrows, sheet = max(options, key=lambda option: option[:2])
            owed += arrows - 1
        return sheet

    def after(self, sheet: sheets.Sheet, action: Action, owed: int) -> float:
        """The value of the sheet this action leaves, spending any accelerations it earns well."""
        trial = sheets.copy_sheet(sheet)
        kind = action["type"]
        if kind == "refuse":
            sheets.refuse(trial, self.layout)
        elif kind == "take":
            _, owed = sheets.take(trial, self.layout, action["colour"], action["number"], action["as"])
        elif kind == "accelerate":
            _, arrows = sheets.accelerate(trial, self.layout, action["column"])
            owed += arrows - 1
        else:
            owed = 0
        return self.value(self.accelerate_all(trial, owed))


class GoodBot(Bot):
    """Start columns low and keep few open, use every arrow, race for bridges, double early, refuse for the dice."""

    name = "medium"
    summary = "Values each choice by its projected points: starts low, uses arrows, races for bridges, doubles early."
    plans = True

    def decide(self, game: "Game", known: Knowledge, rng: Rng) -> Action:
        assert known.seen is not None
        return ranked(game.layout, known.seen, known.seat, known.actions)[0]  # type: ignore[attr-defined]


def ranked(layout: Layout, state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The actions, best first by the projected points of the sheet each leaves (ties: the earlier action)."""
    projection = Projection(layout, state, seat)
    sheet = state["sheets"][seat]
    owed = state["accelerations"].get(str(seat), 0)
    scored: list[tuple[float, int, Any]] = [
        (projection.after(sheet, action, owed), -i, action) for i, action in enumerate(actions)
    ]
    return [item[2] for item in sorted(scored, key=lambda item: item[:2], reverse=True)]
