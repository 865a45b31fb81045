"""Travelling a leg: paying for it, the die and its re-rolls, arriving (London ends the journey), and Beziehungen."""

from collections import Counter

from engine.around_the_world.board import Board
from engine.around_the_world.choices import action_key, can_travel, connections
from engine.around_the_world.phases import ROLL, TRAVEL
from engine.around_the_world.receipts import take_receipts
from engine.around_the_world.rounds import next_turn
from engine.around_the_world.table import hand_cards, remove_card, remove_event
from engine.around_the_world.travel import canonical_travel, card_list, plans
from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action, Event, State
from engine.core.rng import Rng


def travel(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    canonical = canonical_travel(action)
    if canonical is None:
        raise MalformedAction(
            'A travel names `cards` ([{"kind", "days"}]), `events` ([names]) and `balloon_action` (true or false).'
        )
    if not can_travel(board, state, seat):
        raise IllegalAction("You cannot travel now: one leg a turn (two after Beziehungen), never past London.")
    found = {action_key(plan.action()): plan for plan in plans(state, board, seat)}
    plan = found.get(action_key(canonical))
    if plan is None:
        raise IllegalAction(_why_not(board, state, seat, canonical), action=canonical)
    leg = board.legs[state["positions"][seat]]
    for kind, days in plan.cards:
        state["travel_discard"].append(remove_card(state, seat, kind, days))
    for name in plan.events:
        state["event_discard"].append(remove_event(state, seat, name))
    if plan.balloon_action:
        state["turn"]["balloon_used"] = True
    base = {
        "type": "travelled",
        "seat": seat,
        "origin": leg.origin,
        "destination": leg.destination,
        "cards": card_list(plan.cards),
        "events": list(plan.events),
        "balloon_action": plan.balloon_action,
    }
    if plan.die is None:
        return _arrive(board, state, seat, plan.fixed, {**base, "days": plan.fixed}, rng)
    die = rng.randbelow(6) + 1
    state["roll"] = {
        "effect": plan.die,
        "base": plan.fixed,
        "die": die,
        "rerolls": 0,
        "replaced": card_list([plan.replaced])[0] if plan.replaced else None,
        "travel": base,
    }
    state["phase"] = ROLL
    return [{"type": "die_rolled", "seat": seat, "effect": plan.die, "die": die, "base": plan.fixed}]


def _why_not(board: Board, state: State, seat: int, action: Action) -> str:
    hand = Counter(hand_cards(state, seat))
    wanted = Counter((c["kind"], c["days"]) for c in action["cards"])
    if wanted - hand:
        return "You do not hold those travel cards."
    names = Counter(state["event_cards"][c] for c in state["event_hands"][seat])
    if Counter(action["events"]) - names:
        return "You do not hold those event cards."
    if action["balloon_action"] and not (state["turn"]["balloon"] and not state["turn"]["balloon_used"]):
        return "You have no balloon from the action this turn."
    leg = board.legs[state["positions"][seat]]
    needs = " or ".join(" + ".join(route) for route in leg.routes) or "elephants (or the Elefant card)"
    return f"Those cards do not pay for {leg.origin} -> {leg.destination}, which needs {needs}."


def _arrive(board: Board, state: State, seat: int, days: int, travelled: Event, rng: Rng) -> list[Event]:
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
    events.append(
        {"type": "arrived_in_london", "seat": seat, "days": state["days"][seat], "arrival": len(state["arrivals"])}
    )
    return events + next_turn(board, state, rng)


def accept(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    roll = state["roll"]
    state["roll"] = None
    days = roll["base"] + roll["die"]
    return _arrive(board, state, seat, days, {**roll["travel"], "days": days, "die": roll["die"]}, rng)


def reroll(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    price = board.supply["reroll_price"]
    if state["gold"][seat] < price:
        raise IllegalAction(f"A re-roll costs {price} gold; you have {state['gold'][seat]}.")
    state["gold"][seat] -= price
    roll = state["roll"]
    roll["die"] = rng.randbelow(6) + 1
    roll["rerolls"] += 1
    return [
        {
            "type": "die_rolled",
            "seat": seat,
            "effect": roll["effect"],
            "die": roll["die"],
            "base": roll["base"],
            "reroll": roll["rerolls"],
            "gold": state["gold"][seat],
        }
    ]


def play_event(board: Board, state: State, seat: int, action: Action, rng: Rng) -> list[Event]:
    name = action.get("card")
    if name not in connections(board, state, seat):
        raise IllegalAction(
            "Only Beziehungen (or the princess acting as it) is played on its own, right after "
            "travelling, to open one more leg (never Bombay -> Calcutta).",
            card=name,
        )
    state["event_discard"].append(remove_event(state, seat, name))
    state["turn"]["allowed"] += 1
    return [{"type": "event_played", "seat": seat, "card": name, "effect": "connection"}]
