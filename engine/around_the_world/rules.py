"""Around the World in 80 Days as RULINGS.md reads the Czech rules (seeds/004): rounds, turns, travel and the end."""

from collections.abc import Callable
from typing import Any

from engine.around_the_world import choices, journey, receipts, schemas, take, turn
from engine.around_the_world import view as views
from engine.around_the_world.board import DATA, Board, default_board
from engine.around_the_world.bots import GreedyBot
from engine.around_the_world.options import AroundTheWorldOptions
from engine.around_the_world.outcome import result
from engine.around_the_world.phases import ACTION_TYPES, DISCARD, OVER, PHASE_ACTIONS, RECEIPT, ROLL, TAKE, TRAVEL
from engine.around_the_world.rounds import next_turn
from engine.around_the_world.setup import set_up
from engine.around_the_world.strong import StrongBot
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.hidden import dealt_in_order
from engine.core.leaving import TABLE_EVENTS, ResignAction, resigned_last, staying
from engine.core.protocol import Action, Event, Game, Outcome, RandomBot, State, View
from engine.core.rng import Rng
from engine.core.words import named

NAMES = DATA / "names.json"

Handler = Callable[[Board, State, int, Action, Rng], list[Event]]
HANDLERS: dict[str, Handler] = {
    "take": take.take,
    "draw": take.draw,
    "travel": journey.travel,
    "accept": journey.accept,
    "reroll": journey.reroll,
    "play_event": journey.play_event,
    "draw_receipt": receipts.draw_receipt,
    "decline_receipt": receipts.decline_receipt,
    "buy": turn.buy,
    "sell_event": turn.sell_event,
    "end_turn": turn.end_turn,
    "discard": turn.discard,
}


class AroundTheWorld(Game):
    name = "around-the-world"
    title = "Around the World in 80 Days"
    min_players = 2
    max_players = 6
    options_schema = AroundTheWorldOptions
    bots = {"easy": RandomBot, "medium": GreedyBot, "strong": StrongBot}
    bot_aliases = {"random": "easy", "greedy": "medium"}
    action_schemas = (*schemas.ACTIONS, ResignAction)
    event_schemas = (*schemas.EVENTS, *TABLE_EVENTS)
    view_schema = schemas.AroundTheWorldView
    outcome_schema = schemas.AroundTheWorldOutcome

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or default_board()

    def data(self, language: str = "en") -> dict[str, Any]:
        return {**self.board.raw, **named(NAMES, language)}

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        return set_up(self.board, players, options, seed)

    # --- who acts and what they may do -------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        return choices.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return choices.legal_actions(self.board, state, seat)

    # --- apply -------------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        kind = action["type"]
        if kind not in ACTION_TYPES:
            raise MalformedAction(f"Unknown action type {kind!r}.", allowed=sorted(ACTION_TYPES))
        phase = state["phase"]
        if kind not in PHASE_ACTIONS[phase]:
            raise IllegalAction(
                f"{kind!r} is not possible now: {self._phase_hint(phase)}", allowed=list(PHASE_ACTIONS[phase])
            )
        rng = Rng.from_state(state["rng"])
        events = HANDLERS[kind](self.board, state, seat, action, rng)
        state["rng"] = rng.to_state()
        return state, events

    def resign(self, state: State, seat: int) -> list[Event]:
        """The seat leaves the journey where it is (its cards, gold and days stay): a turn it is in ends, its later
        turns are skipped, and the game ends by the rule for the players still travelling; the last seat left wins."""
        if len(staying(state, state["players"])) == 1:
            state["phase"], state["turn"] = OVER, None
            final = self.outcome(state)
            assert final is not None
            return [
                {
                    "type": "game_over",
                    "winners": final["winners"],
                    "decided_by": final["decided_by"],
                    "days": list(state["days"]),
                }
            ]
        if state["turn"]["seat"] != seat:
            return []
        rng = Rng.from_state(state["rng"])
        events = next_turn(self.board, state, rng)
        state["rng"] = rng.to_state()
        return events

    def _phase_hint(self, phase: str) -> str:
        return {
            TAKE: "first take one of the travel cards laid out (take) and use its action if you like.",
            TRAVEL: "travel, play an event card, buy a card or end your turn.",
            ROLL: "accept the die or re-roll it for 1 gold (or buy a card).",
            RECEIPT: "draw the card your receipt offers or decline it (or buy a card).",
            DISCARD: f"discard travel cards down to {self.board.supply['hand_limit']} (or buy a card).",
        }[phase]

    # --- what players see and the end --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        return views.view(self.board, state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != OVER:
            return None
        final = resigned_last(result(self.board, state), state)
        if len(staying(state, state["players"])) == 1:
            final["decided_by"] = "resigned"
        return final

    def seat_state(self, state: State, seat: int) -> State:
        return dealt_in_order(self, state, seat)

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
        return views.hidden_cards(state, seat)

    def zones(self, state: State) -> dict[str, list[str]]:
        return views.zones(state)
