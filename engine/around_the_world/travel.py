"""Travel plans: which cards a leg takes, what it costs, and every way a seat can pay for its next leg."""

import json
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

import orjson

from engine.around_the_world.board import TRAVEL_EFFECTS, Board, Leg
from engine.core.protocol import Action, State

Card = tuple[str, int]
DIE_MEAN = 3.5


def leg_days(cards: list[Card] | tuple[Card, ...]) -> int:
    """Sum the cards' days; equal cards (same type and same days) count once."""
    return sum(days for _, days in set(cards))


def balloon_replaces(cards: tuple[Card, ...]) -> Card:
    """Return the card whose days the balloon takes over: the one that saves most (then the higher one).

    The die does not depend on the card, so this is always the player's best choice.
    """

    def saving(card: Card) -> tuple[int, int]:
        rest = list(cards)
        rest.remove(card)
        return leg_days(cards) - leg_days(rest), card[1]

    return max(sorted(set(cards)), key=saving)


@dataclass(frozen=True)
class Plan:
    """One way to travel the next leg: the travel cards paid, the event cards played and the balloon."""

    cards: tuple[Card, ...]
    events: tuple[str, ...]
    balloon_action: bool
    fixed: int
    die: str | None
    replaced: Card | None = None

    def action(self) -> Action:
        return {
            "type": "travel",
            "cards": [{"kind": kind, "days": days} for kind, days in self.cards],
            "events": list(self.events),
            "balloon_action": self.balloon_action,
        }

    @property
    def expected(self) -> float:
        return self.fixed + (DIE_MEAN if self.die else 0)


def canonical_travel(action: Action) -> Action | None:
    """Return the travel action in its canonical form, or None when it is malformed."""
    cards, events = action.get("cards", []), action.get("events", [])
    if not isinstance(cards, list) or not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        return None
    parsed = []
    for card in cards:
        if not isinstance(card, dict) or not isinstance(card.get("kind"), str) or not isinstance(card.get("days"), int):
            return None
        parsed.append((card["kind"], card["days"]))
    balloon = action.get("balloon_action", False)
    if not isinstance(balloon, bool):
        return None
    return {
        "type": "travel",
        "cards": [{"kind": k, "days": d} for k, d in sorted(parsed)],
        "events": sorted(events),
        "balloon_action": balloon,
    }


def effect_of(state: State, name: str) -> str | None:
    """What an event card does when played now: the princess acts as the top discarded event card."""
    if name != "princess":
        return name
    pile = state["event_discard"]
    top = state["event_cards"][pile[-1]] if pile else None
    return None if top in (None, "princess") else top


def _multisets(values: list[int], size: int) -> list[tuple[int, ...]]:
    return sorted(set(combinations(sorted(values), size)))


def _source_choices(names: list[str], most: int) -> list[tuple[str, ...]]:
    return sorted({combo for k in range(min(len(names), most) + 1) for combo in combinations(sorted(names), k)})


def plans(state: State, board: Board, seat: int) -> list[Plan]:
    """Every way `seat` can travel its next leg now, cheapest expected days first."""
    leg = board.legs[state["positions"][seat]]
    names = [state["event_cards"][card] for card in state["event_hands"][seat]]
    sources: dict[str, list[str]] = {effect: [] for effect in TRAVEL_EFFECTS}
    for name in names:
        effect = effect_of(state, name)
        if effect in sources:
            sources[effect].append(name)
    if leg.elephants:
        found = [Plan((), (), False, board.supply["walk_days"], None)]
        base = board.events["elephant"].die_base
        found += [Plan((), (name,), False, base, "elephant") for name in sorted(set(sources["elephant"]))]
        return sorted(found, key=lambda p: (p.expected, p.events))
    turn = state["turn"]
    balloon_action = turn["balloon"] and not turn["balloon_used"]
    hand = [(state["travel_cards"][c]["kind"], state["travel_cards"][c]["days"]) for c in state["hands"][seat]]
    found_by_key: dict[bytes, Plan] = {}
    most = len(max(leg.routes, key=len))
    choices = [
        _source_choices(sources[effect], 1 if effect == "balloon" else most)
        for effect in ("propeller_train", "submarine", "offer", "balloon")
    ]
    for propellers, submarines, offers, balloons in product(*choices):
        for route in leg.routes:
            for plan in _route_plans(board, leg, route, hand, propellers, submarines, offers, balloons, balloon_action):
                found_by_key.setdefault(orjson.dumps(plan.action(), option=orjson.OPT_SORT_KEYS), plan)
    return sorted(
        found_by_key.values(),
        key=lambda p: (
            p.expected,
            len(p.cards),
            len(p.events),
            p.balloon_action,
            json.dumps(p.action(), sort_keys=True),
        ),
    )


def _route_plans(
    board: Board,
    leg: Leg,
    route: tuple[str, ...],
    hand: list[Card],
    propellers: tuple[str, ...],
    submarines: tuple[str, ...],
    offers: tuple[str, ...],
    balloons: tuple[str, ...],
    balloon_action: bool,
) -> list[Plan]:
    ships, trains = route.count("ship") - len(submarines), route.count("train") - len(propellers)
    if ships < 0 or trains < 0:
        return []
    needed = ships + trains
    flips = len(offers)
    if flips > needed or (balloons and needed == 0):
        return []
    # Each Angebot played must let one card be of the other type.
    targets = (
        {(ships, trains)}
        if not flips
        else {pair for pair in ((ships - flips, trains + flips), (ships + flips, trains - flips)) if min(pair) >= 0}
    )
    events = tuple(sorted(propellers + submarines + offers + balloons))
    substitutes = (
        len(propellers) * board.events["propeller_train"].days + len(submarines) * board.events["submarine"].days
    )
    found = []
    for want_ships, want_trains in sorted(targets):
        hand_ships = [days for kind, days in hand if kind == "ship"]
        hand_trains = [days for kind, days in hand if kind == "train"]
        for ship_set, train_set in product(_multisets(hand_ships, want_ships), _multisets(hand_trains, want_trains)):
            cards = tuple(sorted([("ship", d) for d in ship_set] + [("train", d) for d in train_set]))
            uses = [False, True] if (balloon_action and not balloons and cards) else [False]
            for use_action in uses:
                if balloons or use_action:
                    replaced = balloon_replaces(cards)
                    rest = list(cards)
                    rest.remove(replaced)
                    found.append(Plan(cards, events, use_action, leg_days(rest) + substitutes, "balloon", replaced))
                else:
                    found.append(Plan(cards, events, False, leg_days(cards) + substitutes, None))
    return found


def card_list(cards: tuple[Card, ...] | list[Card]) -> list[dict[str, Any]]:
    return [{"kind": kind, "days": days} for kind, days in cards]
