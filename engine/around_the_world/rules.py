"""Around the World in 80 Days as RULINGS.md reads the Czech rules (seeds/004): rounds, turns, travel and the end."""

import json
from collections import Counter
from itertools import combinations
from typing import Any

from engine.around_the_world.board import Board, default_board
from engine.around_the_world.bots import GreedyBot
from engine.around_the_world.options import AroundTheWorldOptions
from engine.around_the_world.table import (
    event_card,
    gain_gold,
    give_event,
    give_travel,
    gold_supply,
    lose_days,
    take_receipts,
    travel_card,
    travelling,
)
from engine.around_the_world.travel import canonical_travel, card_list, effect_of, plans
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, Game, Outcome, RandomBot, State, View
from engine.core.registry import register
from engine.core.rng import Rng

TAKE, TRAVEL, ROLL, DISCARD, OVER = "take", "travel", "roll", "discard", "over"
PHASE_ACTIONS = {
    TAKE: ("take", "draw"),
    TRAVEL: ("travel", "play_event", "end_turn", "buy", "sell_event"),
    ROLL: ("accept", "reroll"),
    DISCARD: ("discard",),
}
ACTION_TYPES = {kind for kinds in PHASE_ACTIONS.values() for kind in kinds}
HIDDEN_TRAVEL = frozenset({"kind", "days"})
HIDDEN_EVENT = frozenset({"name"})


def _key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def _hand_cards(state: State, seat: int) -> list[tuple[str, int]]:
    return [(state["travel_cards"][c]["kind"], state["travel_cards"][c]["days"]) for c in state["hands"][seat]]


def _remove_card(state: State, seat: int, kind: str, days: int) -> str:
    hand = state["hands"][seat]
    card = next(c for c in hand if (state["travel_cards"][c]["kind"], state["travel_cards"][c]["days"]) == (kind, days))
    hand.remove(card)
    return card


def _remove_event(state: State, seat: int, name: str) -> str:
    hand = state["event_hands"][seat]
    card = next(c for c in hand if state["event_cards"][c] == name)
    hand.remove(card)
    return card


