"""A CSV deck's title in each language, its problems in row order, its themes listed, and a deck imported on the
command line taken by the desk through the token the import prints."""

import pytest

from api.cli import main

CSV = "id,theme,year,title_en,title_cs\nfire,discoveries,-1000,Fire,Oheň\nwheel,inventions,-3500,The wheel,Kolo\n"


def upload(client, text, **query):
    return client.post("/v1/decks", data=text.encode(), content_type="text/csv", query_string=query)


def test_a_csv_deck_takes_a_title_in_each_language(client):
    body = upload(client, CSV, title="Inventions", title_cs="Vynálezy").get_json()
    assert body["title"] == {"en": "Inventions", "cs": "Vynálezy"}
    assert body["themes"] == {"discoveries": 1, "inventions": 1}
    listed = client.get("/v1/decks?limit=200", headers={"Deck-Tokens": body["token"]}).get_json()["decks"]
    assert next(deck for deck in listed if deck["id"] == body["id"])["title"]["cs"] == "Vynálezy"


def test_csv_problems_come_in_row_order(client):
    # Row 3 repeats row 2's id (found once every row is read); row 4's year is no number, row 5 has no title.
    bad = "id,year,title_en\nfire,-1000,Fire\nfire,-900,Fire again\nwheel,soon,The wheel\npress,1450,\n"
    errors = upload(client, bad).get_json()["errors"]
    assert [error["detail"].split(":")[0] for error in errors] == ["row 3", "row 4", "row 5"]


def test_the_built_in_decks_list_their_themes(client):
    decks = {deck["id"]: deck for deck in client.get("/v1/decks?limit=200").get_json()["decks"]}
    assert decks["timeline-classic"]["themes"]["art"] == 76 and sum(decks["timeline-classic"]["themes"].values()) == 465


@pytest.mark.parametrize("args", [["--title", "Inventions", "--title-cs", "Vynálezy"]])
def test_a_deck_imported_on_the_command_line_is_listed_with_the_token_it_prints(
    client, tmp_path, capsys, redis_url, monkeypatch, args
):
    monkeypatch.setenv("DESKOVKA_REDIS_URL", redis_url)
    path = tmp_path / "inventions.csv"
    path.write_text(CSV, encoding="utf-8")
    assert main(["deck", "import", str(path), *args]) == 0
    out = capsys.readouterr().out
    deck_id = out.split()[0]
    token = next(line.split()[-1] for line in out.splitlines() if line.startswith("deck token:"))
    assert f"/?deck_token={token}" in out
    anyone = [deck["id"] for deck in client.get("/v1/decks?limit=200").get_json()["decks"]]
    held = client.get("/v1/decks?limit=200", headers={"Deck-Tokens": token}).get_json()["decks"]
    mine = next(deck for deck in held if deck["id"] == deck_id)
    assert deck_id not in anyone and mine["title"] == {"en": "Inventions", "cs": "Vynálezy"}
