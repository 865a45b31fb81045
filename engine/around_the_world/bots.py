"""The greedy bot: it reads only its own hand and the public table, and weighs every choice in expected days."""

from typing import TYPE_CHECKING

from engine.around_the_world.board import Board
from engine.around_the_world.travel import plans
from engine.core.protocol import Action, Bot, Knowledge, State
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.core.protocol import Game

# Expected days a card of each type is worth waiting for: about the deck's better half.
GOOD_DAYS = {"ship": 6.0, "train": 3.5}
NO_PLAN = 30.0


def best_cost(
    state: State,
    board: Board,
    seat: int,
    extra: list[str] | None = None,
    drop: list[str] | None = None,
    balloon: bool | None = None,
) -> float:
    """Expected days of the cheapest way to travel the next leg with a changed hand (NO_PLAN if none)."""
    hand = [c for c in state["hands"][seat] if c not in (drop or [])] + list(extra or [])
    hands = list(state["hands"])
    hands[seat] = hand
    turn = dict(state["turn"])
    if balloon is not None:
        turn["balloon"] = balloon
    found = plans({**state, "hands": hands, "turn": turn}, board, seat)
    return found[0].expected if found else NO_PLAN


def threshold(board: Board, position: int) -> float:
    """Expected days the bot accepts for a leg without waiting for better cards."""
    leg = board.legs[position]
    if leg.elephants:
        return float(board.supply["walk_days"])
    return min(sum(GOOD_DAYS[kind] for kind in route) for route in leg.routes)


class GreedyBot(Bot):
    """Take the card that makes the next leg cheapest, travel when it is cheap or time presses, dodge the detective."""

    name = "medium"
    plans = True
    # Travel anyway when a rival is more than `lead` legs ahead; a leg is cheap at its threshold + `slack` days.
    lead = 0
    slack = 0.0
    summary = (
        "Takes the card (and action) that makes its next leg cheapest, travels when the leg is cheap enough or "
        "others are ahead, uses the balloon, re-rolls high dice with gold and keeps the detective away."
    )

    def decide(self, game: "Game", known: Knowledge, rng: Rng) -> Action:
        assert known.seen is not None
        return self.act(game.board, known.seen, known.seat, known.actions)  # type: ignore[attr-defined]

    def act(self, board: Board, state: State, seat: int, actions: list[Action]) -> Action:
        """The choice on a state the bot may read whole (its seat's state, or a world a search dealt)."""
        phase = state["phase"]
        if phase == "take":
            # The bot buys, if at all, after seeing which card it took.
            takes = [a for a in actions if a["type"] != "buy"]
            return max(takes, key=lambda a: self._take_value(state, board, seat, a))
        if phase == "roll":
            die, gold = state["roll"]["die"], state["gold"][seat]
            wants = die >= 5 or (die >= 4 and gold >= 3)
            return {"type": "reroll"} if wants and {"type": "reroll"} in actions else {"type": "accept"}
        if phase == "receipt":
            # A drawn card is worth having: a grey event harms everybody alike.
            return actions[0]
        if phase == "discard":
            discards = [a for a in actions if a["type"] == "discard"]
            return max(discards, key=lambda a: self._discard_value(state, board, seat, a))
        return self._travel_phase(state, board, seat, actions)

    def _take_value(self, state: State, board: Board, seat: int, action: Action) -> float:
        if action["type"] == "draw":
            return -best_cost(state, board, seat) + 0.5
        slot = next(s for s in state["display"] if s["space"] == action["space"])
        card = slot["card"]
        space = action["space"]
        if space == "exchange" and "discard" in action:
            drop = self._ids_for(state, seat, action["discard"], card)
            # Each new card is unknown: count it as a fair chance at a better leg.
            kept = best_cost(state, board, seat, extra=[card], drop=drop)
            return -min(kept, NO_PLAN - 2) + 0.4 * len(drop) - (1.0 if kept < NO_PLAN else 0)
        balloon = True if space == "balloon" and action.get("use") else None
        value = -best_cost(state, board, seat, extra=[card], balloon=balloon)
        if action.get("use"):
            value += {"gold": 1.0, "event": 0.6, "watch": 0.4, "balloon": 0.1}.get(space, 0)
        if "location" in action:
            value += self._detective_value(state, board, seat, action["location"])
        return value

    def _ids_for(self, state: State, seat: int, cards: list[dict], taken: str) -> list[str]:
        pool = [*state["hands"][seat], taken]
        chosen = []
        for card in cards:
            match = next(c for c in pool if c not in chosen and state["travel_cards"][c] == card)
            chosen.append(match)
        return chosen

    def _detective_value(self, state: State, board: Board, seat: int, location: str) -> float:
        here = board.location(state["positions"][seat])
        ahead = board.location(state["positions"][seat] + 1)
        value = 0.0
        if state["detective"] in (here, ahead):
            value += 1.5
        if location in (here, ahead):
            return -3.0
        rivals = [s for s in range(state["players"]) if s != seat and s not in state["arrivals"]]
        leader = max(rivals, key=lambda s: (state["positions"][s], -state["days"][s]), default=None)
        if leader is not None and location == board.location(state["positions"][leader] + 1):
            value += 1.0
        return value

    def _travel_phase(self, state: State, board: Board, seat: int, actions: list[Action]) -> Action:
        travels = [a for a in actions if a["type"] == "travel"]
        position = state["positions"][seat]
        if travels and self._worth_travelling(state, board, seat, actions, travels):
            return travels[0]
        connection = next((a for a in actions if a["type"] == "play_event"), None)
        if (
            connection is not None
            and position < board.home
            and best_cost(state, board, seat) <= threshold(board, position)
        ):
            return connection
        elephant_leg = next(i for i, leg in enumerate(board.legs) if leg.elephants)
        sell = next((a for a in actions if a["type"] == "sell_event"), None)
        if sell is not None and position > elephant_leg:
            return sell
        if not travels and state["gold"][seat] >= 4 and {"type": "buy", "deck": "travel"} in actions:
            return {"type": "buy", "deck": "travel"}
        return {"type": "end_turn"}

    def _worth_travelling(
        self, state: State, board: Board, seat: int, actions: list[Action], travels: list[Action]
    ) -> bool:
        position = state["positions"][seat]
        found = plans(state, board, seat)
        cost = found[0].expected
        here, ahead = board.location(position), board.location(position + 1)
        # The detective costs 2 days to whoever ends the turn on his location.
        if state["detective"] == here:
            cost -= board.supply["detective_days"]
        if state["detective"] == ahead:
            cost += board.supply["detective_days"]
        others = [state["positions"][s] for s in range(state["players"]) if s != seat]
        behind = max(others) > position + self.lead or bool(state["arrivals"])
        full = len(state["hands"][seat]) >= board.supply["hand_limit"]
        return cost <= threshold(board, position) + self.slack or full or behind

    def _discard_value(self, state: State, board: Board, seat: int, action: Action) -> float:
        card = action["card"]
        position = state["positions"][seat]
        upcoming = [kind for leg in board.legs[position : position + 2] for route in leg.routes for kind in route]
        return card["days"] - (2 if card["kind"] in upcoming else 0)
