"""The steps a game passes through; `state["step"]` holds one of these."""

INITIAL = "initial_tickets"  # everybody at once keeps 2-4 of the 4 tickets dealt
TURN = "turn"  # the active player picks one of the four actions
SECOND_CARD = "second_card"  # the active player draws the second train card
TUNNEL = "tunnel"  # the active player pays the extra tunnel cards or gives up
TICKETS = "tickets"  # the active player keeps 1-3 of the tickets drawn
OVER = "over"
