"""The house rules as tests: ruff (lint, isort and format) on everything, mypy on every package."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing():
    result = run("ruff", "check", "--no-cache", "api", "engine", "printing", "worker", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_would_change_nothing():
    result = run("ruff", "format", "--check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    result = run("mypy", "--no-incremental", "api", "engine", "printing", "worker")
    assert result.returncode == 0, result.stdout + result.stderr
