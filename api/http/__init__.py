"""HTTP: a thin adapter from requests to the table service (api.tables).

    app.py, current.py   the app factory; the app's services and the request's token, for views and hooks
    resources/           the routes, one module per resource
    middleware/          before Flask: the move path, refusals again, observing, bounded bodies, preconditions
    limits/              each client's limits: rates, bots-only games, history, connections, memory headroom
    contract/            the schemas the contract (openapi.yaml) is generated from
    problem_answers.py   every error answered as an RFC 9457 problem, by Flask's handlers and the move path
    offload.py, preview.py   heavy C work off the gevent loop; the print desk's preview picture

May import api.tables, api.storage, the shared modules, worker (by name), printing and engine; never api.serving
or api.cli.
"""
