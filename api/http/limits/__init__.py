"""A client's limits: rate limits per bucket, games of bots only, the event history budget, connections per
client, the store's memory headroom, and who a client is.

May import api.http.current, api.tables and below; never the resources, the middleware, api.serving or api.cli.
"""
