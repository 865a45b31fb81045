"""Chronology's rules as RULINGS.md reads the Russian document (seeds/003)."""

from typing import Any

from engine.chronology import schemas
from engine.chronology.bots import ChronologyStrongBot, SensibleBot
from engine.chronology.options import ChronologyOptions
from engine.chronology.powers import MOVES, NAMES, NAMES_FILE, power_actions, power_name, use_power
from engine.chronology.table import (
    DATE_FIELDS,
    cards_left,
    colour_of,
    fits,
    front,
    in_play,
    players,
    revealed,
    year_of,
)
from engine.core.errors import IllegalAction, InvalidOptions, MalformedAction
from engine.core.leaving import TABLE_EVENTS, ResignAction, resigned_last, staying
from engine.core.protocol import Action, Event, Outcome, RandomBot, State, View
from engine.core.rng import Rng
from engine.core.words import named
from engine.decks.game import DeckGame
from engine.decks.model import Deck

ACTION_TYPES = ("start", "place", "skip", *(move for moves in MOVES.values() for move in moves))


def _expect(action: Action, allowed: tuple[str, ...], hint: str) -> None:
    """:raises IllegalAction, MalformedAction: when the action's type is not one of `allowed` now."""
    if action["type"] not in allowed:
        error = IllegalAction if action["type"] in ACTION_TYPES else MalformedAction
        raise error(f"{action['type']!r} is not possible now: {hint}", allowed=list(allowed))


def _deal(deck: Deck, players_count: int, options: dict[str, Any], seed: int) -> State:
    """:raises InvalidOptions: when the deck cannot serve this many players."""
    colours, per_colour, ages = options["colours"], options["cards_per_colour"], options.get("ages")
    if ages is not None and len(ages) != players_count:
        raise InvalidOptions(
            f"`ages` gives {len(ages)} ages for {players_count} seats.",
            errors={"ages": ["One age (or null) per seat."]},
        )
    if deck.kind != "dated":
        raise InvalidOptions(
            f"Deck {deck.id!r} is not dated: Chronology needs years.", errors={"deck": ["Needs a dated deck."]}
        )
    playing = [card for card in deck.cards if card.colour in colours]
    rng = Rng(seed)
    common = {}
    for colour in colours:
        common[colour] = [card.id for card in playing if card.colour == colour]
        if len(common[colour]) < players_count * per_colour:
            raise InvalidOptions(
                f"Deck {deck.id!r} has {len(common[colour])} {colour} cards: too few for {players_count} stacks "
                f"of {per_colour}.",
                errors={"cards_per_colour": ["Too many cards for this deck."]},
            )
        rng.shuffle(common[colour])
    if len(playing) < players_count * (per_colour * len(colours) + 1):
        raise InvalidOptions(
            f"Deck {deck.id!r} leaves too few common cards to start {players_count} chronologies.",
            errors={"cards_per_colour": ["Too many cards for this deck."]},
        )
    stacks = [
        {colour: [common[colour].pop() for _ in range(per_colour)] for colour in colours} for _ in range(players_count)
    ]
    return {
        "deck": deck.id,
        "deck_hash": deck.digest,
        "language": options["language"],
        "colours": colours,
        "common": common,
        "stacks": stacks,
        "ages": ages,
        "rng": rng.to_state(),
    }


def _result(state: State) -> Outcome:
    """Rank by chronology, then cards left in stacks, then age (only when every tied age is known)."""
    ages = state["ages"] or [None] * len(state["stacks"])

    def score(s: int) -> tuple[int, int]:
        return (-len(state["chronologies"][s]), -cards_left(state, s))

    def place(s: int) -> int:
        tied = [t for t in players(state) if score(t) == score(s)]
        younger = [t for t in tied if ages[t] is not None and ages[s] is not None and ages[t] < ages[s]]
        ahead = sum(1 for t in players(state) if score(t) < score(s))
        # The youngest breaks a tie only when every tied player gave an age.
        return 1 + ahead + (len(younger) if all(ages[t] is not None for t in tied) else 0)

    places = {s: place(s) for s in players(state)}
    winners = [s for s in players(state) if places[s] == 1]
    best = min(score(s) for s in players(state))
    longest = [s for s in players(state) if score(s)[0] == best[0]]
    if len(longest) == 1:
        decided_by = "chronology"
    elif len([s for s in longest if score(s) == best]) == 1:
        decided_by = "cards_left"
    else:
        decided_by = "age" if len(winners) == 1 else "shared"
    standings = [
        {
            "seat": s,
            "place": places[s],
            "chronology": len(state["chronologies"][s]),
            "cards_left": cards_left(state, s),
            "age": ages[s],
        }
        for s in sorted(players(state), key=lambda s: (places[s], s))
    ]
    return {"winners": winners, "decided_by": decided_by, "standings": standings}


