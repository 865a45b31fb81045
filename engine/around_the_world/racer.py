"""The racer: the medium bot's habits, but in a race of two, where the first home wins, it spends cards and gold
on turns rather than days: it travels whenever it can, takes the card that brings its homecoming nearest, buys
cards with its gold and keeps the cards its legs to come need."""

from engine.around_the_world.board import Board
from engine.around_the_world.bots import GreedyBot
from engine.around_the_world.race import turns_left
from engine.core.protocol import Action, State

# What the action of a space adds, in cards' worth (gold: half a bought card; an event card: a substitute or
# an Angebot about a third of the time, an Elefant sold for gold a fifth).
SPACE_CARDS = {"gold": 0.3, "event": 0.5}
DAYS_WEIGHT = 0.02


class Racer:
    """A default policy for the race of two (the medium bot's choices where days are all that differ)."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def act(self, board: Board, state: State, seat: int, actions: list[Action]) -> Action:
        phase = state["phase"]
        if phase == "take":
            takes = [a for a in actions if a["type"] != "buy"]
            return max(takes, key=lambda a: self.take_value(board, state, seat, a))
        if phase == "roll":
            return {"type": "accept"}
        if phase == "discard":
            discards = [a for a in actions if a["type"] == "discard"]
            return max(discards, key=lambda a: self.discard_value(board, state, seat, a))
        if phase == "travel":
            return self.travel_step(board, state, seat, actions)
        return self.greedy.act(board, state, seat, actions)

    def take_value(self, board: Board, state: State, seat: int, action: Action) -> float:
        if action["type"] == "draw":
            return -turns_left(board, state, seat, (0, 0, 0.5))
        card = next(s for s in state["display"] if s["space"] == action["space"])["card"]
        kind = state["travel_cards"][card]["kind"]
        extra = SPACE_CARDS.get(action["space"], 0.0) if action.get("use") else 0.0
        if action["space"] == "exchange":
            if "discard" not in action:
                extra = 0.0
            else:
                return -1e9  # the race of two lays out no exchange; elsewhere the medium bot's habits serve
        got = (1, 0, extra) if kind == "ship" else (0, 1, extra)
        return -turns_left(board, state, seat, got) + DAYS_WEIGHT * self.greedy._take_value(state, board, seat, action)

    def travel_step(self, board: Board, state: State, seat: int, actions: list[Action]) -> Action:
        travels = [a for a in actions if a["type"] == "travel"]
        if travels:
            return max(travels, key=lambda a: self.after_travel(board, state, seat, a))
        sell = next((a for a in actions if a["type"] == "sell_event"), None)
        if sell is not None:
            return sell
        turn = state["turn"]
        buy = {"type": "buy", "deck": "travel"}
        if turn["travels"] < turn["allowed"] and state["gold"][seat] >= 2 and buy in actions:
            return buy
        return {"type": "end_turn"}

    def after_travel(self, board: Board, state: State, seat: int, action: Action) -> float:
        """The turns still needed once this leg is paid (the cards kept for the legs after it), then the days."""
        hand = list(state["hands"][seat])
        for card in action["cards"]:
            hand.remove(next(c for c in hand if state["travel_cards"][c] == card))
        events = list(state["event_hands"][seat])
        for name in action["events"]:
            events.remove(next(c for c in events if state["event_cards"][c] == name))
        after = {
            **state,
            "hands": [hand if s == seat else h for s, h in enumerate(state["hands"])],
            "event_hands": [events if s == seat else h for s, h in enumerate(state["event_hands"])],
            "positions": [p + (s == seat) for s, p in enumerate(state["positions"])],
            "turn": {**state["turn"], "travels": state["turn"]["allowed"]},
        }
        days = sum(c["days"] for c in action["cards"])
        return -turns_left(board, after, seat) - DAYS_WEIGHT * days - 0.05 * len(action["events"])

    def discard_value(self, board: Board, state: State, seat: int, action: Action) -> float:
        card = action["card"]
        got = (-1, 0, 0.0) if card["kind"] == "ship" else (0, -1, 0.0)
        return -turns_left(board, state, seat, got) + DAYS_WEIGHT * card["days"]
