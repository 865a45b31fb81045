"""The service around the engine: rooms named for their job, each importing only the rooms below it.

    api.cli       the `deskovka` command (serve, api, worker, keeper, migrate, deck, print, openapi)
    api.serving   processes: gunicorn's worker class, the supervisor, the embedded Redis, the table keeper
    api.http      the Flask app: resources, middleware before Flask, limits, the contract's schemas, problems
    api.tables    the table service, no Flask: the one runner of a move, tables, clocks, bots, the bootstrap
    api.storage   Redis: games, decks, the lobby, followers, the due set, the print queue, metrics, old records
    api.problems, api.problem_language, api.clock, api.config, api.limits   shared by every room: errors as
                  answered (in the client's language, texts in api/texts), the one clock, settings from the
                  environment and the limits' syntax
    api/desk      the print desk's page (template, script, styles, texts), package data served by api.http

Below them: `worker` (RQ jobs), `printing` (renderers), `engine` (rules). `pyproject.toml`'s import-linter
contracts keep this order; `tests/test_layers.py` runs them.
"""
