"""The contract: the OpenAPI document generated from the schemas, served as YAML and JSON, and /docs."""

import copy
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, json

blp = Blueprint("contract", __name__)

SPEC_KWARGS = {
    "info": {
        "description": (
            "Turn-based paper games over JSON. Create a game, keep the seat tokens it returns, read your view "
            "(`GET /v1/games/{id}`), post one of its `legal_actions`, follow `events`. Errors are RFC 9457 "
            "problems with a stable `code`."
        ),
        "license": {"name": "MIT"},
    },
    "servers": [{"url": "/"}],
}
PROBLEM_CONTENT = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
# Any /v1 call may find the game store down (api/problems.py maps every store error to this).
STORE_UNAVAILABLE = {
    "description": "`store/unavailable`: the game store does not answer; try again after `Retry-After` seconds.",
    "headers": {"Retry-After": {"schema": {"type": "integer"}}},
    "content": PROBLEM_CONTENT,
}


def init_spec(api: Any) -> None:
    api.spec.components.security_scheme(
        "seatToken", {"type": "http", "scheme": "bearer", "description": "The token a seat got when created."}
    )
    api.spec.components.security_scheme(
        "deckToken", {"type": "http", "scheme": "bearer",
                      "description": "The token a deck's upload answered with, or the operator's token."}
    )


def document() -> dict[str, Any]:
    """Return the OpenAPI document, with every error answered as a problem."""
    spec = current_app.extensions["deskovka.api"].spec.to_dict()
    for response in spec.get("components", {}).get("responses", {}).values():
        response["content"] = copy.deepcopy(PROBLEM_CONTENT)
    for url, path in spec["paths"].items():
        for method, operation in path.items():
            if method == "parameters":
                continue
            if url.startswith("/v1/"):
                operation.setdefault("responses", {}).setdefault("503", copy.deepcopy(STORE_UNAVAILABLE))
            for status, response in operation.get("responses", {}).items():
                if status != "default" and int(status) >= 400 and "content" in response:
                    response["content"] = copy.deepcopy(PROBLEM_CONTENT)
    return spec


def as_yaml(spec: dict[str, Any]) -> str:
    return yaml.safe_dump(spec, sort_keys=False, allow_unicode=True)


@blp.get("/openapi.yaml")
def openapi_yaml():
    return Response(as_yaml(document()), mimetype="application/yaml")


@blp.get("/openapi.json")
def openapi_json():
    return Response(json.dumps(document()), mimetype="application/json")


@blp.get("/docs")
def docs():
    page = """<!doctype html><html><head><meta charset="utf-8"><title>deskovka API</title>
<link rel="stylesheet" href="https://unpkg.com/swagger-ui-dist@5/swagger-ui.css"></head>
<body><div id="ui"></div><script src="https://unpkg.com/swagger-ui-dist@5/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({url: "/openapi.json", dom_id: "#ui"});</script></body></html>"""
    return Response(page, mimetype="text/html")
