"""Serving processes: gunicorn's worker class, the supervisor, the embedded Redis and the table keeper.

May import api.http and below (the keeper: api.tables and below, never api.http or flask); never api.cli.
"""
