"""Timeline's rules as RULINGS.md reads the Czech/Slovak and Hungarian (Star Wars) documents."""

from typing import Any

from engine.core.errors import IllegalAction, InvalidOptions, MalformedAction
from engine.core.protocol import Action, Event, Game, Outcome, RandomBot, State, View
from engine.core.registry import register
from engine.core.rng import Rng
from engine.decks import builtin_decks, get_deck
from engine.decks.model import pick_language
from engine.timeline.bots import HitRateBot
from engine.timeline.options import TimelineOptions, hand_size

KEY_FIELDS = {"key", "label"}


def _front(state: State, card_id: str) -> dict[str, Any]:
    card = state["cards"][card_id]
    return {"id": card_id, "title": card["title"], "theme": card["theme"]}


def _revealed(state: State, card_id: str) -> dict[str, Any]:
    card = state["cards"][card_id]
    return {**_front(state, card_id), "key": card["key"], "label": card["label"]}


def fits(state: State, card_id: str, gap: int) -> bool:
    """A placement is correct when the timeline stays non-decreasing (equal keys go on either side)."""
    keys = [state["cards"][c]["key"] for c in state["timeline"]]
    key = state["cards"][card_id]["key"]
    return (gap == 0 or keys[gap - 1] <= key) and (gap == len(keys) or key <= keys[gap])


