"""The race of two: in a game of two the first home wins (days only part two who come home in the same round), so
what counts is how many turns a traveller still needs, and that is mostly a matter of cards: one card a turn from
the display, one leg a turn, and each leg's cards of the right type."""

import math

from engine.around_the_world.board import Board
from engine.around_the_world.phases import OVER, ROLL, TAKE
from engine.around_the_world.travel import effect_of
from engine.core.protocol import State

# One gold is half a bought card; a card drawn with the event action is a substitute (Unterseeboot,
# Propellerzug) or an Angebot about a third of the time.
GOLD_CARDS = 0.5
# A round ahead is about a won race; the spread covers the draws to come.
SPREAD = 0.6


def needs(board: Board, position: int) -> list[tuple[int, int, int]]:
    """Each leg left from `position`: the ships and the trains every way of paying it takes, and the cards of either
    type it takes besides (Hong Kong -> Yokohama: a ship and a ship or a train)."""
    found = []
    for leg in board.legs[position:]:
        if leg.elephants:
            found.append((0, 0, 0))
            continue
        ships = min(route.count("ship") for route in leg.routes)
        trains = min(route.count("train") for route in leg.routes)
        found.append((ships, trains, len(leg.routes[0]) - ships - trains))
    return found


def holdings(state: State, seat: int) -> tuple[int, int, int]:
    """Cards that pay for ships, for trains, and Angebot cards (one card of a leg may be of the other type)."""
    ships = trains = offers = 0
    for card in state["hands"][seat]:
        if state["travel_cards"][card]["kind"] == "ship":
            ships += 1
        else:
            trains += 1
    for card in state["event_hands"][seat]:
        effect = effect_of(state, state["event_cards"][card])
        if effect == "submarine":
            ships += 1
        elif effect == "propeller_train":
            trains += 1
        elif effect == "offer":
            offers += 1
    return ships, trains, offers


def turns_left(board: Board, state: State, seat: int, extra: tuple[int, int, float] = (0, 0, 0.0)) -> float:
    """Turns the traveller still needs to be home, the one under way included while it can still travel.

    Leg by leg: a leg is travelled a turn after the one before at the earliest, and only once the cards in hand
    (`extra` ships, trains and cards' worth of gold added) and those taken by then, one a turn, pay for every leg
    so far. A fraction stands for gold short of a whole card."""
    position = state["positions"][seat]
    if usable_now(state, seat) is None:
        position += 1  # the leg's cards are paid and the die is rolled
    if position >= board.home:
        return 0.0
    ships, trains, offers = holdings(state, seat)
    ships, trains = ships + extra[0], trains + extra[1]
    bought = GOLD_CARDS * state["gold"][seat] + extra[2]
    # The turn under way counts if it may still travel; its card counts if it is still to be taken.
    late = 1 if usable_now(state, seat) and state["phase"] != TAKE else 0
    need_s = need_t = need_e = 0
    finish = 0.0
    for s, t, e in needs(board, position):
        need_s, need_t, need_e = need_s + s, need_t + t, need_e + e
        short_s, short_t = max(0, need_s - ships), max(0, need_t - trains)
        spare = max(0, ships - need_s) + max(0, trains - need_t)
        short = short_s + short_t + max(0, need_e - spare)
        short = max(0.0, short - min(offers, max(0, spare - need_e)) - bought)
        finish = max(finish + 1, short + late)
    return finish


def usable_now(state: State, seat: int) -> bool | None:
    """Whether the turn under way is the seat's and may still travel (None: its die is rolling)."""
    turn = state["turn"]
    if turn is None or turn["seat"] != seat or state["phase"] == OVER:
        return False
    if state["phase"] == ROLL:
        return None
    return turn["travels"] < turn["allowed"]


def arrival(board: Board, state: State, seat: int) -> float:
    """The round the traveller may expect to come home in, counted from this one (one turn a round)."""
    if seat in state["arrivals"]:
        return float(state["arrival_rounds"][seat] - state["round"])
    turns = turns_left(board, state, seat)
    this_round = bool(usable_now(state, seat)) or seat in state["order"][state["turn_index"] + 1 :]
    return (0.0 if this_round else 1.0) + max(turns, 1.0) - 1.0


def chance(board: Board, state: State, seat: int, days_to_go: list[float]) -> float:
    """The seat's chance to win the race of two, about: a round ahead wins, the same round goes by the days."""
    rival = 1 - seat
    ahead = arrival(board, state, rival) - arrival(board, state, seat)
    ahead += max(-0.45, min(0.45, (days_to_go[rival] - days_to_go[seat]) / 25))
    return 1 / (1 + math.exp(-ahead / SPREAD))
