"""The committed openapi.yaml is the running app's contract, and a valid OpenAPI document."""

import re
from pathlib import Path

import yaml
from openapi_spec_validator import validate

from api.problems import CODE_STATUS, ENGINE_STATUS
from engine.core.errors import ALL_ERRORS
from engine.core.schema import type_of
from engine.games import all_games

COMMITTED = Path(__file__).parents[2] / "openapi.yaml"


def test_the_committed_contract_is_what_the_app_serves(client):
    served = client.get("/openapi.yaml")
    assert served.status_code == 200
    assert yaml.safe_load(served.data) == yaml.safe_load(COMMITTED.read_text(encoding="utf-8")), (
        "openapi.yaml is stale: run `deskovka openapi -o openapi.yaml`"
    )


def test_the_contract_is_valid_openapi():
    validate(yaml.safe_load(COMMITTED.read_text(encoding="utf-8")))


def test_every_error_answer_is_documented_as_a_problem():
    spec = yaml.safe_load(COMMITTED.read_text(encoding="utf-8"))
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            for status, response in operation["responses"].items():
                if "$ref" in response:
                    response = spec["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
                if status == "default" or int(status) >= 400:
                    assert list(response["content"]) == ["application/problem+json"], (path, method, status)


def test_every_engine_error_code_maps_to_an_http_status():
    assert {error.code for error in ALL_ERRORS} == set(ENGINE_STATUS)


def test_docs_and_json_are_served(client):
    assert client.get("/openapi.json").get_json()["info"]["title"] == "deskovka"
    with client.get("/docs/assets/start.js") as start:
        assert b"/openapi.json" in start.data


def untyped(node, where: str, found: list[str]) -> None:
    """Collect every object schema that says nothing about its members (no properties, no typed values)."""
    if isinstance(node, dict):
        composite = any(key in node for key in ("$ref", "oneOf", "anyOf", "allOf", "properties", "items", "enum"))
        extra = node.get("additionalProperties")
        if node.get("type") in ("object", None) and not composite and extra in (None, True, {}) and where:
            found.append(where)
        for key, value in node.items():
            if key in ("properties",):
                for name, member in value.items():
                    untyped(member, f"{where}.{name}", found)
            elif key in ("items", "additionalProperties", "schema"):
                untyped(value, where, found)
            elif key in ("oneOf", "anyOf", "allOf"):
                for member in value:
                    untyped(member, where, found)


def test_the_served_contract_types_every_object():
    spec = yaml.safe_load(COMMITTED.read_text(encoding="utf-8"))
    found: list[str] = []
    for name, schema in spec["components"]["schemas"].items():
        untyped(schema, name, found)
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            for media in operation.get("requestBody", {}).get("content", {}).values():
                untyped(media["schema"], f"{method} {path} body", found)
            for status, response in operation["responses"].items():
                for media in response.get("content", {}).values():
                    untyped(media["schema"], f"{method} {path} {status}", found)
    assert found == [], sorted(set(found))


def test_the_contract_finds_an_untyped_object():
    found: list[str] = []
    untyped({"type": "object", "properties": {"a": {"type": "object"}, "b": {}, "c": {"items": {}}}}, "X", found)
    assert found == ["X.a", "X.b", "X.c"]


def open_objects(node, where: str = "") -> list[str]:
    """Every place that lets unknown members through (`additionalProperties: true`)."""
    if isinstance(node, dict):
        here = [where] if node.get("additionalProperties") is True else []
        return here + [found for key, value in node.items() for found in open_objects(value, f"{where}/{key}")]
    if isinstance(node, list):
        return [found for i, value in enumerate(node) for found in open_objects(value, f"{where}/{i}")]
    return []


def test_only_a_problem_takes_members_the_contract_does_not_name():
    # RFC 9457 lets a problem carry extension members; everything else is closed or typed as a map.
    spec = yaml.safe_load(COMMITTED.read_text(encoding="utf-8"))
    assert open_objects(spec) == ["/components/schemas/Problem"]


def test_every_game_answers_with_its_own_schemas():
    spec = yaml.safe_load(COMMITTED.read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    for game in all_games():
        prefix = type(game).__name__
        answer = schemas[f"{prefix}Game"]["properties"]
        assert answer["type"]["enum"] == [game.name]
        assert answer["legal_actions"]["items"] == {"$ref": f"#/components/schemas/{prefix}Action"}
        actions = schemas[f"{prefix}Action"]["discriminator"]["mapping"]
        assert sorted(actions) == sorted(type_of(schema) for schema in game.action_schemas)
        for schema in game.action_schemas:
            for name, member in schemas[schema.__name__]["properties"].items():
                typed = any(key in member for key in ("type", "$ref", "allOf", "anyOf", "oneOf"))
                assert member.get("description") and typed, f"{schema.__name__}.{name} needs a type and a description"
        events = schemas[f"{prefix}Event"]["discriminator"]["mapping"]
        assert sorted(events) == sorted(type_of(schema) for schema in game.event_schemas)
    assert sorted(schemas["GameView"]["discriminator"]["mapping"]) == sorted(g.name for g in all_games())


def test_problem_codes_are_the_table_and_every_raised_code_is_in_it():
    spec = yaml.safe_load(COMMITTED.read_text(encoding="utf-8"))
    assert spec["components"]["schemas"]["Problem"]["properties"]["code"]["enum"] == sorted(CODE_STATUS)
    sources = "".join(path.read_text(encoding="utf-8") for path in (COMMITTED.parent / "api").rglob("*.py"))
    raised = re.findall(r'Problem\(\s*"([a-z/_-]+)"', sources)
    assert len(raised) > 20
    for code in raised:
        assert code in CODE_STATUS, f"add {code} and its status to CODE_STATUS in api/problems.py"


def test_every_problem_carries_errors_in_one_form(client):
    invalid = client.post("/v1/games", json={"type": "timeline", "seats": [{"name": ""}]}).get_json()
    options = client.post(
        "/v1/games", json={"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "options": {"hand_size": 11}}
    ).get_json()
    spec = client.post("/v1/print-jobs", json={"kind": "deck", "deck": "timeline-classic", "paper": "a5"}).get_json()
    query = client.get("/v1/games?limit=0").get_json()
    for problem in (invalid, options, spec, query):
        assert problem["errors"] and all(set(e) <= {"detail", "location", "pointer"} for e in problem["errors"])
    assert {"detail": "Length must be between 1 and 40.", "location": "body", "pointer": "/seats/0/name"} in invalid[
        "errors"
    ]
    assert [e["pointer"] for e in options["errors"]] == ["/options/hand_size"]
    assert any(e.get("pointer") == "/paper" for e in spec["errors"]), spec
    assert query["errors"] == [
        {
            "detail": "Must be greater than or equal to 1 and less than or equal to 100.",
            "location": "query",
            "pointer": "/limit",
        }
    ]


def test_docs_work_offline(client):
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", html, re.IGNORECASE), "no other host"
    assets = re.findall(r'(?:href|src)="([^"]+)"', html)
    assert len(assets) == 4
    for asset in assets:
        with client.get(asset) as served:
            assert served.status_code == 200 and served.data, asset
            assert b"SwaggerUIBundle" in served.data or not asset.endswith(".js"), asset
    assert "<script>" not in html and "script-src 'self';" in page.headers["Content-Security-Policy"]
    assert client.get("/docs/assets/../../pyproject.toml").status_code == 404
