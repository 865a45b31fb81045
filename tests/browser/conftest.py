"""A live `deskovka serve` (embedded Redis, one real worker) and headless Debian Chromium driven by Selenium."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
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
    log: Path  # what it wrote: its log, its children's


@contextmanager
def serving(data: Path, env: dict[str, str]) -> Iterator[Live]:
    """`deskovka serve` on its own embedded Redis in `data`, with `env` (no DESKOVKA_ setting but these)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DESKOVKA_")} | env
    env["DESKOVKA_DATA_DIR"] = str(data)
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
    try:
        yield Live(base, f"unix://{data / 'redis.sock'}", data / "serve.log")
    finally:
        server.send_signal(signal.SIGTERM)  # gunicorn stops, then serve stops its worker and its Redis
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(5)
        log.close()


@pytest.fixture(scope="package")
def live_server(tmp_path_factory):
    """Run `deskovka serve` as an organiser would, on its own embedded Redis in a fresh data directory."""
    # A table page's long-poll holds a request open; gunicorn lets it finish before it stops, so keep them short.
    env = {"DESKOVKA_MAX_WAIT": "3"}
    # One client (the tests' loopback) opens every table and sets random games ahead move by move: the per-client
    # budgets of tables, moves and requests would refuse it (tests/api/test_quotas.py and test_request_budget.py
    # test them; tests/browser/test_play_budget.py plays a table under the defaults).
    for bucket in ("GAMES", "BOT_GAMES", "MOVES", "SEAT_MOVES", "REQUESTS", "ADDRESS_REQUESTS", "ASSET_REQUESTS"):
        env[f"DESKOVKA_LIMIT_{bucket}"] = "off"
    with serving(tmp_path_factory.mktemp("desk-data"), env) as live:
        yield live


def chromium(profile: Path, size: str = "1280,1600"):
    """Headless Debian Chromium on a fresh profile, its console and network logs kept."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not binary or not driver:
        pytest.fail(
            "the browser tests need Debian's chromium and chromium-driver "
            "(apt-get install -y chromium chromium-driver, as .ci/run does); or deselect: -m 'not browser'"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={size}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    session = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    session.set_script_timeout(30)
    return session


@pytest.fixture(scope="package")
def browser(tmp_path_factory, live_server):
    """Headless Chromium; it quits before the server stops, so no long-poll of an open table keeps gunicorn waiting
    out its graceful timeout."""
    session = chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield session
    session.quit()