@register
class AroundTheWorld(Game):
    name = "around-the-world"
    title = "Around the World in 80 Days"
    min_players = 2
    max_players = 6
    options_schema = AroundTheWorldOptions
    bots = {"random": RandomBot, "greedy": GreedyBot}

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or default_board()

    def data(self) -> dict[str, Any]:
        return self.board.raw

    # --- set-up and the round ---------------------------------------------------------------------------

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        board = self.board
        rng = Rng(seed)
        travel_ids = [f"T{i + 1:02d}" for i in range(len(board.travel_cards))]
        names = [kind.name for kind in board.events.values() for _ in range(kind.copies)]
        event_ids = [f"E{i + 1:02d}" for i in range(len(names))]
        deck = list(travel_ids)
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(board.supply["start_hand"])] for _ in range(players)]
        events = list(event_ids)
        # The two-player game plays without Beziehungen (the connection card).
        pairs = zip(event_ids, names, strict=True)
        box = [card for card, name in pairs if name == "connection"] if players == 2 else []
        events = [card for card in events if card not in box]
        rng.shuffle(events)
        red, blue = list(board.receipt_mix), list(board.receipt_mix)
        rng.shuffle(red)
        rng.shuffle(blue)
        state: State = {
            "players": players,
            "travel_cards": {card: {"kind": kind, "days": days}
                             for card, (kind, days) in zip(travel_ids, board.travel_cards, strict=True)},
            "event_cards": dict(zip(event_ids, names, strict=True)),
            "travel_deck": deck,
            "travel_discard": [],
            "display": [],
            "event_deck": events,
            "event_discard": [],
            "event_box": box,
            "hands": hands,
            "event_hands": [[] for _ in range(players)],
            "positions": [0] * players,
            "days": [0] * players,
            "gold": [board.supply["start_gold"]] * players,
            "arrivals": [],
            "arrival_rounds": [None] * players,
            "receipts": {loc: {"red": r, "blue": b} for loc, r, b in zip(board.locations[1:], red, blue, strict=True)},
            "receipts_taken": [[] for _ in range(players)],
            "detective": board.supply["detective_start"],
            "round": 1,
            "start": 0,
            "order": [],
            "turn_index": 0,
            "watch": None,
            "phase": TAKE,
            "turn": None,
            "roll": None,
            "rng": rng.to_state(),
        }
        self._start_round(state, rng)
        state["rng"] = rng.to_state()
        return state

    def _start_round(self, state: State, rng: Rng) -> list[Event]:
        board = self.board
        events: list[Event] = [{"type": "round_started", "round": state["round"], "start_player": state["start"]}]
        first_home = min((r for r in state["arrival_rounds"] if r is not None), default=None)
        if first_home is not None and first_home < state["round"]:
            events += lose_days(state, travelling(state), board.supply["london_pressure_days"], "london")
        players = travelling(state)
        count = board.display_size(len(players)) if state["players"] > 2 else board.supply["display"]["2"]
        display = []
        for space in board.supply["spaces"][:count]:
            if not state["travel_deck"] and state["travel_discard"]:
                state["travel_deck"], state["travel_discard"] = state["travel_discard"], []
                rng.shuffle(state["travel_deck"])
                events.append({"type": "travel_deck_reshuffled", "count": len(state["travel_deck"])})
            display.append({"space": space, "card": state["travel_deck"].pop() if state["travel_deck"] else None})
        state["display"] = display
        events.append({"type": "cards_laid_out", "display": self._display_view(state)})
        start = state["start"]
        state["order"] = sorted(players, key=lambda s: (s - start) % state["players"])
        state["turn_index"] = 0
        state["watch"] = None
        return events + self._begin_turn(state)

    def _begin_turn(self, state: State) -> list[Event]:
        seat = state["order"][state["turn_index"]]
        state["turn"] = {"seat": seat, "space": None, "balloon": False, "balloon_used": False, "travels": 0,
                         "allowed": 1}
        state["phase"] = TAKE if self._take_actions(state, seat) else TRAVEL
        return [{"type": "turn_started", "seat": seat, "phase": state["phase"]}]

    def _next_turn(self, state: State, rng: Rng) -> list[Event]:
        state["turn_index"] += 1
        while state["turn_index"] < len(state["order"]) and state["order"][state["turn_index"]] in state["arrivals"]:
            state["turn_index"] += 1
        if state["turn_index"] < len(state["order"]):
            return self._begin_turn(state)
        return self._end_round(state, rng)

    def _end_round(self, state: State, rng: Rng) -> list[Event]:
        left = [slot["card"] for slot in state["display"] if slot["card"] is not None]
        state["travel_discard"] += left
        state["display"] = []
        events: list[Event] = [{"type": "round_ended", "round": state["round"], "discarded": len(left)}]
        if self._game_ends(state):
            state["phase"], state["turn"] = OVER, None
            result = self._result(state)
            return [*events, {"type": "game_over", "winners": result["winners"], "decided_by": result["decided_by"],
                              "days": list(state["days"])}]
        players = travelling(state)
        watch = state["watch"]
        if watch is not None and watch in players:
            state["start"] = watch
        else:
            # Without the watch the start passes to the left, to the next player still travelling.
            state["start"] = min(players, key=lambda s: (s - state["start"] - 1) % state["players"])
        state["round"] += 1
        return events + self._start_round(state, rng)

    def _game_ends(self, state: State) -> bool:
        home, players = len(state["arrivals"]), state["players"]
        if players == 2:
            return home >= 1
        if players == 6:
            return home >= 4
        return home >= players - 1

    # --- who acts and what they may do -------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        return set() if state["phase"] == OVER else {state["turn"]["seat"]}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == TAKE:
            return self._take_actions(state, seat)
        if phase == ROLL:
            rerolls = [{"type": "reroll"}] if state["gold"][seat] >= self.board.supply["reroll_price"] else []
            return [{"type": "accept"}, *rerolls]
        if phase == DISCARD:
            cards = sorted(set(_hand_cards(state, seat)), key=lambda c: (-c[1], c[0]))
            return [{"type": "discard", "card": {"kind": kind, "days": days}} for kind, days in cards]
        return self._travel_phase_actions(state, seat)

    def _take_actions(self, state: State, seat: int) -> list[Action]:
        board = self.board
        actions: list[Action] = []
        hand = _hand_cards(state, seat)
        for slot in state["display"]:
            card, space = slot["card"], slot["space"]
            if card is None or (space == "watch" and seat == state["start"]):
                continue
            take = {"type": "take", "space": space}
            if space == "gold" and gold_supply(state, board) > 0:
                actions.append({**take, "use": True})
            elif space in ("balloon", "watch"):
                actions.append({**take, "use": True})
            elif space == "event" and (state["event_deck"] or state["event_discard"]):
                actions.append({**take, "use": True})
            elif space == "detective":
                actions += [{**take, "location": loc} for loc in board.locations[1:] if loc != state["detective"]]
            elif space == "exchange":
                mine = [*hand, (state["travel_cards"][card]["kind"], state["travel_cards"][card]["days"])]
                sets = sorted({combo for k in range(1, board.supply["exchange_max"] + 1)
                               for combo in combinations(sorted(mine), k)}, key=lambda c: (len(c), c))
                actions += [{**take, "discard": card_list(combo)} for combo in sets]
            actions.append(take)
        if self._may_draw_instead(state):
            actions.append({"type": "draw"})
        return actions

    def _may_draw_instead(self, state: State) -> bool:
        """With six players travelling, the last of the round may draw the top card instead of the last one shown."""
        last = state["turn_index"] == len(state["order"]) - 1
        return len(state["order"]) == 6 and last and bool(state["travel_deck"] or state["travel_discard"])

    def _can_travel(self, state: State, seat: int) -> bool:
        turn = state["turn"]
        return state["positions"][seat] < self.board.home and turn["travels"] < turn["allowed"]

    def _connections(self, state: State, seat: int) -> list[str]:
        """Event cards that can open one more leg now: just travelled, no leg left, the next leg is not elephants."""
        turn, position = state["turn"], state["positions"][seat]
        if turn["travels"] == 0 or turn["travels"] < turn["allowed"] or position >= self.board.home:
            return []
        if self.board.legs[position].elephants:
            return []
        names = {state["event_cards"][c] for c in state["event_hands"][seat]}
        return sorted(name for name in names if effect_of(state, name) == "connection")

    def _travel_phase_actions(self, state: State, seat: int) -> list[Action]:
        board = self.board
        actions: list[Action] = []
        if self._can_travel(state, seat):
            actions += [plan.action() for plan in plans(state, board, seat)]
        actions += [{"type": "play_event", "card": name} for name in self._connections(state, seat)]
        actions.append({"type": "end_turn"})
        if state["gold"][seat] >= board.supply["buy_price"]:
            if state["travel_deck"] or state["travel_discard"]:
                actions.append({"type": "buy", "deck": "travel"})
            if state["event_deck"] or state["event_discard"]:
                actions.append({"type": "buy", "deck": "event"})
        holds_elephant = any(state["event_cards"][c] == "elephant" for c in state["event_hands"][seat])
        if holds_elephant and gold_supply(state, board) > 0:
            actions.append({"type": "sell_event", "card": "elephant"})
        return actions

    # --- apply -------------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        kind = action["type"]
        if kind not in ACTION_TYPES:
            raise MalformedAction(f"Unknown action type {kind!r}.", allowed=sorted(ACTION_TYPES))
        phase = state["phase"]
        if kind not in PHASE_ACTIONS[phase]:
            raise IllegalAction(f"{kind!r} is not possible now: {self._phase_hint(phase)}",
                                allowed=list(PHASE_ACTIONS[phase]))
        rng = Rng.from_state(state["rng"])
        handler = getattr(self, f"_do_{kind}")
        events = handler(state, seat, action, rng)
        state["rng"] = rng.to_state()
        return state, events

    def _phase_hint(self, phase: str) -> str:
        return {
            TAKE: "first take one of the travel cards laid out (take) and use its action if you like.",
            TRAVEL: "travel, play an event card, buy a card or end your turn.",
            ROLL: "accept the die or re-roll it for 1 gold.",
            DISCARD: f"discard travel cards down to {self.board.supply['hand_limit']}.",
        }[phase]

    def _require(self, state: State, seat: int, action: Action, what: str) -> None:
        """:raises IllegalAction: when the canonical action is not among the legal ones."""
        if _key(action) not in {_key(a) for a in self.legal_actions(state, seat)}:
            raise IllegalAction(what, action=action)

    def _do_take(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        space = action.get("space")
        slot = next((s for s in state["display"] if s["space"] == space and s["card"] is not None), None)
        if slot is None:
            raise IllegalAction(f"No travel card lies on the {space!r} space now.", space=space)
        if space == "watch" and seat == state["start"]:
            raise IllegalAction("The start player may not take the card on the watch (new start player) space.")
        canonical: Action = {"type": "take", "space": space}
        if action.get("use") is True:
            canonical["use"] = True
        for extra in ("location", "discard"):
            if extra in action:
                canonical[extra] = action[extra]
        if isinstance(canonical.get("discard"), list):
            try:
                canonical["discard"] = card_list(sorted((c["kind"], c["days"]) for c in canonical["discard"]))
            except (TypeError, KeyError):
                raise MalformedAction("`discard` lists cards as {\"kind\", \"days\"}.") from None
        self._require(state, seat, canonical, f"That use of the {space} space is not possible: "
                      f"check the action's options (use, location or discard) in the legal actions.")
        card = slot["card"]
        slot["card"] = None
        state["hands"][seat].append(card)
        state["turn"]["space"] = space
        info = state["travel_cards"][card]
        used = "use" in canonical or "location" in canonical or "discard" in canonical
        events: list[Event] = [{"type": "card_taken", "seat": seat, "space": space, "kind": info["kind"],
                                "days": info["days"], "used": used}]
        if used:
            events += self._space_action(state, seat, canonical, rng)
        state["phase"] = TRAVEL
        return events

    def _space_action(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        board, space = self.board, action["space"]
        if space == "gold":
            return gain_gold(state, board, seat, "action")
        if space == "balloon":
            state["turn"]["balloon"] = True
            return [{"type": "balloon_ready", "seat": seat}]
        if space == "event":
            return give_event(state, board, rng, seat, "action")
        if space == "detective":
            state["detective"] = action["location"]
            return [{"type": "detective_moved", "seat": seat, "location": action["location"]}]
        if space == "watch":
            state["watch"] = seat
            return [{"type": "start_player_claimed", "seat": seat}]
        discarded = [_remove_card(state, seat, c["kind"], c["days"]) for c in action["discard"]]
        state["travel_discard"] += discarded
        return [{"type": "cards_exchanged", "seat": seat, "discarded": action["discard"]},
                *give_travel(state, rng, seat, len(discarded), "exchange")]

    def _do_draw(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        if not self._may_draw_instead(state):
            raise IllegalAction("Only the last of six travelling players may draw instead of taking a card.")
        state["phase"] = TRAVEL
        return give_travel(state, rng, seat, 1, "instead_of_display")

    def _do_travel(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        canonical = canonical_travel(action)
        if canonical is None:
            raise MalformedAction('A travel names `cards` ([{"kind", "days"}]), `events` ([names]) and '
                                  '`balloon_action` (true or false).')
        if not self._can_travel(state, seat):
            raise IllegalAction("You cannot travel now: one leg a turn (two after Beziehungen), never past London.")
        found = {_key(plan.action()): plan for plan in plans(state, self.board, seat)}
        plan = found.get(_key(canonical))
        if plan is None:
            raise IllegalAction(self._why_not(state, seat, canonical), action=canonical)
        leg = self.board.legs[state["positions"][seat]]
        for kind, days in plan.cards:
            state["travel_discard"].append(_remove_card(state, seat, kind, days))
        for name in plan.events:
            state["event_discard"].append(_remove_event(state, seat, name))
        if plan.balloon_action:
            state["turn"]["balloon_used"] = True
        base = {"type": "travelled", "seat": seat, "origin": leg.origin, "destination": leg.destination,
                "cards": card_list(plan.cards), "events": list(plan.events), "balloon_action": plan.balloon_action}
        if plan.die is None:
            return self._arrive(state, seat, plan.fixed, {**base, "days": plan.fixed}, rng)
        die = rng.randbelow(6) + 1
        state["roll"] = {"effect": plan.die, "base": plan.fixed, "die": die, "rerolls": 0,
                         "replaced": card_list([plan.replaced])[0] if plan.replaced else None, "travel": base}
        state["phase"] = ROLL
        return [{"type": "die_rolled", "seat": seat, "effect": plan.die, "die": die, "base": plan.fixed}]

    def _why_not(self, state: State, seat: int, action: Action) -> str:
        hand = Counter(_hand_cards(state, seat))
        wanted = Counter((c["kind"], c["days"]) for c in action["cards"])
        if wanted - hand:
            return "You do not hold those travel cards."
        names = Counter(state["event_cards"][c] for c in state["event_hands"][seat])
        if Counter(action["events"]) - names:
            return "You do not hold those event cards."
        if action["balloon_action"] and not (state["turn"]["balloon"] and not state["turn"]["balloon_used"]):
            return "You have no balloon from the action this turn."
        leg = self.board.legs[state["positions"][seat]]
        needs = " or ".join(" + ".join(route) for route in leg.routes) or "elephants (or the Elefant card)"
        return f"Those cards do not pay for {leg.origin} -> {leg.destination}, which needs {needs}."

    def _arrive(self, state: State, seat: int, days: int, travelled: Event, rng: Rng) -> list[Event]:
        board = self.board
        state["days"][seat] += days
        state["positions"][seat] += 1
        state["turn"]["travels"] += 1
        state["phase"] = TRAVEL
        events: list[Event] = [{**travelled, "total": state["days"][seat]}]
        if state["positions"][seat] < board.home:
            return events + take_receipts(state, board, rng, seat, travelled["destination"])
        state["arrivals"].append(seat)
        state["arrival_rounds"][seat] = state["round"]
        # Cards of a player home in London go under the discard piles.
        state["travel_discard"][:0] = state["hands"][seat]
        state["event_discard"][:0] = state["event_hands"][seat]
        state["hands"][seat], state["event_hands"][seat] = [], []
        events.append({"type": "arrived_in_london", "seat": seat, "days": state["days"][seat],
                       "arrival": len(state["arrivals"])})
        return events + self._next_turn(state, rng)

    def _do_accept(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        roll = state["roll"]
        state["roll"] = None
        days = roll["base"] + roll["die"]
        return self._arrive(state, seat, days, {**roll["travel"], "days": days, "die": roll["die"]}, rng)

    def _do_reroll(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        price = self.board.supply["reroll_price"]
        if state["gold"][seat] < price:
            raise IllegalAction(f"A re-roll costs {price} gold; you have {state['gold'][seat]}.")
        state["gold"][seat] -= price
        roll = state["roll"]
        roll["die"] = rng.randbelow(6) + 1
        roll["rerolls"] += 1
        return [{"type": "die_rolled", "seat": seat, "effect": roll["effect"], "die": roll["die"],
                 "base": roll["base"], "reroll": roll["rerolls"], "gold": state["gold"][seat]}]

    def _do_play_event(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        name = action.get("card")
        if name not in self._connections(state, seat):
            raise IllegalAction("Only Beziehungen (or the princess acting as it) is played on its own, right after "
                                "travelling, to open one more leg (never Bombay -> Calcutta).", card=name)
        state["event_discard"].append(_remove_event(state, seat, name))
        state["turn"]["allowed"] += 1
        return [{"type": "event_played", "seat": seat, "card": name, "effect": "connection"}]

    def _do_buy(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        deck, price = action.get("deck"), self.board.supply["buy_price"]
        if deck not in ("travel", "event"):
            raise MalformedAction('`deck` is "travel" or "event".')
        self._require(state, seat, {"type": "buy", "deck": deck},
                      f"Buying a card costs {price} gold and needs a card left to draw.")
        state["gold"][seat] -= price
        events: list[Event] = [{"type": "card_bought", "seat": seat, "deck": deck, "gold": state["gold"][seat]}]
        if deck == "travel":
            return events + give_travel(state, rng, seat, 1, "bought")
        return events + give_event(state, self.board, rng, seat, "bought")

    def _do_sell_event(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        self._require(state, seat, {"type": "sell_event", "card": action.get("card")},
                      "Only an Elefant card is discarded for gold, and only while the supply has gold.")
        state["event_discard"].append(_remove_event(state, seat, "elephant"))
        sold: Event = {"type": "event_sold", "seat": seat, "card": "elephant"}
        return [sold, *gain_gold(state, self.board, seat, "elephant")]

    def _do_end_turn(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        board = self.board
        events: list[Event] = [{"type": "turn_ended", "seat": seat}]
        if board.location(state["positions"][seat]) == state["detective"]:
            events += lose_days(state, [seat], board.supply["detective_days"], "detective")
        if len(state["hands"][seat]) > board.supply["hand_limit"]:
            state["phase"] = DISCARD
            return events
        return events + self._next_turn(state, rng)

    def _do_discard(self, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
        card = action.get("card")
        if not isinstance(card, dict):
            raise MalformedAction('A discard names one `card` as {"kind", "days"}.')
        described = {"kind": card.get("kind"), "days": card.get("days")}
        self._require(state, seat, {"type": "discard", "card": described}, "You do not hold that travel card.")
        state["travel_discard"].append(_remove_card(state, seat, card["kind"], card["days"]))
        events: list[Event] = [{"type": "card_discarded", "seat": seat, **described}]
        if len(state["hands"][seat]) > self.board.supply["hand_limit"]:
            return events
        return events + self._next_turn(state, rng)

    # --- what players see --------------------------------------------------------------------------------

    def _display_view(self, state: State) -> list[dict[str, Any]]:
        return [{"space": slot["space"], "card": travel_card(state, slot["card"]) if slot["card"] else None}
                for slot in state["display"]]

    def view(self, state: State, seat: int | None) -> View:
        board = self.board
        over = state["phase"] == OVER
        players = []
        for s in range(state["players"]):
            home = s in state["arrivals"]
            players.append({
                "seat": s,
                "position": state["positions"][s],
                "location": board.location(state["positions"][s]),
                "days": state["days"][s],
                "gold": state["gold"][s],
                "travel_cards": len(state["hands"][s]),
                "event_cards": len(state["event_hands"][s]),
                "home": home,
                "arrival": state["arrivals"].index(s) + 1 if home else None,
                "receipts": state["receipts_taken"][s],
            })
        mine = seat is not None and 0 <= seat < state["players"]
        return {
            "round": state["round"],
            "phase": state["phase"],
            "turn": None if over else state["turn"],
            "start_player": state["start"],
            "order": state["order"],
            "watch": state["watch"],
            "detective": state["detective"],
            "display": self._display_view(state),
            "travel_deck": len(state["travel_deck"]),
            "travel_discard": len(state["travel_discard"]),
            "event_deck": len(state["event_deck"]),
            "event_discard": [event_card(state, c) for c in state["event_discard"]],
            "gold_supply": gold_supply(state, board),
            "receipts": state["receipts"],
            "roll": state["roll"],
            "players": players,
            "hand": [travel_card(state, c) for c in state["hands"][seat]] if mine else None,
            "event_hand": [event_card(state, c) for c in state["event_hands"][seat]] if mine else None,
        }

    def outcome(self, state: State) -> Outcome | None:
        return self._result(state) if state["phase"] == OVER else None

    def _result(self, state: State) -> Outcome:
        """Rank as the Czech text says; see docs/rules/around-the-world.md for the places below the winner."""
        target, days, gold, home = self.board.supply["target_days"], state["days"], state["gold"], state["arrivals"]
        seats = range(state["players"])

        def key(s: int) -> tuple[int, ...]:
            if s not in home:
                return (3,)
            if state["players"] == 2:
                if len(home) == 1:
                    return (0,)
                return (0, days[s], -gold[s])
            if days[s] < target:
                return (0, days[s], home.index(s))
            return (1, home.index(s))

        best = min(key(s) for s in seats)
        winners = [s for s in seats if key(s) == best]
        standings = [
            {"seat": s, "place": 1 + sum(1 for t in seats if key(t) < key(s)), "days": days[s], "home": s in home,
             "arrival": home.index(s) + 1 if s in home else None, "under_80": s in home and days[s] < target,
             "gold": gold[s], "location": self.board.location(state["positions"][s])}
            for s in sorted(seats, key=lambda s: (key(s), s))
        ]
        return {"winners": winners, "decided_by": self._decided_by(state, winners), "standings": standings}

    def _decided_by(self, state: State, winners: list[int]) -> str:
        target, days, home = self.board.supply["target_days"], state["days"], state["arrivals"]
        if len(winners) > 1:
            return "shared"
        if state["players"] == 2:
            if len(home) == 1:
                return "first_home"
            return "days" if days[home[0]] != days[home[1]] else "gold"
        under = [s for s in home if days[s] < target]
        if not under:
            return "first_home"
        return "arrival" if sum(1 for s in under if days[s] == days[winners[0]]) > 1 else "days"

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
        hidden: dict[str, set[str]] = {card: set(HIDDEN_TRAVEL) for card in state["travel_deck"]}
        hidden.update({card: set(HIDDEN_EVENT) for card in state["event_deck"]})
        for s in range(state["players"]):
            if s != seat:
                hidden.update({card: set(HIDDEN_TRAVEL) for card in state["hands"][s]})
                hidden.update({card: set(HIDDEN_EVENT) for card in state["event_hands"][s]})
        return hidden

    def zones(self, state: State) -> dict[str, list[str]]:
        zones = {
            "travel:deck": state["travel_deck"],
            "travel:discard": state["travel_discard"],
            "travel:display": [slot["card"] for slot in state["display"] if slot["card"] is not None],
            "event:deck": state["event_deck"],
            "event:discard": state["event_discard"],
            "event:box": state["event_box"],
        }
        for s in range(state["players"]):
            zones[f"travel:hand:{s}"] = state["hands"][s]
            zones[f"event:hand:{s}"] = state["event_hands"][s]
        return zones
