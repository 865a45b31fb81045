"""The packages' layers as tests: import-linter keeps the contracts in pyproject.toml, and no module is in a circle."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).parents[1]
PACKAGES = ("api", "engine", "printing", "worker")


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    """Run lint-imports on the packages under `root`, found there first."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [
        sys.executable,
        "-c",
        "import sys; from importlinter.cli import lint_imports_command as c; "
        "sys.exit(c(['--no-cache', '--no-logo', 'pyproject.toml']))",
    ]
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=300)


def test_the_contracts_hold():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "6 kept, 0 broken" in result.stdout


def planted(tmp_path: Path, module: str, line: str) -> Path:
    """Copy the packages and pyproject.toml to tmp_path and add an import line to one module."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__", "desk"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    target = tmp_path / (module.replace(".", "/") + ".py")
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    return tmp_path


def test_an_upward_import_breaks_the_layers(tmp_path):
    root = planted(tmp_path, "api.storage.store", "from api.http import current  # noqa")
    result = lint_imports(root)
    assert result.returncode == 1
    assert "api.storage.store -> api.http.current" in result.stdout


def test_flask_in_the_table_service_breaks_its_contract(tmp_path):
    root = planted(tmp_path, "api.tables.runner", "import flask  # noqa")
    result = lint_imports(root)
    assert result.returncode == 1
    assert "api.tables is not allowed to import flask" in result.stdout
    assert "api.tables.runner -> flask" in result.stdout


def test_the_http_layer_in_the_keeper_breaks_its_contract(tmp_path):
    root = planted(tmp_path, "api.serving.keeper", "from api.http import current  # noqa")
    result = lint_imports(root)
    assert result.returncode == 1
    assert "api.serving.keeper is not allowed to import api.http" in result.stdout


def test_a_game_importing_another_breaks_their_independence(tmp_path):
    root = planted(tmp_path, "engine.chronology.bots", "from engine.timeline import bots as timeline_bots  # noqa")
    result = lint_imports(root)
    assert result.returncode == 1
    assert "engine.chronology is not allowed to import engine.timeline" in result.stdout


def test_no_module_is_in_an_import_circle():
    # Imports made only for type checking count too: a circle of names is one of design, run or not.
    graph = grimp.build_graph(*PACKAGES, cache_dir=None, exclude_type_checking_imports=False)
    circles = sorted(
        (importer, imported)
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
        if graph.chain_exists(imported=importer, importer=imported)
    )
    assert circles == []
