"""The command as an operator meets it: a taken port, a server left behind, a lock left by a killed serve."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redis

from api.serving.embedded import EmbeddedRedis
from tests.faults.service import alive, command_line, running

CSV = "id,year,title_en\na,1900,First\nb,1901,Second\n"


def env_for(data_dir: Path, **extra: str) -> dict[str, str]:
    inherited = {k: v for k, v in os.environ.items() if not k.startswith("DESKOVKA_")}
    return {**inherited, "DESKOVKA_DATA_DIR": str(data_dir), **extra}


def servers_of(data_dir: Path) -> list[int]:
    """Pids of live redis-servers whose command line names the data directory."""
    found = []
    for entry in Path("/proc").iterdir():
        if (
            entry.name.isdigit()
            and str(data_dir) in command_line(int(entry.name))
            and "redis-server" in command_line(int(entry.name))
            and alive(int(entry.name))
        ):
            found.append(int(entry.name))
    return found


def test_serve_on_a_taken_port_fails_at_once_and_names_the_port_option(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        started = time.monotonic()
        run = subprocess.run(
            [sys.executable, "-m", "api.cli", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env=env_for(tmp_path),
        )
    assert run.returncode != 0 and time.monotonic() - started < 30
    assert f"127.0.0.1:{port}" in run.stderr and "--port" in run.stderr, run.stderr
    assert "restarting" not in run.stderr
    assert servers_of(tmp_path) == []  # refused before starting anything


def test_an_api_whose_port_is_taken_stops_serve_rather_than_restarting_forever(tmp_path):
    from api.serving.supervisor import FATAL

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "api.cli", "api", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env=env_for(tmp_path, DESKOVKA_REDIS_URL="redis://127.0.0.1:1"),
        )
    assert run.returncode == FATAL and "--port" in run.stderr


def test_deck_import_leaves_no_server_behind_and_serve_then_starts(tmp_path):
    deck = tmp_path / "deck.csv"
    deck.write_text(CSV, encoding="utf-8")
    data = tmp_path / "data"
    run = subprocess.run(
        [sys.executable, "-m", "api.cli", "deck", "import", str(deck)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env_for(data),
    )
    assert run.returncode == 0, run.stderr
    assert servers_of(data) == [] and not EmbeddedRedis(data).answers()
    with running(data, tmp_path / "serve.log") as service:
        deck_id = run.stdout.split()[0]
        assert service.call("GET", f"/v1/decks/{deck_id}").status == 200  # the import was kept


def test_a_killed_serve_leaves_no_lock_and_its_left_server_is_stopped_by_the_next(tmp_path):
    data = tmp_path / "data"
    # A serve killed with -9: its lock file stays, and here its Redis too (started outside its reach).
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sys, time; from api.serving.lock import DataDirLock; DataDirLock(sys.argv[1]).acquire(); "
                "print('locked', flush=True); time.sleep(600)"
            ),
            str(data),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "locked"
    left = EmbeddedRedis(data)
    left.start()
    busy = subprocess.run(
        [sys.executable, "-m", "api.cli", "serve", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env_for(data),
    )
    assert busy.returncode != 0 and f"pid {holder.pid}" in busy.stderr, busy.stderr  # a live holder is respected
    redis.Redis.from_url(left.url).set("kept", "yes")
    holder.send_signal(signal.SIGKILL)
    holder.wait(10)
    holder.stdout.close()
    assert (data / "serve.lock").exists()
    try:
        with running(data, tmp_path / "serve.log") as service:
            assert left.process.wait(30) == 0  # shut down (after writing its data), not killed
            service.wait_for_log("stopped a Redis left serving")
            assert service.store().get("kept") == b"yes"
            assert len(servers_of(data)) == 1  # serve's own
    finally:
        left.stop()
