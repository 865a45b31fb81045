"""A live `deskovka serve` (embedded Redis, one real worker) and headless Debian Chromium driven by Selenium."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def artifacts() -> Path:
    """Where screenshots go: $DESKOVKA_ARTIFACTS, else tests/artifacts (ignored by git)."""
    folder = Path(os.environ.get("DESKOVKA_ARTIFACTS") or ROOT / "tests" / "artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


@dataclass(frozen=True)
class Live:
    url: str
    redis_url: str  # the embedded Redis `deskovka serve` started, which holds the print queue too


@pytest.fixture(scope="package")
def live_server(tmp_path_factory):
    """Run `deskovka serve` as an organiser would, on its own embedded Redis in a fresh data directory."""
    data = tmp_path_factory.mktemp("desk-data")
    env = {key: value for key, value in os.environ.items() if not key.startswith("DESKOVKA_")}
    env["DESKOVKA_DATA_DIR"] = str(data)
    # A table page's long-poll holds a request open; gunicorn lets it finish before it stops, so keep them short.
    env["DESKOVKA_MAX_WAIT"] = "3"
    # One client (the tests' loopback) opens every table and sets random games ahead move by move: the per-client
    # budgets of tables, moves and requests would refuse it (tests/api/test_quotas.py and test_request_budget.py
    # test them).
    for bucket in ("GAMES", "BOT_GAMES", "MOVES", "SEAT_MOVES", "REQUESTS", "ADDRESS_REQUESTS"):
        env[f"DESKOVKA_LIMIT_{bucket}"] = "off"
    port = free_port()
    log = (data / "serve.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--workers", "1", "--threads", "4"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while not answers(base + "/readyz"):
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            pytest.fail("deskovka serve did not start:\n" + (data / "serve.log").read_text(errors="replace"))
        time.sleep(0.1)
    yield Live(base, f"unix://{data / 'redis.sock'}")
    server.send_signal(signal.SIGTERM)  # gunicorn stops, then serve stops its worker and its Redis
    try:
        server.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(5)
    log.close()


@pytest.fixture(scope="package")
def browser(tmp_path_factory, live_server):
    """Headless Chromium with its console and network logs kept, on a fresh profile; it quits before the server
    stops, so no long-poll of an open table keeps gunicorn waiting out its graceful timeout."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.fail(
            "the browser tests need Debian's chromium and chromium-driver "
            "(apt-get install -y chromium chromium-driver, as .ci/run does); or deselect: -m 'not browser'"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.add_argument("--window-size=1280,1600")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    session = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    session.set_script_timeout(30)
    yield session
    session.quit()
