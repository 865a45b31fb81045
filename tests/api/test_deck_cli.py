"""`deskovka deck validate|import`: the upload's checks, offline."""

import pytest
import redis

from api.cli import main
from api.storage.deck_store import DeckStore
from engine.decks import builtin_decks


def write_csv(tmp_path, rows):
    path = tmp_path / "deck.csv"
    path.write_text("id,year,title_en\n" + "".join(f"{r}\n" for r in rows), encoding="utf-8")
    return path


def test_validate_names_every_problem_and_exits_2(tmp_path, capsys):
    path = write_csv(tmp_path, ["a,1900,First", "b,soon,Second", "c,1950,"])
    assert main(["deck", "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "2 problem(s)" in err and "row 3: year" in err and "row 4: title" in err


def test_validate_accepts_a_good_deck(tmp_path, capsys):
    path = write_csv(tmp_path, ["a,1900,First", "b,44 BC,Second", "c,1950,Third"])
    assert main(["deck", "validate", str(path)]) == 0
    assert "a valid dated deck of 3 cards in en" in capsys.readouterr().out


def test_a_missing_file_is_a_clear_error(tmp_path, capsys):
    assert main(["deck", "validate", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_import_stores_the_deck(tmp_path, capsys, redis_client, redis_url, monkeypatch):
    monkeypatch.setenv("DESKOVKA_REDIS_URL", redis_url)
    path = write_csv(tmp_path, ["a,1900,First", "b,1901,Second"])
    assert main(["deck", "import", str(path)]) == 0
    out = capsys.readouterr().out
    deck_id = out.split()[0]
    assert DeckStore(redis.Redis.from_url(redis_url), 60).load(deck_id)["cards"][1]["year"] == 1901
    where = redis_url.split("@")[-1].split("://")[-1]
    assert "imported into Redis at" in out and where.split("/")[0] in out and f"key dk:deck:{deck_id}" in out


def test_the_commands_explain_themselves(capsys):
    for argv in (
        ["serve", "--help"],
        ["worker", "--help"],
        ["deck", "validate", "--help"],
        ["deck", "import", "--help"],
        ["print", "deck", "--help"],
    ):
        with pytest.raises(SystemExit):
            main(argv)
        text = " ".join(capsys.readouterr().out.split())
        assert len(text.split("options:")[0]) > 60, f"{argv} has no description"
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "address to listen on" in text and "TCP port" in text
    with pytest.raises(SystemExit):
        main(["print", "deck", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert all(deck in text for deck in builtin_decks()), "print deck lists the deck ids"
    with pytest.raises(SystemExit):
        main(["deck", "import", "--help"])
    assert "DESKOVKA_REDIS_URL" in capsys.readouterr().out


def test_the_deck_commands_describe_their_file_and_the_csv_columns(capsys):
    from engine.decks.upload import CSV_COLUMNS

    for command in ("validate", "import"):
        with pytest.raises(SystemExit):
            main(["deck", command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert ".json" in text and ".csv" in text and ", ".join(CSV_COLUMNS) in text
