"""Clients in TypeScript, from the committed contract: a strict hand-written one plays against a live server, and
the code two other generators write compiles under `tsc --strict`.

clients/typescript holds the client and the pinned tools (package.json, package-lock.json; `npm ci` installs them,
as .ci/run does). Its types are generated here by openapi-typescript, so they are always the contract's. Timeline
runs in the default suite, the other four games behind the slow marker.
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.api.live import start_serve, stop_serve
from tests.printing.pdf import open_pdf

CLIENT = Path(__file__).parents[2] / "clients" / "typescript"
SLOW = pytest.mark.slow


def npx(*args: str, timeout: float = 600) -> str:
    """Run a tool of the client's own; fail with what it said."""
    done = subprocess.run(["npx", "--no-install", *args], cwd=CLIENT, capture_output=True, text=True, timeout=timeout)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said[-4000:]
    return said


@pytest.fixture(scope="module")
def tools():
    """The pinned npm tools, installed with `npm ci` unless present."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.fail("node and npm are needed (Debian: apt-get install nodejs npm, as .ci/run does)")
    if not (CLIENT / "node_modules" / ".package-lock.json").exists():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=CLIENT, check=True, capture_output=True, timeout=900
        )
    return CLIENT


@pytest.fixture(scope="module")
def built(tools):
    """The client's types generated from the contract, and the client compiled by `tsc --strict`."""
    shutil.rmtree(CLIENT / "dist", ignore_errors=True)
    npx("openapi-typescript", "../../openapi.yaml", "--default-non-nullable", "false", "-o", "src/contract.d.ts")
    npx("tsc", "-p", "tsconfig.json")
    return CLIENT / "dist" / "play.js"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server, base = start_serve(tmp_path_factory.mktemp("serve"))
    yield base
    stop_serve(server)


def test_the_client_is_strict_and_never_casts():
    config = json.loads((CLIENT / "tsconfig.json").read_text(encoding="utf-8"))
    assert config["compilerOptions"]["strict"] is True
    for source in (CLIENT / "src").glob("*.ts"):
        if source.name.endswith(".d.ts"):
            continue
        code = source.read_text(encoding="utf-8")
        cast = r"\bas\s+(?!const\b)[A-Za-z{\[(]|\bany\b|@ts-(ignore|expect-error|nocheck)|<[A-Z]\w*>\s*\w"
        assert not re.search(cast, re.sub(r"//.*|\"[^\"\n]*\"|`[^`]*`", "", code)), source.name


@pytest.mark.parametrize(
    "game_type",
    [
        "timeline",
        pytest.param("chronology", marks=SLOW),
        pytest.param("lost-cities", marks=SLOW),
        pytest.param("around-the-world", marks=SLOW),
        pytest.param("ticket-to-ride-europe", marks=SLOW),
    ],
)
def test_the_typescript_client_plays_to_the_end_and_prints_a_deck(built, served, game_type, tmp_path):
    pdf = tmp_path / "deck.pdf"
    done = subprocess.run(
        ["node", str(built), served, game_type, str(pdf)], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-4000:]
    report = json.loads(done.stdout)
    assert report["type"] == game_type and report["moves"] > 0 and report["messages"] == report["version"]
    assert report["notModified"] == 304
    if game_type == "timeline":
        assert report["unicode"], "Czech card titles reach the client as they are"
    with open_pdf(pdf.read_bytes()) as document:
        assert len(document.pages) == 2  # four cards: one page of fronts, one of backs
        assert "Přistání na Měsíci" in document.pages[0].extract_text()


@pytest.mark.parametrize("generator", ["orval", "hey-api"])
def test_other_generators_write_code_that_compiles_strictly(tools, generator):
    out = CLIENT / "generated" / generator
    shutil.rmtree(out, ignore_errors=True)
    if generator == "orval":
        said = npx("orval", "--config", "orval.config.cjs")
    else:
        said = npx("openapi-ts", "-f", "openapi-ts.config.mjs")
    assert not re.search(r"warn|error|must have", said, re.IGNORECASE), said[-4000:]
    files = list(out.rglob("*.ts"))
    assert len(files) > 3
    if generator == "orval":
        # Header parameters reach the generated calls (If-Match, Idempotency-Key, Last-Event-ID, If-None-Match).
        client = (out / "client.ts").read_text(encoding="utf-8")
        assert "PostActionHeaders" in client and "ListEventsHeaders" in client and "GetPdfHeaders" in client
    done = subprocess.run(
        ["npx", "--no-install", "tsc", "-p", "tsconfig.generated.json", "--noEmit"],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-4000:]
