"""Before Flask: WSGI middleware and the checks both paths run (the move path, the book of refusals, the observer,
bounded bodies, the preconditions, CORS and the headers every answer carries).

May import api.http.limits, api.http.resources (the move path calls the move's view code), api.tables and below;
never api.serving or api.cli.
"""
