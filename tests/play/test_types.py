"""The table page's modules are typed: JSDoc checked by `tsc --checkJs --strict` against openapi-typescript's types of
the committed contract, generated here (api/play/static/contract.d.ts, not committed), with the TypeScript client's
pinned tools (clients/typescript: `npm ci` installs them, as .ci/run does)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
CLIENT = ROOT / "clients" / "typescript"
PLAY = ROOT / "api" / "play"


def npx(*args: str) -> str:
    done = subprocess.run(["npx", "--no-install", *args], cwd=CLIENT, capture_output=True, text=True, timeout=600)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said[-4000:]
    return said


@pytest.fixture(scope="module")
def tools():
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.fail("node and npm are needed (Debian: apt-get install nodejs npm, as .ci/run does)")
    if not (CLIENT / "node_modules" / ".package-lock.json").exists():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=CLIENT, check=True, capture_output=True, timeout=900
        )
    return CLIENT


def test_the_configuration_is_strict_and_checks_every_module():
    config = json.loads((PLAY / "tsconfig.json").read_text(encoding="utf-8"))["compilerOptions"]
    assert config["strict"] is True and config["checkJs"] is True and config["noEmit"] is True
    for module in (PLAY / "static").rglob("*.js"):
        assert "@ts-nocheck" not in module.read_text(encoding="utf-8"), module


def test_the_modules_type_check_against_the_contract(tools):
    npx(
        "openapi-typescript",
        "../../openapi.yaml",
        "--default-non-nullable",
        "false",
        "-o",
        str(PLAY / "static" / "contract.d.ts"),
    )
    npx("tsc", "-p", str(PLAY / "tsconfig.json"))
