"""Storage: games, decks, the lobby, followers, the print queue, rate limits and metrics in Redis.

May import api.problems, api.clock, api.config, worker (to enqueue), printing and engine; never api.http,
api.serving or api.cli.
"""
