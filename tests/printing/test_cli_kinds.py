import pypdf
import pytest

from printing import cli


def test_sheets_are_written_with_every_option(tmp_path, capsys):
    out = tmp_path / "pad.pdf"
    argv = ["sheets", "--count", "5", "--per-page", "2", "--paper", "letter", "--lang", "de"]
    argv += ["--names", "Eva, Petr", "--game-number", "12", "-o", str(out)]
    assert cli.main(argv) == 0
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 3
    assert float(reader.pages[0].mediabox.width) == pytest.approx(792, abs=0.01)
    text = " ".join(page.extract_text() for page in reader.pages)
    assert text.count("Eva") == 3 and text.count("Petr") == 2 and "Spieler" in text and "12" in text
    assert "wrote" in capsys.readouterr().err


def test_reference_is_written_with_every_option(tmp_path):
    out = tmp_path / "card.pdf"
    argv = [
        "reference",
        "ticket-to-ride-europe",
        "--lang",
        "ru",
        "--size",
        "a6",
        "--paper",
        "letter",
        "--duplex",
        "short",
    ]
    assert cli.main([*argv, "--back-offset=-1,0.5", "-o", str(out)]) == 0
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    assert "Билет на поезд: Европа" in reader.pages[0].extract_text()


def test_default_file_names(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["sheets"]) == 0
    assert cli.main(["reference", "timeline", "--lang", "hu"]) == 0
    assert (tmp_path / "score-sheets.pdf").exists() and (tmp_path / "timeline-hu.pdf").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["sheets", "--count", "0"], "count: must be a whole number 1..500"),
        (["sheets", "--count", "501"], "count: must be a whole number 1..500"),
        (["sheets", "--names", "Eva,,Petr"], "names: name 2 must be 1..32 characters"),
        (["sheets", "--game-number", "0"], "game_number: must be a whole number 1..9999"),
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
        ["sheets", "--per-page", "3"],
        ["sheets", "--count", "many"],
        ["sheets", "--lang", "fr"],
        ["reference", "chess"],
        ["reference", "timeline", "--size", "tarot"],
        ["reference"],
    ],
)
def test_a_bad_option_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as exited:
        cli.main(argv)
    assert exited.value.code == 2
    assert "error:" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        ("sheets", ["--count", "--per-page", "--paper", "--lang", "--names", "--game-number", "--output"]),
        ("reference", ["GAME", "--lang", "--size", "--paper", "--duplex", "--back-offset", "--output", "lost-cities"]),
    ],
)
def test_help_shows_every_option(capsys, command, shown):
    with pytest.raises(SystemExit) as exited:
        cli.main([command, "--help"])
    assert exited.value.code == 0
    text = capsys.readouterr().out
    for option in shown:
        assert option in text
