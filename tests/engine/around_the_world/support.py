"""Arrange Around the World tables by hand and act on them through the engine's bookkeeping."""

from collections import Counter
from typing import Any

from engine.core.match import Match, play
from engine.core.rng import Rng
from engine.games import get_game, new_match

GAME = get_game("around-the-world")
BOARD = GAME.board


def start(players: int = 3, seed: int = 1) -> Match:
    return new_match("around-the-world", players, {}, seed)


def card_multiset(state: dict[str, Any]) -> Counter:
    return Counter(card for zone in GAME.zones(state).values() for card in zone)


def _take_from_pool(state: dict[str, Any], kind: str, days: int) -> str:
    """Find a travel card of that type and days in the deck or the discard pile and lift it out."""
    for pile in (state["travel_deck"], state["travel_discard"]):
        for card in reversed(pile):
            if state["travel_cards"][card] == {"kind": kind, "days": days}:
                pile.remove(card)
                return card
    raise AssertionError(f"no free {kind} {days} card left")


def _take_event(state: dict[str, Any], name: str) -> str:
    for pile in (state["event_deck"], state["event_discard"]):
        for card in reversed(pile):
            if state["event_cards"][card] == name:
                pile.remove(card)
                return card
    raise AssertionError(f"no free {name} card left")


def set_hand(state: dict[str, Any], seat: int, cards=(), events=()) -> None:
    """Give a seat exactly these travel cards (type, days) and event cards (names); its old cards go to discard."""
    state["travel_discard"][:0] = state["hands"][seat]
    state["event_discard"][:0] = state["event_hands"][seat]
    state["hands"][seat] = [_take_from_pool(state, kind, days) for kind, days in cards]
    state["event_hands"][seat] = [_take_event(state, name) for name in events]


def stack_travel(state: dict[str, Any], cards) -> None:
    """Put travel cards on top of the deck; the first listed is drawn first."""
    lifted = [_take_from_pool(state, kind, days) for kind, days in cards]
    state["travel_deck"] += list(reversed(lifted))


def stack_events(state: dict[str, Any], names) -> None:
    lifted = [_take_event(state, name) for name in names]
    state["event_deck"] += list(reversed(lifted))


def discard_event_on_top(state: dict[str, Any], name: str) -> None:
    state["event_discard"].append(_take_event(state, name))


def rig_dice(state: dict[str, Any], values: list[int]) -> None:
    """Set the random generator so that the next dice show `values` (nothing else may draw in between)."""
    seed = state["rng"]["seed"]
    for counter in range(200_000):
        rng = Rng(seed, counter)
        if [rng.randbelow(6) + 1 for _ in values] == values:
            state["rng"] = {"seed": seed, "counter": counter}
            return
    raise AssertionError(f"no counter rolls {values}")


def travel_phase(match: Match, space: str | None = None) -> Match:
    """Let the seat to act take a card without its action (the first space, or `space`)."""
    seat = next(iter(match.to_act()))
    state = match.state
    space = space or next(
        slot["space"]
        for slot in state["display"]
        if slot["card"] is not None and not (slot["space"] == "watch" and seat == state["start"])
    )
    match, _ = play(match, seat, {"type": "take", "space": space})
    return match


def seat_of(match: Match) -> int:
    (seat,) = match.to_act()
    return seat


def act(match: Match, action: dict[str, Any], seat: int | None = None):
    return play(match, seat_of(match) if seat is None else seat, action)


def travel(cards=(), events=(), balloon_action=False) -> dict[str, Any]:
    return {
        "type": "travel",
        "cards": [{"kind": k, "days": d} for k, d in cards],
        "events": list(events),
        "balloon_action": balloon_action,
    }


def types(events) -> list[str]:
    return [e["type"] for e in events]


def of_type(events, kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def finish_turn(match: Match) -> tuple[Match, list]:
    """End the turn of the seat to act (declining any receipt's draw), discarding its highest cards if it must."""
    events = []
    while match.state["phase"] == "receipt":
        match, more = act(match, {"type": "decline_receipt"})
        events += more
    match, more = act(match, {"type": "end_turn"})
    events += more
    while match.state["phase"] == "discard":
        match, more = act(match, GAME.legal_actions(match.state, seat_of(match))[0])
        events += more
    return match, events
