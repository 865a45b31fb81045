"""The routes, one blueprint per resource: each reads its request, calls the table service (api.tables) or storage,
and answers.

May import api.http.contract, api.http.limits, api.http.current, the middleware's body bounds and checks
(input_bounds, preconditions), api.tables and below; never api.serving or api.cli.
"""
