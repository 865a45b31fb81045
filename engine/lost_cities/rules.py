"""Lost Cities: Roll & Write as RULINGS.md reads the Czech rules: the game's turn, its steps and its end."""

import copy
from pathlib import Path
from typing import Any

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.hidden import FIXED_RNG
from engine.core.leaving import TABLE_EVENTS, ResignAction, resigned_last, staying
from engine.core.protocol import Action, Event, Game, Outcome, RandomBot, State, View
from engine.core.rng import Rng
from engine.core.words import named
from engine.lost_cities import schemas
from engine.lost_cities import sheet as sheets
from engine.lost_cities.bots import GoodBot
from engine.lost_cities.layout import Layout, default_layout
from engine.lost_cities.options import LostCitiesOptions
from engine.lost_cities.scoring import score
from engine.lost_cities.strong import StrongBot
from engine.lost_cities.turn import leave, parse_take, roll, takes

NAMES = Path(__file__).with_name("names.json")
ACTIVE, OTHERS, OVER = "active", "others", "over"


class LostCities(Game):
    name = "lost-cities"
    title = "Lost Cities: Roll & Write"
    min_players = 1
    max_players = 5
    options_schema = LostCitiesOptions
    bots = {"easy": RandomBot, "medium": GoodBot, "strong": StrongBot}
    bot_aliases = {"random": "easy", "good": "medium"}
    action_schemas = (*schemas.ACTIONS, ResignAction)
    event_schemas = (*schemas.EVENTS, *TABLE_EVENTS)
    view_schema = schemas.LostCitiesView
    outcome_schema = schemas.LostCitiesOutcome

    def __init__(self, layout: Layout | None = None) -> None:
        self.layout = layout or default_layout()

    def data(self, language: str = "en") -> dict[str, Any]:
        return {"sheet": self.layout.raw, **named(NAMES, language)}

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        rng = Rng(seed)
        dice = roll(self.layout, rng)
        return {
            "players": players,
            "turn": 1,
            "active": options.get("first", 0),
            "step": ACTIVE,
            "roll": dice,
            "offer": dice,
            "active_choice": None,
            "waiting": [options.get("first", 0)],
            "accelerations": {},
            "sheets": [sheets.new_sheet(self.layout) for _ in range(players)],
            "public_sheets": None,
            "hidden": {},
            "bridges": {column: None for column in self.layout.columns},
            "rng": rng.to_state(),
        }

    def to_act(self, state: State) -> set[int]:
        return set(state["waiting"]) if state["step"] != OVER else set()

    def copy_state(self, state: State) -> State:
        # The rules change the sheets, `waiting`, `accelerations`, `hidden`'s lists and `bridges` in place; every
        # other value (the dice, `public_sheets`, `active_choice`, `rng`) they replace whole.
        copied = {
            **state,
            "sheets": [sheets.copy_sheet(sheet) for sheet in state["sheets"]],
            "waiting": list(state["waiting"]),
            "accelerations": dict(state["accelerations"]),
            "hidden": {seat: list(events) for seat, events in state["hidden"].items()},
            "bridges": dict(state["bridges"]),
        }
        if "resigned" in state:
            copied["resigned"] = list(state["resigned"])
        return copied

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        sheet = state["sheets"][seat]
        if state["accelerations"].get(str(seat)):
            columns = sheets.accelerable(sheet, self.layout)
            return [*({"type": "accelerate", "column": c} for c in columns), {"type": "stop"}]
        return [*takes(sheet, self.layout, state["offer"]), {"type": "refuse"}]

    # --- apply -------------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if seat not in state["waiting"]:
            raise IllegalAction(f"Seat {seat} has finished this step.")
        kind = action.get("type")
        owed = state["accelerations"].get(str(seat), 0)
        if kind in ("take", "refuse") and owed:
            raise IllegalAction("Finish your accelerations first: `accelerate` a column or `stop`.")
        if kind in ("accelerate", "stop") and not owed:
            raise IllegalAction("You have no acceleration to use: only an arrow space gives one.")
        sheet = state["sheets"][seat]
        if kind == "take":
            marks = self._take(state, seat, sheet, action)
        elif kind == "refuse":
            marks = [{"type": "refused"}, *sheets.refuse(sheet, self.layout)]
            if state["step"] == ACTIVE:
                state["active_choice"] = {"type": "refuse"}
        elif kind == "accelerate":
            marks = self._accelerate(state, seat, sheet, action)
        elif kind == "stop":
            state["accelerations"][str(seat)] = 0
            marks = [{"type": "accelerations_stopped"}]
        else:
            raise MalformedAction(f"Unknown action type {kind!r}: use take, refuse, accelerate or stop.")
        events = self._announce(state, seat, marks)
        return state, events + self._settle(state, seat)

    def _take(self, state: State, seat: int, sheet: sheets.Sheet, action: Action) -> list[sheets.Mark]:
        colour, number, mode = parse_take(action, sheet, self.layout, state["offer"])
        if state["step"] == ACTIVE:
            state["active_choice"] = {"type": "take", "colour": colour, "number": number, "as": mode}
        made, arrows = sheets.take(sheet, self.layout, colour, number, mode)
        state["accelerations"][str(seat)] = arrows
        return [{"type": "dice_taken", "colour": colour, "number": number, "as": mode}, *made]

    def _accelerate(self, state: State, seat: int, sheet: sheets.Sheet, action: Action) -> list[sheets.Mark]:
        column = action.get("column")
        if column not in self.layout.colours:
            raise MalformedAction(f"An acceleration names a colour `column`, one of {', '.join(self.layout.colours)}.")
        if column not in sheets.accelerable(sheet, self.layout):
            raise IllegalAction(f"The {column} column cannot be accelerated: it is not started or it is full.")
        made, arrows = sheets.accelerate(sheet, self.layout, column)
        state["accelerations"][str(seat)] += arrows - 1
        return [{"type": "accelerated", "column": column}, *made]

    def _announce(self, state: State, seat: int, marks: list[sheets.Mark]) -> list[Event]:
        """Stamp marks with the seat; in the simultaneous step only the seat itself sees them until the reveal."""
        events = [{**mark, "seat": seat} for mark in marks]
        if state["step"] == ACTIVE:
            return events
        state["hidden"].setdefault(str(seat), []).extend(events)
        return [{**event, "to": [seat]} for event in events]

    def _settle(self, state: State, seat: int) -> list[Event]:
        """Finish the seat's part of the step unless it still has accelerations to use; move the turn on."""
        key = str(seat)
        if state["accelerations"].get(key) and not sheets.accelerable(state["sheets"][seat], self.layout):
            state["accelerations"][key] = 0
        if state["accelerations"].get(key):
            return []
        state["accelerations"].pop(key, None)
        state["waiting"].remove(seat)
        events: list[Event] = []
        if state["step"] == OTHERS:
            events.append({"type": "player_chose", "seat": seat})
        if state["waiting"]:
            return events
        if state["step"] == ACTIVE and state["players"] > 1:
            return events + self._open_to_others(state)
        if state["step"] == OTHERS:
            events.append(self._reveal(state))
        return events + self._end_turn(state)

    def resign(self, state: State, seat: int) -> list[Event]:
        """The seat's sheet stays as it is and its turns are skipped: as the active player its choice is a refusal
        (the others choose from every die); the last seat left wins (alone, the game simply ends)."""
        state["accelerations"].pop(str(seat), None)
        if len(staying(state, state["players"])) <= 1:
            return self._game_over(state, [self._reveal(state)] if state["step"] == OTHERS else [])
        if seat not in state["waiting"]:
            return []
        state["waiting"].remove(seat)
        if state["waiting"]:
            return []
        if state["step"] == ACTIVE:
            state["active_choice"] = state["active_choice"] or {"type": "refuse"}
            return self._open_to_others(state)
        return [self._reveal(state), *self._end_turn(state)]

    def _open_to_others(self, state: State) -> list[Event]:
        choice = state["active_choice"]
        if choice["type"] == "take":
            state["offer"] = leave(state["roll"], choice["colour"], choice["number"])
        state["step"] = OTHERS
        state["waiting"] = [s for s in staying(state, state["players"]) if s != state["active"]]
        state["public_sheets"] = [sheets.copy_sheet(sheet) for sheet in state["sheets"]]
        state["hidden"] = {}
        return [{"type": "others_choose", "seats": list(state["waiting"]), "offer": state["offer"]}]

    def _reveal(self, state: State) -> Event:
        others = [s for s in range(state["players"]) if s != state["active"]]
        choices = [{"seat": s, "events": state["hidden"].get(str(s), [])} for s in others]
        state["public_sheets"] = None
        state["hidden"] = {}
        return {"type": "choices_revealed", "turn": state["turn"], "choices": choices}

    def _end_turn(self, state: State) -> list[Event]:
        events = self._cross_bridges(state)
        playing = [state["sheets"][s] for s in staying(state, state["players"])]
        if all(sheets.exhausted(s, self.layout) for s in playing) or all(state["bridges"].values()):
            return self._game_over(state, events)
        rng = Rng.from_state(state["rng"])
        state["turn"] += 1
        state["active"] = (state["active"] + 1) % state["players"]
        while state["active"] in state.get("resigned", ()):
            state["active"] = (state["active"] + 1) % state["players"]
        state["roll"] = state["offer"] = roll(self.layout, rng)
        state["rng"] = rng.to_state()
        state["step"] = ACTIVE
        state["active_choice"] = None
        state["waiting"] = [state["active"]]
        return [*events, {"type": "dice_rolled", "turn": state["turn"], "active": state["active"], **state["roll"]}]

    def _game_over(self, state: State, events: list[Event]) -> list[Event]:
        state["step"] = OVER
        state["waiting"] = []
        outcome = self.outcome(state)
        assert outcome is not None
        totals = {s["seat"]: s["score"] for s in outcome["standings"]}
        return [
            *events,
            {
                "type": "game_over",
                "winners": outcome["winners"],
                "scores": [totals[s] for s in range(state["players"])],
            },
        ]

    def _cross_bridges(self, state: State) -> list[Event]:
        """Everyone who reached a 7th space of a column whose bridge is open scores it; the others lose it."""
        events: list[Event] = []
        for column in self.layout.columns:
            if state["bridges"][column] is not None:
                continue
            seats = range(state["players"])
            crossed = [s for s in seats if sheets.marks(state["sheets"][s], column) >= self.layout.bridge_space]
            if not crossed:
                continue
            state["bridges"][column] = crossed
            for s in seats:
                state["sheets"][s]["bridges"][column] = "won" if s in crossed else "lost"
            events.append(
                {"type": "bridge_crossed", "column": column, "seats": crossed, "bonus": self.layout.bridge_bonus}
            )
        return events

    # --- what players see ---------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        public = state["public_sheets"]
        shown = [state["sheets"][s] if public is None or s == seat else public[s] for s in range(state["players"])]
        owed = {int(s): n for s, n in state["accelerations"].items() if state["step"] == ACTIVE or int(s) == seat}
        chosen = [s for s in range(state["players"]) if s != state["active"] and s not in state["waiting"]]
        return {
            "turn": state["turn"],
            "active": state["active"],
            "step": state["step"],
            "roll": state["roll"],
            "offer": state["offer"],
            "active_choice": state["active_choice"],
            "chosen": chosen if state["step"] == OTHERS else [],
            "accelerations": [{"seat": s, "left": n} for s, n in sorted(owed.items())],
            "bridges": {c: {"open": w is None, "winners": w or []} for c, w in state["bridges"].items()},
            "sheets": [
                {
                    "seat": s,
                    **sheet,
                    "exhausted": sheets.exhausted(sheet, self.layout),
                    "score": score(sheet, self.layout)["total"],
                }
                for s, sheet in enumerate(shown)
            ],
        }

    def seat_state(self, state: State, seat: int) -> State:
        """While the others choose in secret, each other sheet is as it was before (its choice undone)."""
        seen = copy.deepcopy(state)
        public = state["public_sheets"]
        if public is not None:
            seen["sheets"] = [state["sheets"][s] if s == seat else public[s] for s in range(state["players"])]
            seen["sheets"] = copy.deepcopy(seen["sheets"])
            seen["hidden"] = {k: v for k, v in seen["hidden"].items() if k == str(seat)}
            seen["accelerations"] = {k: v for k, v in seen["accelerations"].items() if k == str(seat)}
        seen["rng"] = dict(FIXED_RNG)
        return seen

    def outcome(self, state: State) -> Outcome | None:
        return resigned_last(self._result(state), state) if state["step"] == OVER else None

    def _result(self, state: State) -> Outcome:
        """Standings by score with each sheet's breakdown; equal best scores share the win."""
        scored = [score(sheet, self.layout) for sheet in state["sheets"]]
        totals = [s["total"] for s in scored]
        best = max(totals)
        order = sorted(range(state["players"]), key=lambda s: (-totals[s], s))
        standings = [
            {
                "seat": s,
                "place": 1 + sum(1 for t in totals if t > totals[s]),
                "score": totals[s],
                "breakdown": scored[s]["breakdown"],
            }
            for s in order
        ]
        return {"winners": [s for s in range(state["players"]) if totals[s] == best], "standings": standings}
