import argparse

import pypdf
import pytest

from engine.decks import store
from printing import cli
from tests.printing.decks import dated_deck


@pytest.fixture(autouse=True)
def one_deck(monkeypatch):
    deck = dated_deck(12, deck_id="tiny")
    monkeypatch.setattr(store, "builtin_decks", lambda: {deck.id: deck})


def test_deck_is_written_offline(tmp_path, capsys):
    out = tmp_path / "tiny.pdf"
    code = cli.main(["deck", "tiny", "--paper", "letter", "--size", "mini-euro", "--duplex", "short", "-o", str(out)])
    assert code == 0
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612, abs=0.01)
    assert "wrote" in capsys.readouterr().err


def test_every_option_is_passed_on(tmp_path):
    out = tmp_path / "x.pdf"
    options = ["--bleed", "0", "--back-offset=-1.5,0.5", "--lang", "cs", "--duplex", "none"]
    assert cli.main(["deck", "tiny", *options, "-o", str(out)]) == 0
    assert "Událost 000" in pypdf.PdfReader(out).pages[0].extract_text()


def test_calibration_is_written(tmp_path):
    out = tmp_path / "calibration.pdf"
    assert cli.main(["calibration", "--paper", "a4", "--size", "70x100", "--back-offset", "1,2", "-o", str(out)]) == 0
    assert len(pypdf.PdfReader(out).pages) == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deck", "nope"], "there is no deck 'nope'"),
        (["deck", "tiny", "--bleed", "9"], "bleed: must be a number of mm in 0..5"),
        (["deck", "tiny", "--size", "huge"], "size: 'huge' is neither a preset"),
        (["calibration", "--size", "400x400"], "size: each side must be"),
    ],
)
def test_a_bad_spec_exits_2_with_a_clear_message(tmp_path, capsys, argv, message):
    out = tmp_path / "x.pdf"
    assert cli.main([*argv, "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["deck", "tiny", "--paper", "a3"],
        ["deck", "tiny", "--duplex", "both"],
        ["deck", "tiny", "--back-offset", "1"],
        ["deck", "tiny", "--bleed", "lots"],
        ["deck", "tiny", "--lang", "xx"],
        ["poster"],
    ],
)
def test_a_bad_option_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as exited:
        cli.main(argv)
    assert exited.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_an_unwritable_file_exits_1(tmp_path, capsys):
    assert cli.main(["deck", "tiny", "-o", str(tmp_path / "missing" / "x.pdf")]) == 1
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("deck", ["DECK", "--paper", "--size", "--duplex", "--bleed", "--back-offset", "--lang", "--output"]),
        ("calibration", ["--paper", "--size", "--duplex", "--back-offset", "--output"]),
    ],
)
def test_help_shows_every_option(capsys, command, options):
    with pytest.raises(SystemExit) as exited:
        cli.main([command, "--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    for option in options:
        assert option in shown
    for word in ("poker", "bridge", "mini-euro", "tarot", "long", "short", "fold", "none", "a4", "letter"):
        assert word in shown


def test_register_adds_print_to_a_parent_command(tmp_path):
    parser = argparse.ArgumentParser(prog="deskovka")
    cli.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["print", "deck", "tiny", "-o", str(tmp_path / "x.pdf")])
    assert args.func(args) == 0
    assert (tmp_path / "x.pdf").exists()
