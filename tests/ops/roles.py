"""A print worker and a table keeper run as their own commands, each with its metrics port; and promtool."""

import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.api.live import free_port

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "scrape-token-1"


def start_role(redis_url: str, *args: str, **env: str) -> tuple[subprocess.Popen, int]:
    """`deskovka <args> --metrics-port P` on a free port, its log to a pipe; waits until its /healthz answers."""
    port = free_port()
    environ = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DESKOVKA_", "PROMETHEUS_"))},
        "PYTHONPATH": str(ROOT),
        "DESKOVKA_REDIS_URL": redis_url,
        "DESKOVKA_QUEUE_URL": redis_url,
        "DESKOVKA_METRICS_TOKEN": TOKEN,
        "DESKOVKA_LOG_FORMAT": "json",
        **env,
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli", *args, "--metrics-port", str(port)],
        env=environ,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return process, port
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise AssertionError(process.communicate()[1].decode()[-3000:])
        time.sleep(0.1)


def stop_role(process: subprocess.Popen) -> str:
    """Stop it as a container stops it (SIGTERM); return its log."""
    process.terminate()
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
    return err.decode(errors="replace")


def scrape(port: int, token: str | None = TOKEN, path: str = "/metrics") -> tuple[int, str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def samples(text: str) -> dict[tuple[str, frozenset], float]:
    """Every sample by its name and labels."""
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def key(name: str, **labels: str) -> tuple[str, frozenset]:
    return name, frozenset(labels.items())


def promtool() -> str:
    """Debian's promtool (`apt-get install prometheus`, as .ci/run does); skipped where missing, failed in CI."""
    found = shutil.which("promtool")
    if found is None:
        message = "promtool is missing: `apt-get install --no-install-recommends prometheus`, as .ci/run does"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def check_metrics(text: str) -> None:
    """`promtool check metrics` finds nothing in a scrape."""
    result = subprocess.run([promtool(), "check", "metrics"], input=text, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
