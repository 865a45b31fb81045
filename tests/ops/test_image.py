"""What the image installs, run as the image runs it: the wheel in a fresh environment, an unprivileged user, the
image's data volume and working directory. No container daemon here, so the Dockerfile's steps are done by hand."""

import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tests.api.live import free_port

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


@pytest.mark.slow
def test_the_wheel_serves_works_and_prints_as_an_unprivileged_user():
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        pytest.skip("needs root (to become an unprivileged user) and util-linux's setpriv")
    # Every folder on the way must be open to the user: not pytest's (0700) nor root's home (where pyenv is).
    tmp_path = Path(tempfile.mkdtemp(prefix="dk-image-"))
    try:
        run_as_the_image_does(tmp_path)
    finally:
        shutil.rmtree(tmp_path, ignore_errors=True)


def run_as_the_image_does(tmp_path: Path) -> None:
    wheels, venv = tmp_path / "wheels", tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(wheels), str(ROOT)],
        check=True,
        timeout=600,
    )
    python = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable  # as the image's, in /usr
    # A fresh environment sees nothing of this checkout (PYTHONPATH would show pip its metadata as installed).
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "DESKOVKA_"))}
    subprocess.run([python, "-m", "venv", str(venv)], check=True, env=clean)
    pip = [str(venv / "bin" / "pip"), "install", "--quiet"]
    lock = ROOT / "requirements" / "lock.txt"  # as the image: the locked dependencies, then the project alone
    subprocess.run([*pip, "--require-hashes", "-r", str(lock)], check=True, timeout=1200, env=clean)
    subprocess.run([*pip, "--no-deps", *map(str, wheels.glob("*.whl"))], check=True, timeout=600, env=clean)
    assert (venv / "bin" / "deskovka").exists(), sorted(path.name for path in (venv / "bin").iterdir())
    # The image's paths: a home, its data volume and working directory, owned by the image's (unprivileged) user.
    home = tmp_path / "home" / "deskovka"
    for folder in (home / "data", home / "work"):
        folder.mkdir(parents=True)
        os.chown(folder, NOBODY, NOBODY)
    tmp_path.chmod(0o755)
    (tmp_path / "home").chmod(0o755)
    home.chmod(0o755)
    env = {
        "PATH": f"{venv / 'bin'}:/usr/bin:/bin",
        "HOME": str(home),
        "DESKOVKA_DATA_DIR": str(home / "data"),
        "DESKOVKA_LIMIT_GAMES": "off",
    }
    as_user = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    port = free_port()
    serve = subprocess.Popen(
        [*as_user, str(venv / "bin" / "deskovka"), "serve", "--port", str(port)],
        cwd=home / "work",
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline and serve.poll() is None, serve.communicate()[0].decode()[-3000:]
                time.sleep(0.2)
        game = b'{"type": "timeline", "seats": [{"name": "A"}, {"bot": "random"}]}'
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/v1/games", method="POST", data=game, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 201
        printed = subprocess.run(
            [*as_user, str(venv / "bin" / "deskovka"), "print", "calibration", "-o", "cal.pdf"],
            cwd=home / "work",
            env=env,
            capture_output=True,
            timeout=120,
        )
        assert printed.returncode == 0, printed.stderr.decode()
        assert (home / "work" / "cal.pdf").read_bytes().startswith(b"%PDF")
        assert (home / "data" / "redis.sock").exists()  # the embedded Redis runs in the data volume
    finally:
        serve.terminate()
        serve.communicate(timeout=90)
