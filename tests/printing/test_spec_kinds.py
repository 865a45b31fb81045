import json

import pytest

import printing
from printing.spec import SpecError, validate


class TestScoreSheetSpec:
    """A score-sheet spec is checked and filled like a deck's, with its own options."""

    def test_defaults(self):
        assert validate({"kind": "score-sheets"}) == {
            "kind": "score-sheets",
            "count": 1,
            "per_page": 1,
            "paper": "a4",
            "language": "en",
            "names": [],
            "game_number": None,
        }

    def test_values_are_normalised(self):
        spec = validate(
            {
                "kind": "Score-Sheets",
                "count": 100,
                "per_page": 2,
                "paper": "Letter",
                "language": "CS",
                "names": ["  Eva\tNovák ", "Ödön"],
                "game_number": 3,
            }
        )
        assert spec["paper"] == "letter" and spec["language"] == "cs"
        assert spec["names"] == ["Eva Novák", "Ödön"]
        assert (spec["count"], spec["per_page"], spec["game_number"]) == (100, 2, 3)

    @pytest.mark.parametrize(
        ("spec", "problem"),
        [
            ({"count": 0}, "count: must be a whole number 1..500, not 0"),
            ({"count": 501}, "count: must be a whole number 1..500"),
            ({"count": 2.0}, "count: must be a whole number"),
            ({"count": True}, "count: must be a whole number"),
            ({"count": "10"}, "count: must be a whole number"),
            ({"per_page": 3}, "per_page: must be a whole number 1..2"),
            ({"names": "Eva,Petr"}, "names: must be a list of up to 500"),
            ({"names": ["Eva", ""]}, "names: name 2 must be 1..32 characters"),
            ({"names": ["x" * 33]}, "names: name 1 must be 1..32 characters"),
            ({"names": [7]}, "names: name 1 must be 1..32 characters"),
            ({"names": ["漢字"]}, "names: name 1 has characters the font cannot print: 漢字"),
            ({"game_number": 0}, "game_number: must be a whole number 1..9999"),
            ({"language": "fr"}, "language: 'fr' is not one of"),
            ({"paper": "a3"}, "paper: 'a3' is not one of a4, letter"),
            ({"deck": "timeline-classic"}, "deck: unknown option (known: kind, count, per_page"),
        ],
    )
    def test_invalid_specs_name_the_problem(self, spec, problem):
        with pytest.raises(SpecError) as raised:
            validate({"kind": "score-sheets", **spec})
        assert any(problem in p for p in raised.value.problems), raised.value.problems

    def test_every_problem_is_reported_at_once(self):
        with pytest.raises(SpecError) as raised:
            validate({"kind": "score-sheets", "count": 0, "per_page": 5, "names": [""], "size": "poker"})
        assert len(raised.value.problems) == 4


class TestReferenceSpec:
    """A reference spec names a game and takes a card size of its own."""

    def test_defaults(self):
        assert validate({"kind": "reference", "game": "timeline"}) == {
            "kind": "reference",
            "game": "timeline",
            "language": "en",
            "size": "a6",
            "paper": "a4",
            "duplex": "long",
            "back_offset": [0.0, 0.0],
        }

    @pytest.mark.parametrize(
        ("spec", "problem"),
        [
            ({}, "game: a game is required for kind 'reference'"),
            ({"game": "chess"}, "game: 'chess' is not one of timeline, chronology, lost-cities"),
            ({"game": "timeline", "size": "tarot"}, "size: 'tarot' is not one of poker, a6"),
            ({"game": "timeline", "duplex": "both"}, "duplex: 'both' is not one of"),
            ({"game": "timeline", "back_offset": [20, 0]}, "back_offset: must be [x_mm, y_mm]"),
            ({"game": "timeline", "bleed": 1}, "bleed: unknown option (known: kind, game, language, size"),
        ],
    )
    def test_invalid_specs_name_the_problem(self, spec, problem):
        with pytest.raises(SpecError) as raised:
            validate({"kind": "reference", **spec})
        assert any(problem in p for p in raised.value.problems), raised.value.problems

    def test_every_problem_is_reported_at_once(self):
        with pytest.raises(SpecError) as raised:
            validate({"kind": "reference", "game": "go", "language": "xx", "size": "huge", "count": 3})
        assert len(raised.value.problems) == 4

    def test_the_kinds_are_listed_for_an_unknown_kind(self):
        with pytest.raises(SpecError, match="score-sheets, reference"):
            validate({"kind": "poster"})

    def test_only_card_kinds_have_a_card_layout(self):
        with pytest.raises(SpecError, match="no card sheet"):
            printing.layout({"kind": "score-sheets"})


@pytest.mark.parametrize(
    "spec",
    [
        {"kind": "score-sheets", "count": 3, "names": [" Ann "], "game_number": 2},
        {"kind": "reference", "game": "chronology", "language": "hu", "size": "A6"},
    ],
)
def test_a_normalised_spec_survives_json_and_validates_to_itself(spec):
    """The API queues the normalised spec as JSON; the worker validates it again."""
    normalised = validate(spec)
    assert validate(json.loads(json.dumps(normalised))) == normalised
