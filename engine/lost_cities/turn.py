"""The dice of a turn: the roll, what the active player leaves to the others, and reading a take."""

from typing import Any

from engine.core.errors import IllegalAction, MalformedAction
from engine.core.protocol import Action
from engine.core.rng import Rng
from engine.lost_cities.layout import Layout
from engine.lost_cities.sheet import DOUBLE, NUMBER, Sheet, take_modes, why_not

DICE_PER_KIND = 3
FACES = 10

Dice = dict[str, list[Any]]


def roll(layout: Layout, rng: Rng) -> Dice:
    """Roll 3 colour dice (six colours) and 3 number dice (0-9)."""
    colours = [layout.colours[rng.randbelow(len(layout.colours))] for _ in range(DICE_PER_KIND)]
    numbers = [rng.randbelow(FACES) for _ in range(DICE_PER_KIND)]
    return {"colours": colours, "numbers": numbers}


def leave(dice: Dice, colour: str, number: int) -> Dice:
    """The dice left once one colour die and one number die are taken."""
    colours, numbers = list(dice["colours"]), list(dice["numbers"])
    colours.remove(colour)
    numbers.remove(number)
    return {"colours": colours, "numbers": numbers}


def takes(sheet: Sheet, layout: Layout, dice: Dice) -> list[Action]:
    """Every distinct take these dice allow on this sheet, in sheet order."""
    found = []
    for colour in (c for c in layout.colours if c in dice["colours"]):
        for number in sorted(set(dice["numbers"])):
            for mode in take_modes(sheet, layout, colour, number):
                found.append({"type": "take", "colour": colour, "number": number, "as": mode})
    return found


def parse_take(action: Action, sheet: Sheet, layout: Layout, dice: Dice) -> tuple[str, int, str]:
    """Return (colour, number, mode) of a legal take.

    :raises MalformedAction, IllegalAction:
    """
    colour, number, mode = action.get("colour"), action.get("number"), action.get("as", NUMBER)
    if colour not in layout.colours:
        raise MalformedAction(f"A take names a `colour`, one of {', '.join(layout.colours)}.")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < FACES:
        raise MalformedAction("A take names a `number`, a whole number 0-9 as the die shows it.")
    if mode not in (NUMBER, DOUBLE):
        raise MalformedAction('A take is `as` "number" (written in the column) or "double" (the circle).')
    if colour not in dice["colours"] or number not in dice["numbers"]:
        raise IllegalAction(
            f"The dice open to you are colours {dice['colours']} and numbers {dice['numbers']}.",
            dice=dice,
        )
    reason = why_not(sheet, layout, colour, number, mode)
    if reason:
        raise IllegalAction(reason, colour=colour, number=number)
    return colour, number, mode
