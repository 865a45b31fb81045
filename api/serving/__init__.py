"""Serving processes: gunicorn's worker class, the supervisor, the embedded Redis and the table keeper.

May import api.http and below; never api.cli.
"""
