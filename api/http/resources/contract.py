"""The contract: the OpenAPI document generated from the schemas, served as YAML and JSON, and /docs."""

import copy
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, abort, current_app, json, send_from_directory

from api.http.contract import game_contract, print_specs
from api.http.resources import game_types
from api.http.resources.decks import CsvDeckUploadSchema, DeckUploadSchema
from api.http.resources.desk import POLICY

blp = Blueprint("contract", __name__)

SPEC_KWARGS = {
    "info": {
        "description": (
            "Turn-based paper games over JSON. Create a game, keep the seat tokens it returns, read your view "
            "(`GET /v1/games/{id}`), post one of its `legal_actions`, follow `events`. Errors are RFC 9457 "
            "problems with a stable `code`."
        ),
        "license": {"name": "MIT", "identifier": "MIT"},
    },
    "servers": [{"url": "/"}],
}
# Swagger UI 5 (it reads OpenAPI 3.1) from the flask-swagger-ui package's files, and the page's own start script.
SWAGGER_UI = Path(str(files("flask_swagger_ui") / "dist"))
BROWSER = Path(__file__).parents[2] / "contract_browser"
DOCS_ASSETS = {
    "swagger-ui.css": SWAGGER_UI,
    "swagger-ui-bundle.js": SWAGGER_UI,
    "favicon-32x32.png": SWAGGER_UI,
    "start.js": BROWSER,
}
# The pages' policy, but Swagger UI's stylesheet draws its icons as data: images.
DOCS_POLICY = POLICY.replace("img-src 'self'", "img-src 'self' data:")
PROBLEM_CONTENT = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
# Any /v1 call may find the game store down (api/problems.py maps every store error to this).
STORE_UNAVAILABLE = {
    "description": "`store/unavailable`: the game store does not answer; try again after `Retry-After` seconds.",
    "headers": {"Retry-After": {"schema": {"type": "integer"}}},
    "content": PROBLEM_CONTENT,
}

# Any request may meet its client's budget of requests (`api.http.limits.request_budget`).
TOO_MANY_REQUESTS = {
    "description": "`rate/limited`: past one of the client's limits, at the least its budget of requests to one "
    "server process; try again after `Retry-After` seconds.",
    "headers": {"Retry-After": {"schema": {"type": "integer"}}},
    "content": PROBLEM_CONTENT,
}

# Where a route lists 507 (`@blp.problems`): it writes to the store, if only a budget's counter.
STORE_FULL = (
    "`store/full`: the store is at its memory cap (something new, a game, deck or print job, is refused a little "
    "before it), or `store/client_full`: the games your client created hold as many of the store's bytes as one "
    "client's may (new games and moves); nothing was changed, try again later."
)


def init_spec(api: Any) -> None:
    api.spec.components.security_scheme(
        "seatToken", {"type": "http", "scheme": "bearer", "description": "The token a seat got when created."}
    )
    api.spec.components.security_scheme(
        "deckToken",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "The token a deck's upload answered with, or the operator's token.",
        },
    )
    game_contract.register(api.spec)
    print_specs.register(api.spec)
    api.spec.components.schema("DeckUpload", schema=DeckUploadSchema)
    api.spec.components.schema("CsvDeckUpload", schema=CsvDeckUploadSchema)


def _operation_ids(spec: dict[str, Any]) -> None:
    """Name each operation after its view function (create_game, post_action, ...), so generated clients do."""
    for rule in current_app.url_map.iter_rules():
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods or ():
            operation = spec["paths"].get(path, {}).get(method.lower())
            if operation is not None:
                operation["operationId"] = rule.endpoint.rsplit(".", 1)[-1]


def document() -> dict[str, Any]:
    """Return the OpenAPI document, with every error answered as a problem."""
    spec = copy.deepcopy(current_app.extensions["deskovka.api"].spec.to_dict())
    game_contract.add_games(spec)
    print_specs.add_print_specs(spec)
    game_types.add_game_types(spec)
    _operation_ids(spec)
    for response in spec.get("components", {}).get("responses", {}).values():
        response["content"] = copy.deepcopy(PROBLEM_CONTENT)
    for url, path in spec["paths"].items():
        for method, operation in path.items():
            if method == "parameters":
                continue
            if url.startswith("/v1/"):
                operation.setdefault("responses", {}).setdefault("503", copy.deepcopy(STORE_UNAVAILABLE))
                operation["responses"].setdefault("429", copy.deepcopy(TOO_MANY_REQUESTS))
            if "507" in operation.get("responses", {}):
                operation["responses"]["507"]["description"] = STORE_FULL
            for status, response in operation.get("responses", {}).items():
                if status != "default" and int(status) >= 400 and "content" in response:
                    response["content"] = copy.deepcopy(PROBLEM_CONTENT)
    return spec


class _PlainDumper(yaml.SafeDumper):
    """Write every repeated node out in full: some generators do not follow YAML anchors."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def as_yaml(spec: dict[str, Any]) -> str:
    return yaml.dump(spec, Dumper=_PlainDumper, sort_keys=False, allow_unicode=True)


@blp.get("/openapi.yaml")
def openapi_yaml():
    return Response(as_yaml(document()), mimetype="application/yaml")


@blp.get("/openapi.json")
def openapi_json():
    return Response(json.dumps(document()), mimetype="application/json")


@blp.get("/docs")
def docs():
    # Served here, with no inline script: the page works offline and calls no other host.
    page = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>deskovka API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"><link rel="icon" href="/docs/assets/favicon-32x32.png">
</head>
<body><div id="ui"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/start.js"></script></body></html>"""
    response = Response(page, mimetype="text/html")
    response.headers["Content-Security-Policy"] = DOCS_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blp.get("/docs/assets/<path:name>")
def docs_asset(name: str):
    folder = DOCS_ASSETS.get(name)
    if folder is None:
        abort(404)
    response = send_from_directory(folder, name, max_age=86400)
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
