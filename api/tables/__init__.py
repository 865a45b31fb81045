"""The table service: games set up, joined, cancelled and played, whoever moves (a person, a bot, the turn clock).

    bootstrap   the settings and connections every entry point builds once (`Services`)
    runner      the one runner of a move: read, check and play, compare-and-set commit, retry
    moves       a person's move, idempotent; keeping: what the keeper plays at a due table (clocks, bots)
    seating     create, join, cancel; rematch: the next game; deal: seeds, ages and the starting seat
    loading     a game read and made playable; seat_views: what one seat is shown
    clocks      turn clocks' deadlines; bots: bot seats and their bounded batches; tokens: seat tokens

Plain functions over `Services`. May import api.storage, the shared modules (api.problems, api.config, api.clock,
api.meters), printing and engine; never flask, api.http, api.serving or api.cli.
"""