def _final(state: State) -> Outcome:
    """The result with seats that resigned ranked last (decided by resignation when one seat is left)."""
    result = resigned_last(_result(state), state)
    if len(staying(state, len(state["stacks"]))) == 1:
        result["decided_by"] = "resigned"
    return result


class Chronology(DeckGame):
    name = "chronology"
    title = "Chronology"
    min_players = 2
    max_players = 8
    options_schema = ChronologyOptions
    bots = {"easy": RandomBot, "medium": SensibleBot, "strong": ChronologyStrongBot}
    bot_aliases = {"random": "easy", "sensible": "medium"}
    action_schemas = (*schemas.ACTIONS, ResignAction)
    event_schemas = (*schemas.EVENTS, *TABLE_EVENTS)
    view_schema = schemas.ChronologyView
    outcome_schema = schemas.ChronologyOutcome

    def setup(self, players_count: int, options: dict[str, Any], seed: int) -> State:
        return {
            **_deal(self.new_deck(options["deck"]), players_count, options, seed),
            "powers": options["powers"],
            "chronologies": [[] for _ in range(players_count)],
            "discard": [],
            # Cards turned over by a wrong placement: their dates were seen before they went to the discard pile.
            "shown": [],
            "phase": "setup",
            "turn": options.get("first", 0),
            "first": options.get("first", 0),
            "power": None,
            "round": 0,
            "final_round": False,
        }

    def to_act(self, state: State) -> set[int]:
        return set() if state["phase"] == "over" else {state["turn"]}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "setup":
            return [{"type": "start", "colour": colour} for colour in state["colours"] if state["common"][colour]]
        if state["phase"] == "power":
            return [*power_actions(state, seat, state["power"]), {"type": "skip"}]
        gaps = range(len(state["chronologies"][seat]) + 1)
        return [
            {"type": "place", "colour": colour, "gap": gap, "card": stack[-1]}
            for colour, stack in state["stacks"][seat].items()
            if stack
            for gap in gaps
        ]

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if state["phase"] == "setup":
            return state, self._start(state, seat, action)
        if state["phase"] == "power":
            power = state["power"]
            _expect(
                action,
                (*MOVES[power], "skip"),
                f"your card's power is {power} ({NAMES[power]}): {' or '.join(MOVES[power])}, or skip.",
            )
            if action["type"] == "skip":
                events = [{"type": "power_skipped", "seat": seat, "power": power}]
            else:
                events = use_power(self.deck_of(state), state, seat, power, action)
            state["power"] = None
            return state, events + self._end_turn(state)
        return state, self._place(state, seat, action)

    def _start(self, state: State, seat: int, action: Action) -> list[Event]:
        _expect(
            action,
            ("start",),
            "before play each player picks the common deck that starts their left neighbour's chronology (start).",
        )
        deck, colour = self.deck_of(state), colour_of(state, action)
        if not state["common"][colour]:
            raise IllegalAction(f"The common {colour} deck is empty: pick another.", colour=colour)
        neighbour = (seat + 1) % len(state["stacks"])
        card = state["common"][colour].pop()
        state["chronologies"][neighbour].append(card)
        events: list[Event] = [
            {"type": "chronology_started", "seat": seat, "for": neighbour, "card": revealed(deck, state, card)}
        ]
        if neighbour == state.get("first", 0):
            state["phase"], state["round"] = "play", 1
            events.append({"type": "round_started", "round": 1})
        state["turn"] = neighbour
        if neighbour in state.get("resigned", ()):
            events += self._start_for(state, neighbour) if state["phase"] == "setup" else self._end_turn(state)
        return events

    def _start_for(self, state: State, seat: int) -> list[Event]:
        """A seat that resigned before its set-up pick has it made for it: the first common deck that has cards."""
        colour = next(colour for colour in state["colours"] if state["common"][colour])
        return self._start(state, seat, {"type": "start", "colour": colour})

    def resign(self, state: State, seat: int) -> list[Event]:
        """The seat's turns are skipped from now on (its set-up pick is made for it); one seat left wins."""
        if len(staying(state, len(state["stacks"]))) == 1:
            state["phase"], state["power"] = "over", None
            return [{"type": "game_over", "winners": _final(state)["winners"]}]
        if state["turn"] != seat:
            return []
        if state["phase"] == "setup":
            return self._start_for(state, seat)
        state["power"] = None
        return self._end_turn(state)

    def _place(self, state: State, seat: int, action: Action) -> list[Event]:
        _expect(action, ("place",), "place the top card of one of your stacks in your chronology (place).")
        deck, colour = self.deck_of(state), colour_of(state, action)
        gap, chronology, stack = action.get("gap"), state["chronologies"][seat], state["stacks"][seat][colour]
        if isinstance(gap, bool) or not isinstance(gap, int):
            raise MalformedAction("A placement names a `colour` (which of your stacks) and a `gap` (a whole number).")
        if not stack:
            raise IllegalAction(f"Your {colour} stack is empty: there is no top card to place.", colour=colour)
        if action.get("card", stack[-1]) != stack[-1]:
            raise IllegalAction(f"Card {action['card']!r} is not the top of your {colour} stack.", card=action["card"])
        if not 0 <= gap <= len(chronology):
            raise IllegalAction(
                f"Gap {gap} does not exist: your chronology has {len(chronology)} cards, so gaps 0-{len(chronology)}.",
                gap=gap,
            )
        card = stack.pop()
        placed = {"seat": seat, "colour": colour, "gap": gap}
        if not fits(deck, state, seat, card, gap):
            state["discard"].append(card)
            state["shown"].append(card)
            return [
                {"type": "card_discarded", **placed, "correct": False, "card": revealed(deck, state, card)},
                *self._end_turn(state),
            ]
        chronology.insert(gap, card)
        events: list[Event] = [{"type": "card_placed", **placed, "correct": True, "card": revealed(deck, state, card)}]
        # Placing one's last card ends the game (after the round) before any power could refill a stack.
        events += self._check_end(state)
        if state["powers"] and power_actions(state, seat, colour):
            state["phase"], state["power"] = "power", colour
            return [
                *events,
                {"type": "power_offered", "seat": seat, "power": colour, "name": power_name(colour, state["language"])},
            ]
        return events + self._end_turn(state)

    def _check_end(self, state: State) -> list[Event]:
        """Start the final round once any player has no card left in any stack."""
        emptied = [s for s in staying(state, len(state["stacks"])) if not cards_left(state, s)]
        if not emptied or state["final_round"]:
            return []
        state["final_round"] = True
        return [{"type": "final_round", "round": state["round"], "emptied": emptied}]

    def _end_turn(self, state: State) -> list[Event]:
        """Pass the turn on; once a player has emptied every stack, finish the round and end the game."""
        state["phase"] = "play"
        events = self._check_end(state)
        seat, first = state["turn"], state.get("first", 0)
        while True:
            seat = (seat + 1) % len(state["stacks"])
            if seat == first:
                if state["final_round"]:
                    state["phase"] = "over"
                    return [*events, {"type": "game_over", "winners": _final(state)["winners"]}]
                state["round"] += 1
                events.append({"type": "round_started", "round": state["round"]})
            # Only the final round can reach a player without cards: they have nothing to play.
            if cards_left(state, seat) and seat not in state.get("resigned", ()):
                state["turn"] = seat
                return events

    def view(self, state: State, seat: int | None) -> View:
        deck = self.deck_of(state)

        def pile_view(colour: str, cards: list[str]) -> dict[str, Any]:
            return {"colour": colour, "count": len(cards), "top": front(deck, state, cards[-1]) if cards else None}

        return {
            "deck": state["deck"],
            "colours": state["colours"],
            "powers": state["powers"],
            "phase": state["phase"],
            "turn": None if state["phase"] == "over" else state["turn"],
            "power": state["power"],
            "round": state["round"],
            "final_round": state["final_round"],
            "common": [pile_view(colour, state["common"][colour]) for colour in state["colours"]],
            "players": [
                {
                    "seat": s,
                    "stacks": [pile_view(colour, cards) for colour, cards in state["stacks"][s].items()],
                    "cards_left": cards_left(state, s),
                    "chronology": [revealed(deck, state, card) for card in state["chronologies"][s]],
                }
                for s in players(state)
            ],
            "discard": [
                revealed(deck, state, card) if card in state["shown"] else front(deck, state, card)
                for card in state["discard"]
            ],
        }

    def outcome(self, state: State) -> Outcome | None:
        return _final(state) if state["phase"] == "over" else None

    def hidden_cards(self, state: State, seat: int | None) -> dict[str, set[str]]:
        seen = {card for chronology in state["chronologies"] for card in chronology} | set(state["shown"])
        return {card: DATE_FIELDS for card in in_play(self.deck_of(state), state) if card not in seen}

    def card_dates(self, state: State, seat: int) -> dict[str, Any]:
        # The top card of every stack and common deck lies face up: the model reads their years.
        deck = self.deck_of(state)
        piles = [*state["common"].values(), *(stack for stacks in state["stacks"] for stack in stacks.values())]
        return {pile[-1]: year_of(deck, pile[-1]) for pile in piles if pile}

    def zones(self, state: State) -> dict[str, list[str]]:
        zones = {f"common:{colour}": cards for colour, cards in state["common"].items()}
        for s in players(state):
            zones.update({f"stack:{s}:{colour}": cards for colour, cards in state["stacks"][s].items()})
            zones[f"chronology:{s}"] = state["chronologies"][s]
        zones["discard"] = state["discard"]
        return zones

    def data(self, language: str = "en") -> dict[str, Any]:
        words = named(NAMES_FILE, language)
        return {"powers": words["names"]["powers"], **words}
