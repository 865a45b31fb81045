"""The committed openapi.yaml is the running app's contract, and a valid OpenAPI document."""

from pathlib import Path

import yaml
from openapi_spec_validator import validate

from api.problems import ENGINE_STATUS
from engine.core.errors import ALL_ERRORS

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
    assert b"openapi.json" in client.get("/docs").data
