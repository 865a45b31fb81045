"""Lay out a Chronology table by hand and act on it through the engine's bookkeeping."""

from collections import Counter
from typing import Any

from engine.core.match import Match, play
from engine.games import get_game, new_match

GAME = get_game("chronology")

# A few cards of the classic deck and their years, to build tables that are easy to check by hand.
YEARS = {
    "battle-of-marathon": -490,
    "battle-of-hastings": 1066,
    "battle-of-grunwald": 1410,
    "fall-of-constantinople": 1453,
    "battle-of-waterloo": 1815,
    "normandy-landings": 1944,
    "yom-kippur-war": 1973,
    "colosseum": 80,
    "gutenberg-bible": 1455,
    "don-giovanni": 1787,
    "eiffel-tower": 1889,
    "sydney-opera-house": 1973,
    "harry-potter": 1997,
    "euclids-elements": -300,
    "printing-press": 1440,
    "telephone": 1876,
    "x-rays": 1895,
    "penicillin": 1928,
    "apollo-11": 1969,
}


def arrange(
    players: int = 2,
    *,
    stacks: dict[tuple[int, str], list[str]] | None = None,
    common: dict[str, list[str]] | None = None,
    chronologies: dict[int, list[str]] | None = None,
    turn: int = 0,
    phase: str = "play",
    options: dict[str, Any] | None = None,
    seed: int = 1,
    bare: bool = False,
) -> Match:
    """Set a game up, then lay the named cards where asked (tops last); every other card stays where it was.

    With `bare`, every player's stacks first go to the discard pile, so they hold only the named cards.
    """
    match = new_match("chronology", players, options or {}, seed)
    state = match.state
    if bare:
        for seat_stacks in state["stacks"]:
            for colour, cards in seat_stacks.items():
                state["discard"] += cards
                seat_stacks[colour] = []
    zones = GAME.zones(state)
    before = Counter(card for cards in zones.values() for card in cards)
    named = {
        card
        for cards in [*(stacks or {}).values(), *(common or {}).values(), *(chronologies or {}).values()]
        for card in cards
    }
    for cards in zones.values():
        cards[:] = [card for card in cards if card not in named]
    for (seat, colour), cards in (stacks or {}).items():
        state["stacks"][seat][colour] = list(cards)
    for colour, cards in (common or {}).items():
        state["common"][colour] = [*state["common"][colour], *cards]
    for seat, cards in (chronologies or {}).items():
        state["chronologies"][seat] = list(cards)
    unplaced = set(before) - {card for cards in GAME.zones(state).values() for card in cards}
    state["discard"] += sorted(unplaced)  # cards a stack gave up to make room stay in the game
    state.update(phase=phase, turn=turn, round=0 if phase == "setup" else 1)
    return match


def act(match: Match, seat: int, action: dict[str, Any]) -> tuple[Match, list[dict[str, Any]]]:
    return play(match, seat, action)


def tops(match: Match, seat: int | None, colour: str) -> str | None:
    cards = match.state["common"][colour] if seat is None else match.state["stacks"][seat][colour]
    return cards[-1] if cards else None