@register
class Timeline(Game):
    name = "timeline"
    title = "Timeline"
    min_players = 2
    max_players = 8
    options_schema = TimelineOptions
    bots = {"random": RandomBot, "hit-rate": HitRateBot}

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        deck = get_deck(options["deck"])
        per_hand = hand_size(options["hand_size"], players)
        if players * per_hand + 1 > len(deck.cards):
            raise InvalidOptions(
                f"Deck {deck.id!r} has {len(deck.cards)} cards: too few for {players} hands of {per_hand}.",
                errors={"hand_size": ["Too many cards for this deck."]},
            )
        language = options["language"]
        cards = {
            card.id: {
                "title": pick_language(card.title, language),
                "theme": card.theme,
                "key": deck.key(card),
                "label": deck.label(card, language),
            }
            for card in deck.cards
        }
        rng = Rng(seed)
        pile = [card.id for card in deck.cards]
        rng.shuffle(pile)
        hands = [[pile.pop() for _ in range(per_hand)] for _ in range(players)]
        return {
            "deck": deck.id,
            "kind": deck.kind,
            "cards": cards,
            "pile": pile,
            "hands": hands,
            "timeline": [pile.pop()],
            "box": [],
            # Cards turned over by a wrong placement: everyone saw their keys, even if they come back in a reshuffle.
            "shown": [],
            "active": list(range(players)),
            "eliminated": {},
            "round": 1,
            "queue": list(range(players)),
            "winners": None,
            "rng": rng.to_state(),
        }

    def to_act(self, state: State) -> set[int]:
        return set() if state["winners"] is not None else {state["queue"][0]}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        gaps = range(len(state["timeline"]) + 1)
        return [{"type": "place", "card": card, "gap": gap} for card in state["hands"][seat] for gap in gaps]

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        card, gap = self._parse(state, seat, action)
        hand = state["hands"][seat]
        hand.remove(card)
        events: list[Event] = []
        if fits(state, card, gap):
            state["timeline"].insert(gap, card)
            events.append({"type": "card_placed", "seat": seat, "gap": gap, "correct": True,
                           "card": _revealed(state, card)})
        else:
            # The misplaced card is turned over, so everyone at the table sees its key (seeds 000 and 002).
            state.setdefault("shown", []).append(card)  # games started before the rule have no list yet
            events.append({"type": "card_boxed", "seat": seat, "gap": gap, "correct": False,
                           "card": _revealed(state, card)})
            if state["pile"] or state["box"]:
                # Draw before boxing, so a player does not draw back the card they just misplaced.
                events += self._draw(state, seat)
                state["box"].append(card)
            else:
                # The card went to an empty box and is the only card to draw: it comes straight back, so nobody
                # empties a hand by a wrong placement.
                hand.append(card)
                events.append({"type": "card_drawn", "seat": seat, "card": _front(state, card)})
        state["queue"].pop(0)
        state["queue"] = [s for s in state["queue"] if state["hands"][s]]
        if not state["queue"]:
            events += self._end_round(state)
        return state, events

    def _parse(self, state: State, seat: int, action: Action) -> tuple[str, int]:
        if action.get("type") != "place":
            raise MalformedAction(f"Unknown action type {action.get('type')!r}; Timeline has only 'place'.")
        card, gap = action.get("card"), action.get("gap")
        if not isinstance(card, str) or isinstance(gap, bool) or not isinstance(gap, int):
            raise MalformedAction("A placement names a `card` (its id) and a `gap` (a whole number).")
        if card not in state["hands"][seat]:
            raise IllegalAction(f"Card {card!r} is not in your hand.", card=card)
        if not 0 <= gap <= len(state["timeline"]):
            raise IllegalAction(
                f"Gap {gap} does not exist: the timeline has {len(state['timeline'])} cards, so gaps 0-"
                f"{len(state['timeline'])}.",
                gap=gap,
            )
        return card, gap

    def _draw(self, state: State, seat: int) -> list[Event]:
        events: list[Event] = []
        if not state["pile"]:
            if not state["box"]:
                return [{"type": "nothing_to_draw", "seat": seat}]
            rng = Rng.from_state(state["rng"])
            state["pile"], state["box"] = state["box"], []
            rng.shuffle(state["pile"])
            state["rng"] = rng.to_state()
            events.append({"type": "box_reshuffled", "count": len(state["pile"])})
        card = state["pile"].pop()
        state["hands"][seat].append(card)
        return [*events, {"type": "card_drawn", "seat": seat, "card": _front(state, card)}]

    def _end_round(self, state: State) -> list[Event]:
        emptied = [s for s in state["active"] if not state["hands"][s]]
        finished = {"type": "round_ended", "round": state["round"], "emptied": emptied}
        if len(emptied) == 1:
            state["winners"] = emptied
            return [finished, {"type": "game_over", "winners": emptied}]
        events: list[Event] = [finished]
        if emptied:
            out = [s for s in state["active"] if s not in emptied]
            for seat in out:
                state["eliminated"][str(seat)] = state["round"]
            state["active"] = emptied
            events.append({"type": "players_eliminated", "seats": out, "round": state["round"]})
            for seat in emptied:
                events += self._draw(state, seat)
            if any(not state["hands"][s] for s in emptied):
                # No card is left anywhere to decide between the survivors: they share the win.
                state["winners"] = emptied
                return [*events, {"type": "game_over", "winners": emptied}]
        state["round"] += 1
        state["queue"] = [s for s in state["active"] if state["hands"][s]]
        events.append({"type": "round_started", "round": state["round"], "seats": state["queue"]})
        return events

    def view(self, state: State, seat: int | None) -> View:
        return {
            "deck": state["deck"],
            "kind": state["kind"],
            "timeline": [_revealed(state, card) for card in state["timeline"]],
            "hands": [
                {"seat": s, "cards": [_front(state, card) for card in hand]} for s, hand in enumerate(state["hands"])
            ],
            "pile": len(state["pile"]),
            "box": len(state["box"]),
            "round": state["round"],
            "active": state["active"],
            "eliminated": [{"seat": int(s), "round": r} for s, r in sorted(state["eliminated"].items())],
            "turn": None if state["winners"] is not None else state["queue"][0],
        }

    def outcome(self, state: State) -> Outcome | None:
        winners = state["winners"]
        if winners is None:
            return None
        seats = range(len(state["hands"]))

        def rank(s: int) -> tuple[int, int, int]:
            # Winners first; then the later a player was eliminated the better; then fewer cards left.
            out_round = state["eliminated"].get(str(s), state["round"] + 1)
            return (0 if s in winners else 1, -out_round, len(state["hands"][s]))

        standings = [
            {
                "seat": s,
                "place": 1 + sum(1 for t in seats if rank(t) < rank(s)),
                "cards_left": len(state["hands"][s]),
                "eliminated_in_round": state["eliminated"].get(str(s)),
            }
            for s in sorted(seats, key=rank)
        ]
        return {"winners": winners, "standings": standings}

    def data(self) -> dict[str, Any]:
        return {
            "decks": [
                {"id": deck.id, "kind": deck.kind, "title": deck.title, "cards": len(deck.cards),
                 "languages": deck.languages}
                for deck in builtin_decks().values()
            ]
        }

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
        seen = set(state["timeline"]) | set(state.get("shown", ()))
        return {card: KEY_FIELDS for card in state["cards"] if card not in seen}

    def zones(self, state: State) -> dict[str, list[str]]:
        zones = {"pile": state["pile"], "timeline": state["timeline"], "box": state["box"]}
        zones.update({f"hand:{s}": hand for s, hand in enumerate(state["hands"])})
        return zones
