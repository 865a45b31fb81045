"""`deskovka print deck FILE.csv|FILE.json`: a deck file printed offline with the upload's checks; `--version`."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from api.config import VERSION
from printing import cli

ROOT = Path(__file__).parents[2]
CSV = "id,year,title_en,title_cs\nfire,-1000,Fire,Oheň\nwheel,-3500,The wheel,Kolo\npress,1450,Press,Knihtisk\n"


def test_a_csv_file_prints_offline_in_its_language(tmp_path, monkeypatch):
    deck = tmp_path / "inventions.csv"
    deck.write_text(CSV, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["deck", str(deck), "--lang", "cs", "--paper", "letter"]) == 0
    text = pypdf.PdfReader(tmp_path / "inventions.pdf").pages[0].extract_text()
    assert "Knihtisk" in text and "Oheň" in text


def test_a_json_file_prints_offline(tmp_path):
    doc = {
        "kind": "dated",
        "title": {"en": "Two"},
        "cards": [
            {"id": "a", "year": 1, "title": {"en": "First thing"}},
            {"id": "b", "year": 2, "title": {"en": "Second"}},
        ],
    }
    deck, out = tmp_path / "two.json", tmp_path / "out.pdf"
    deck.write_text(json.dumps(doc), encoding="utf-8")
    assert cli.main(["deck", str(deck), "-o", str(out)]) == 0
    assert "First thing" in pypdf.PdfReader(out).pages[0].extract_text()


def test_a_bad_file_lists_every_problem_as_the_api_does_and_writes_nothing(tmp_path, capsys):
    deck = tmp_path / "bad.csv"
    deck.write_text(CSV.replace("1450", "14S0").replace("wheel,", "fire,"), encoding="utf-8")
    assert cli.main(["deck", str(deck), "-o", str(tmp_path / "bad.pdf")]) == 2
    said = capsys.readouterr().err
    assert "row 4: year: '14S0' is not a whole number" in said
    assert "row 3: id: 'fire' is used twice, first by row 2" in said
    assert not (tmp_path / "bad.pdf").exists()


def test_printing_a_deck_file_loads_no_service_module(tmp_path):
    deck = tmp_path / "inventions.csv"
    deck.write_text(CSV, encoding="utf-8")
    code = (
        "import sys; from printing import cli; "
        f"cli.main(['deck', {str(deck)!r}, '-o', {str(tmp_path / 'x.pdf')!r}]); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'redis', 'rq', 'api', 'worker'}))"
    )
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    shown = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True)
    assert shown.stdout.strip() == "[]", shown.stderr
    assert (tmp_path / "x.pdf").exists()


def test_version(capsys):
    from api.cli import main

    with pytest.raises(SystemExit) as exit_code:
        main(["--version"])
    assert exit_code.value.code == 0 and capsys.readouterr().out.strip() == f"deskovka {VERSION}"
