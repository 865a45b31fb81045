"""The service around the engine: rooms named for their job, each importing only the rooms below it.

    api.cli       the `deskovka` command (serve, api, worker, keeper, deck, print, openapi)
    api.serving   processes: gunicorn's worker class, the supervisor, the embedded Redis, the table keeper
    api.http      the Flask app, its resources, the move path, what a request may send and how it is answered
    api.storage   Redis: games, decks, the lobby, followers, the due set, the print queue, metrics
    api.problems, api.problem_language, api.clock, api.config, api.limits   shared by every room: errors as
                  answered (in the client's language, texts in api/texts), the one clock, settings from the
                  environment and the limits' syntax
    api/desk      the print desk's page (template, script, styles, texts), package data served by api.http

Below them: `worker` (RQ jobs), `printing` (renderers), `engine` (rules). `pyproject.toml`'s import-linter
contracts keep this order; `tests/test_layers.py` runs them.
"""
