"""The phases of a turn; `state["phase"]` holds one of these, and each allows its own actions.

Buying is in every phase of one's turn: the Czech text allows it "kdykoliv během svého tahu" (at any time).
"""

TAKE = "take"  # take one of the travel cards laid out and use its space's action if you like (buying allowed)
TRAVEL = "travel"  # travel, play an event card, buy or sell a card, or end the turn
ROLL = "roll"  # accept the die or re-roll it for gold (buying allowed)
RECEIPT = "receipt"  # draw the card a receipt offers, or decline it (buying allowed)
DISCARD = "discard"  # discard travel cards down to the hand limit (buying allowed)
OVER = "over"
PHASE_ACTIONS = {
    TAKE: ("take", "draw", "buy"),
    TRAVEL: ("travel", "play_event", "end_turn", "buy", "sell_event"),
    ROLL: ("accept", "reroll", "buy"),
    RECEIPT: ("draw_receipt", "decline_receipt", "buy"),
    DISCARD: ("discard", "buy"),
}
ACTION_TYPES = {kind for kinds in PHASE_ACTIONS.values() for kind in kinds}
