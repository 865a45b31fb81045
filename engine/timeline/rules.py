"""Timeline's rules as RULINGS.md reads the Czech/Slovak and Hungarian (Star Wars) documents.

The state keeps cards as positions in the deck (the deck itself lives once per process, found by id and content
hash), and the draw pile is shuffled as it is drawn: each draw makes the next step of the same Fisher-Yates shuffle
the pile would have had at once, so a game deals exactly the cards it always did without shuffling cards nobody
will draw. So the pile is kept as what it started from (`base`: the whole deck in order when null, else the cards
reshuffled from the box), how many cards are left (`size`) and the few places a draw has swapped (`moved`).
"""

from pathlib import Path
from typing import Any

from engine.core.errors import IllegalAction, InvalidOptions, MalformedAction
from engine.core.leaving import TABLE_EVENTS, ResignAction, resigned_last
from engine.core.protocol import Action, Event, Outcome, RandomBot, State, View
from engine.core.rng import Rng
from engine.core.words import named
from engine.decks import builtin_decks
from engine.decks.game import DeckGame
from engine.decks.model import Deck
from engine.decks.part import PartError, choose
from engine.timeline import schemas
from engine.timeline.bots import TimelineHitRateBot, TimelineStrongBot
from engine.timeline.faces import front as _front
from engine.timeline.faces import revealed as _revealed
from engine.timeline.options import TimelineOptions, hand_size
from engine.timeline.placing import keys_fit

NAMES = Path(__file__).with_name("names.json")
KEY_FIELDS = {"key", "label"}


def new_pile(base: list[int] | None, size: int) -> dict[str, Any]:
    return {"base": base, "size": size, "moved": {}}


def _at(pile: dict[str, Any], place: int) -> int:
    card = pile["moved"].get(str(place))
    if card is not None:
        return int(card)
    return place if pile["base"] is None else int(pile["base"][place])


def pile_cards(pile: dict[str, Any]) -> list[int]:
    """The cards of the pile, bottom to top."""
    return [_at(pile, place) for place in range(pile["size"])]


def draw_top(pile: dict[str, Any], rng: Rng) -> int:
    """Take the top card of a pile that is shuffled as it is drawn (one Fisher-Yates step, then the last card)."""
    top = pile["size"] - 1
    moved = pile["moved"]
    card = moved.pop(str(top), None)
    card = _at(pile, top) if card is None else int(card)
    if top > 0:
        other = rng.randbelow(top + 1)
        if other != top:
            card, moved[str(other)] = _at(pile, other), card
    pile["size"] = top
    return card


def in_turn_order(seats: list[int], first: int, players: int) -> list[int]:
    """Order seats as they play a round: from the first seat on."""
    return sorted(seats, key=lambda s: (s - first) % players)


