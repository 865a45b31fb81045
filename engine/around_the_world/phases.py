"""The phases of a turn; `state["phase"]` holds one of these, and each allows its own actions."""

TAKE = "take"  # take one of the travel cards laid out and use its space's action if you like (buying allowed)
TRAVEL = "travel"  # travel, play an event card, buy or sell a card, or end the turn
ROLL = "roll"  # accept the die or re-roll it for gold
DISCARD = "discard"  # discard travel cards down to the hand limit
OVER = "over"
PHASE_ACTIONS = {
    TAKE: ("take", "draw", "buy"),
    TRAVEL: ("travel", "play_event", "end_turn", "buy", "sell_event"),
    ROLL: ("accept", "reroll"),
    DISCARD: ("discard",),
}
ACTION_TYPES = {kind for kinds in PHASE_ACTIONS.values() for kind in kinds}
