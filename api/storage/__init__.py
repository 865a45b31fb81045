"""Storage: games, decks, the lobby, followers, the due set, the print queue and metrics in Redis, and the readers
of records older releases stored (`legacy`).

May import api.problems, api.clock, api.config, api.meters, worker (to enqueue), printing and engine; never flask,
api.tables, api.http, api.serving or api.cli.
"""
