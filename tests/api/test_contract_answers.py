"""What a client in any language must be able to rely on: problems keep RFC 9457's members, seeds fit 53 bits,
every answer is one JSON (UTF-8, in the server's order), the stream's messages say their game, print specs say
`language`."""

import argparse

import orjson
import pytest

from api.problems import Problem
from engine.core.rng import MAX_SEED, mixed_seed
from printing import SpecError, validate
from printing.cli import add_commands
from tests.api.helpers import create, play_to_end

RFC9457 = ("type", "title", "status", "detail", "instance")


def test_an_unknown_game_type_keeps_the_problem_type_and_lists_the_choices(client):
    answer = client.post("/v1/games", json={"type": "timline", "seats": [{"name": "Ann"}]})
    problem = answer.get_json()
    assert answer.status_code == 422 and problem["code"] == "game/unknown_type"
    assert problem["type"] == "/problems/game/unknown_type" and problem["game_type"] == "timline"
    assert problem["choices"] == ["around-the-world", "chronology", "lost-cities", "ticket-to-ride-europe", "timeline"]


def test_an_unknown_bot_lists_the_game_s_bots(client):
    problem = client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}, {"bot": "smart"}]}).get_json()
    assert problem["code"] == "bot/unknown" and problem["bot"] == "smart"
    assert problem["choices"] == ["easy", "medium", "strong"] and problem["type"] == "/problems/bot/unknown"


def test_a_problem_cannot_be_given_a_member_named_like_rfc_9457_s_own():
    for name in RFC9457:
        if name not in ("status", "detail"):  # those are Problem's own arguments
            with pytest.raises(AssertionError):
                Problem("request/invalid", "No.", **{name: "x"})


def test_seeds_fit_a_javascript_number(client):
    too_big = client.post("/v1/games", json={"type": "lost-cities", "seats": [{"name": "A"}], "seed": MAX_SEED + 1})
    assert too_big.status_code == 422 and too_big.get_json()["errors"][0]["pointer"] == "/seed"
    seeds = []
    for _ in range(8):
        game, tokens = create(client, [{"name": "A"}], game_type="lost-cities")
        play_to_end(client, game["id"], tokens)
        seeds.append(client.get(f"/v1/games/{game['id']}/replay").get_json()["seed"])
    assert all(0 <= seed <= MAX_SEED for seed in seeds) and len(set(seeds)) == 8
    assert max(seeds) > 2**45, "drawn from all 53 bits"
    assert all(mixed_seed(2**53 - 1, f"{n:032x}") <= MAX_SEED for n in range(200))


def test_every_answer_is_utf_8_in_the_server_s_order(client):
    detail = client.get("/v1/game-types/timeline")
    assert "Хронология".encode() in detail.data or "č".encode() in detail.data
    assert b"\\u0" not in detail.data
    assert list(orjson.loads(detail.data)) == ["type", "title", "min_players", "max_players", "options", "bots", "data"]
    problem = client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "Ann"}, {"bot": "ř"}]})
    assert problem.data.startswith(b'{"type":') and "ř".encode() in problem.data


def test_each_stream_message_carries_the_game_type_and_its_version(client):
    game, tokens = create(client, [{"name": "A"}], game_type="lost-cities", seed=3)
    play_to_end(client, game["id"], tokens)
    text = client.get(f"/v1/games/{game['id']}/events?after=0", headers={"Accept": "text/event-stream"}).get_data(
        as_text=True
    )
    messages = [block for block in text.split("\n\n") if "data: " in block]
    assert len(messages) > 10
    for block in messages:
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        data = orjson.loads(lines["data"])
        assert list(data) == ["type", "v", "events", "version", "status", "to_act", "deadlines", "your_turn"]
        assert data["type"] == "lost-cities" and data["status"] == "finished" and data["to_act"] == []
        assert lines["id"] == str(data["v"]) and all(event["v"] == data["v"] for event in data["events"])


class TestLanguage:
    def test_print_specs_say_language(self):
        spec = validate({"kind": "score-sheets", "language": "cs"})
        assert spec["language"] == "cs" and "lang" not in spec

    def test_lang_is_read_as_its_deprecated_alias(self):
        assert validate({"kind": "reference", "game": "timeline", "lang": "hu"})["language"] == "hu"

    def test_both_names_at_once_are_refused(self):
        with pytest.raises(SpecError, match="lang: the old name of language"):
            validate({"kind": "score-sheets", "language": "cs", "lang": "cs"})

    def test_the_api_answers_with_language(self, client):
        job = client.post("/v1/print-jobs", json={"kind": "calibration", "lang": "de"}).get_json()
        assert job["spec"]["language"] == "de" and "lang" not in job["spec"]
        refused = client.post("/v1/print-jobs", json={"kind": "calibration", "language": "xx"}).get_json()
        assert refused["code"] == "print/invalid_spec" and "language: 'xx' is not one of" in str(refused["errors"])

    @pytest.mark.parametrize("flag", ["--language", "--lang"])
    def test_the_cli_takes_language_and_its_old_name(self, flag):
        parser = argparse.ArgumentParser()
        add_commands(parser)
        assert parser.parse_args(["sheets", flag, "sk"]).language == "sk"
