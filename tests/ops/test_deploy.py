"""What an operator deploys besides the image: compose.yaml valid against the Compose Specification's schema and
as issue 36 asks (scalable API, two keepers, grace periods, token from the environment, ports on 127.0.0.1), the
Prometheus example checked by promtool, and `deskovka health` asking each role."""

import json
import re
import subprocess
import sys

import jsonschema
import yaml

from api.storage.printing_queue import TIMEOUTS
from tests.ops.roles import ROOT, promtool, start_role, stop_role
from worker import LARGE, SMALL

# The Compose Specification's JSON schema, from github.com/compose-spec/compose-spec (schema/compose-spec.json at
# 170098ba07d9f53c383a41bfd4c5166b0a4529a6, 2026-06-23; Apache License 2.0).
SCHEMA = ROOT / "tests" / "ops" / "data" / "compose-spec.json"
PROMETHEUS = ROOT / "deploy" / "prometheus"
API_DRAIN = 35  # seconds: gunicorn's graceful timeout (30) and serve's stop of the API (api/cli serve: 35)


def seconds(text: str) -> int:
    return sum(int(n) * {"s": 1, "m": 60}[unit] for n, unit in re.findall(r"(\d+)([sm])", text))


def test_compose_yaml_is_valid_and_runs_as_the_issue_asks():
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    jsonschema.Draft7Validator(json.loads(SCHEMA.read_text())).validate(compose)
    services = compose["services"]
    for name, service in services.items():
        for port in service.get("ports", []):
            assert port.startswith("127.0.0.1:"), (name, port)
    api = services["api"]
    assert api["ports"] == ["127.0.0.1:${DESKOVKA_API_PORTS:-8000-8009}:8000"]  # a port per replica: scalable
    assert seconds(api["stop_grace_period"]) > API_DRAIN
    assert seconds(services["worker-small"]["stop_grace_period"]) > TIMEOUTS[SMALL]
    assert seconds(services["worker-large"]["stop_grace_period"]) > TIMEOUTS[LARGE]
    assert services["keeper"]["deploy"]["replicas"] == 2
    token = api["environment"]["DESKOVKA_METRICS_TOKEN"]
    assert token.startswith("${DESKOVKA_METRICS_TOKEN:?")  # from the environment, and required
    for name in ("worker-small", "worker-large", "keeper"):
        command = services[name]["command"]
        assert command[command.index("--metrics-port") + 1] == "9100", name


def test_the_prometheus_example_passes_promtool():
    tool = promtool()
    for args in (
        ["check", "rules", "alerts.yml"],
        ["test", "rules", "alerts_test.yml"],
        ["check", "config", "--syntax-only", "prometheus.yml"],
    ):
        result = subprocess.run([tool, *args], cwd=PROMETHEUS, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stdout + result.stderr


def health(pid: int) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", "health", "--pid", str(pid)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_health_asks_the_role_that_runs(redis_url):
    keeper, port = start_role(redis_url, "keeper")
    try:
        assert health(keeper.pid).returncode == 0
    finally:
        stop_role(keeper)
    gone = health(keeper.pid)
    assert gone.returncode == 1 and "no deskovka role" in gone.stderr


def test_health_picks_each_roles_probe():
    from api.cli.health import probe_for, role_of

    assert role_of(["/usr/local/bin/python", "/usr/local/bin/deskovka", "serve", "--port", "8123"]) == [
        "serve",
        "--port",
        "8123",
    ]
    assert role_of(["python", "-m", "api.cli", "print", "calibration"]) is None
    assert probe_for(["serve", "--host", "0.0.0.0", "--port", "8123"]) == "http://127.0.0.1:8123/readyz"
    assert probe_for(["api", "--port=8124"]) == "http://127.0.0.1:8124/readyz"
    assert probe_for(["serve"]) == "http://127.0.0.1:8000/readyz"
    assert probe_for(["worker", "--role", "small", "--metrics-port", "9100"]) == "http://127.0.0.1:9100/healthz"
    assert probe_for(["keeper"]) is None


def test_the_image_pins_its_base_by_digest_and_checks_health_in_exec_form():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^ARG BASE=python:[\w.-]+@sha256:[0-9a-f]{64}$", dockerfile, re.M)
    assert [line for line in dockerfile.splitlines() if line.startswith("FROM")] == [
        "FROM ${BASE} AS build",
        "FROM ${BASE}",
    ]
    assert 'CMD ["deskovka", "health"]' in dockerfile
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert {"deploy", "compose.yaml", "tests"} <= set(ignored)
