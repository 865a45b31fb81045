"""HTTP: the Flask app, its resources, the move path and what a request may send and is answered.

May import api.storage, api.problems, api.clock, api.config, worker (by name), printing and engine; never
api.serving or api.cli.
"""