class Timeline(DeckGame):
    name = "timeline"
    title = "Timeline"
    min_players = 2
    max_players = 8
    options_schema = TimelineOptions
    youngest_starts = True
    bots = {"easy": RandomBot, "medium": TimelineHitRateBot, "strong": TimelineStrongBot}
    bot_aliases = {"random": "easy", "hit-rate": "medium"}
    action_schemas = (*schemas.ACTIONS, ResignAction)
    event_schemas = (*schemas.EVENTS, *TABLE_EVENTS)
    view_schema = schemas.TimelineView
    outcome_schema = schemas.TimelineOutcome

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        deck = self.new_deck(options["deck"])
        per_hand = hand_size(options["hand_size"], players)
        try:
            cards = choose(deck, options.get("part"))
        except PartError as error:
            raise InvalidOptions(
                f"The part of deck {deck.id!r} is not valid.", errors={"part": error.problems}
            ) from None
        if players * per_hand + 1 > len(cards):
            raise InvalidOptions(
                f"Deck {deck.id!r} has {len(cards)} cards: too few for {players} hands of {per_hand}.",
                errors={"hand_size": ["Too many cards for this deck."]},
            )
        rng = Rng(seed)
        # The whole deck's pile is kept as null; a part's as its cards.
        pile = new_pile(None if len(cards) == len(deck.cards) else cards, len(cards))
        hands = [[draw_top(pile, rng) for _ in range(per_hand)] for _ in range(players)]
        return {
            "deck": deck.id,
            "deck_hash": deck.digest,
            "language": options["language"],
            "pile": pile,
            "hands": hands,
            "timeline": [draw_top(pile, rng)],
            "box": [],
            # Cards turned over by a wrong placement: everyone saw their keys, even if they come back in a reshuffle.
            "shown": [],
            "active": list(range(players)),
            "eliminated": {},
            "round": 1,
            "queue": in_turn_order(list(range(players)), options.get("first", 0), players),
            "first": options.get("first", 0),
            "winners": None,
            "rng": rng.to_state(),
        }

    def to_act(self, state: State) -> set[int]:
        return set() if state["winners"] is not None else {state["queue"][0]}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        gaps = range(len(state["timeline"]) + 1)
        ids = self.deck_of(state).ids
        return [{"type": "place", "card": ids[card], "gap": gap} for card in state["hands"][seat] for gap in gaps]

    def copy_state(self, state: State) -> State:
        # The rules change only these lists in place; every other value they replace whole, never change.
        return {
            **state,
            "pile": {**state["pile"], "moved": dict(state["pile"]["moved"])},
            "hands": [hand[:] for hand in state["hands"]],
            "timeline": state["timeline"][:],
            "box": state["box"][:],
            "shown": state["shown"][:],
        }

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        deck, language = self.deck_of(state), state["language"]
        card, gap = self._parse(deck, state, seat, action)
        hand = state["hands"][seat]
        hand.remove(card)
        events: list[Event] = []
        if keys_fit(deck.keys, state["timeline"], card, gap):
            state["timeline"].insert(gap, card)
            events.append(
                {
                    "type": "card_placed",
                    "seat": seat,
                    "gap": gap,
                    "correct": True,
                    "card": _revealed(deck, language, card),
                }
            )
        else:
            # The misplaced card is turned over, so everyone at the table sees its key (seeds 000 and 002).
            state["shown"].append(card)
            events.append(
                {
                    "type": "card_boxed",
                    "seat": seat,
                    "gap": gap,
                    "correct": False,
                    "card": _revealed(deck, language, card),
                }
            )
            if state["pile"]["size"] or state["box"]:
                # Draw before boxing, so a player does not draw back the card they just misplaced.
                events += self._draw(deck, state, seat)
                state["box"].append(card)
            else:
                # The card went to an empty box and is the only card to draw: it comes straight back, so nobody
                # empties a hand by a wrong placement.
                hand.append(card)
                events.append({"type": "card_drawn", "seat": seat, "card": _front(deck, language, card)})
        state["queue"] = [s for s in state["queue"][1:] if state["hands"][s]]
        if not state["queue"]:
            events += self._end_round(deck, state)
        return state, events

    def resign(self, state: State, seat: int) -> list[Event]:
        """The seat is out, as if eliminated now (its cards stay in its hand); one seat left wins."""
        state["queue"] = [s for s in state["queue"] if s != seat]
        if seat in state["active"]:
            state["active"] = [s for s in state["active"] if s != seat]
            state["eliminated"] = {**state["eliminated"], str(seat): state["round"]}
        if len(state["active"]) == 1:
            state["winners"] = list(state["active"])
            return [{"type": "game_over", "winners": state["winners"]}]
        return [] if state["queue"] else self._end_round(self.deck_of(state), state)

    def _parse(self, deck: Deck, state: State, seat: int, action: Action) -> tuple[int, int]:
        if action.get("type") != "place":
            raise MalformedAction(f"Unknown action type {action.get('type')!r}; Timeline has only 'place'.")
        card, gap = action.get("card"), action.get("gap")
        if not isinstance(card, str) or isinstance(gap, bool) or not isinstance(gap, int):
            raise MalformedAction("A placement names a `card` (its id) and a `gap` (a whole number).")
        position = deck.index.get(card)
        if position is None or position not in state["hands"][seat]:
            raise IllegalAction(f"Card {card!r} is not in your hand.", card=card)
        if not 0 <= gap <= len(state["timeline"]):
            raise IllegalAction(
                f"Gap {gap} does not exist: the timeline has {len(state['timeline'])} cards, so gaps 0-"
                f"{len(state['timeline'])}.",
                gap=gap,
            )
        return position, gap

    def _draw(self, deck: Deck, state: State, seat: int) -> list[Event]:
        events: list[Event] = []
        if not state["pile"]["size"]:
            if not state["box"]:
                return [{"type": "nothing_to_draw", "seat": seat}]
            state["pile"], state["box"] = new_pile(state["box"], len(state["box"])), []
            events.append({"type": "box_reshuffled", "count": state["pile"]["size"]})
        rng = Rng.from_state(state["rng"])
        card = draw_top(state["pile"], rng)
        state["rng"] = rng.to_state()
        state["hands"][seat].append(card)
        return [*events, {"type": "card_drawn", "seat": seat, "card": _front(deck, state["language"], card)}]

    def _end_round(self, deck: Deck, state: State) -> list[Event]:
        emptied = [s for s in state["active"] if not state["hands"][s]]
        finished = {"type": "round_ended", "round": state["round"], "emptied": emptied}
        if len(emptied) == 1:
            state["winners"] = emptied
            return [finished, {"type": "game_over", "winners": emptied}]
        events: list[Event] = [finished]
        if emptied:
            out = [s for s in state["active"] if s not in emptied]
            state["eliminated"] = {**state["eliminated"], **{str(seat): state["round"] for seat in out}}
            state["active"] = emptied
            events.append({"type": "players_eliminated", "seats": out, "round": state["round"]})
            for seat in emptied:
                events += self._draw(deck, state, seat)
            if any(not state["hands"][s] for s in emptied):
                # No card is left anywhere to decide between the survivors: they share the win.
                state["winners"] = emptied
                return [*events, {"type": "game_over", "winners": emptied}]
        state["round"] += 1
        state["queue"] = in_turn_order(
            [s for s in state["active"] if state["hands"][s]], state.get("first", 0), len(state["hands"])
        )
        events.append({"type": "round_started", "round": state["round"], "seats": state["queue"]})
        return events

    def view(self, state: State, seat: int | None) -> View:
        deck, language = self.deck_of(state), state["language"]
        return {
            "deck": state["deck"],
            "kind": deck.kind,
            "timeline": [_revealed(deck, language, card) for card in state["timeline"]],
            "hands": [
                {"seat": s, "cards": [_front(deck, language, card) for card in hand]}
                for s, hand in enumerate(state["hands"])
            ],
            "pile": state["pile"]["size"],
            "box": len(state["box"]),
            "round": state["round"],
            "active": state["active"],
            "eliminated": [{"seat": int(s), "round": r} for s, r in sorted(state["eliminated"].items())],
            "turn": None if state["winners"] is not None else state["queue"][0],
        }

    def card_dates(self, state: State, seat: int) -> dict[str, Any]:
        deck = self.deck_of(state)
        return {deck.cards[card].id: list(deck.keys[card]) for card in state["hands"][seat]}

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
        return resigned_last({"winners": winners, "standings": standings}, state)

    def data(self, language: str = "en") -> dict[str, Any]:
        return {
            **named(NAMES, language),
            "decks": [
                {
                    "id": deck.id,
                    "kind": deck.kind,
                    "title": deck.title,
                    "cards": len(deck.cards),
                    "languages": deck.languages,
                }
                for deck in builtin_decks().values()
            ],
        }

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
        cards = self.deck_of(state).cards
        seen = {cards[card].id for card in (*state["timeline"], *state["shown"])}
        return {card.id: KEY_FIELDS for card in cards if card.id not in seen}

    def zones(self, state: State) -> dict[str, list[str]]:
        cards = self.deck_of(state).cards
        zones = {"pile": pile_cards(state["pile"]), "timeline": state["timeline"], "box": state["box"]}
        zones.update({f"hand:{s}": hand for s, hand in enumerate(state["hands"])})
        return {name: [cards[card].id for card in zone] for name, zone in zones.items()}
