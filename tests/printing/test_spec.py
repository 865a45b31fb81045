import pytest

import printing
from engine.decks import store
from printing.spec import SpecError, validate
from tests.printing.decks import dated_deck


@pytest.fixture
def one_deck(monkeypatch):
    deck = dated_deck(3, deck_id="tiny")
    monkeypatch.setattr(store, "builtin_decks", lambda: {deck.id: deck})
    return deck


def test_defaults_are_filled(one_deck):
    assert validate({"deck": "tiny"}) == {
        "kind": "deck",
        "deck": "tiny",
        "paper": "a4",
        "size": "poker",
        "duplex": "long",
        "bleed": 1.0,
        "back_offset": [0.0, 0.0],
        "language": "en",
    }


def test_values_are_normalised(one_deck):
    spec = validate(
        {"deck": "tiny", "paper": "Letter", "size": "63.5 X 88mm", "duplex": "SHORT", "back_offset": (1, -0.5)}
    )
    assert (spec["paper"], spec["size"], spec["duplex"], spec["back_offset"]) == (
        "letter",
        "63.5x88",
        "short",
        [1.0, -0.5],
    )


def test_explicit_bleed_is_kept(one_deck):
    assert validate({"deck": "tiny", "bleed": 3})["bleed"] == 3.0
    assert validate({"deck": "tiny", "bleed": 0})["bleed"] == 0.0


def test_calibration_needs_no_deck():
    assert validate({"kind": "calibration", "paper": "letter"})["kind"] == "calibration"


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ({"deck": "nope"}, "deck: there is no deck 'nope'"),
        ({}, "deck: a deck id is required"),
        ({"deck": "tiny", "size": "63x"}, "size: '63x' is neither a preset"),
        ({"deck": "tiny", "size": 63}, "size: 63 is neither a preset"),
        ({"deck": "tiny", "size": "10x88"}, "size: each side must be 20..300 mm"),
        ({"deck": "tiny", "size": "300x300"}, "does not fit on A4 paper"),
        ({"deck": "tiny", "bleed": 5.5}, "bleed: must be a number of mm in 0..5"),
        ({"deck": "tiny", "bleed": -1}, "bleed: must be a number"),
        ({"deck": "tiny", "bleed": "3"}, "bleed: must be a number"),
        ({"deck": "tiny", "bleed": True}, "bleed: must be a number"),
        ({"deck": "tiny", "back_offset": [1]}, "back_offset: must be [x_mm, y_mm]"),
        ({"deck": "tiny", "back_offset": [11, 0]}, "back_offset: must be [x_mm, y_mm]"),
        ({"deck": "tiny", "back_offset": "1,2"}, "back_offset: must be [x_mm, y_mm]"),
        ({"deck": "tiny", "duplex": "both"}, "duplex: 'both' is not one of long, short, fold, none"),
        ({"deck": "tiny", "paper": "a3"}, "paper: 'a3' is not one of a4, letter"),
        ({"deck": "tiny", "language": "xx"}, "language: 'xx' is not one of"),
        ({"deck": "tiny", "kind": "poster"}, "kind: 'poster' is not one of deck, calibration"),
        ({"deck": "tiny", "colour": "red"}, "colour: unknown option"),
    ],
)
def test_invalid_specs_name_the_problem(one_deck, spec, problem):
    with pytest.raises(SpecError) as raised:
        validate(spec)
    assert any(p.startswith(problem) or problem in p for p in raised.value.problems), raised.value.problems


def test_every_problem_is_reported_at_once(one_deck):
    with pytest.raises(printing.SpecError) as raised:
        validate({"deck": "nope", "paper": "a3", "bleed": 9, "size": "huge"})
    assert len(raised.value.problems) == 4
    assert isinstance(raised.value, ValueError)


def test_a_spec_must_be_a_mapping():
    with pytest.raises(SpecError, match="a print spec is an object"):
        validate(["deck"])


def test_render_refuses_an_invalid_spec(one_deck):
    with pytest.raises(SpecError):
        printing.render({"deck": "tiny", "size": "1x1"})


def test_layout_tells_the_sheet(one_deck):
    plan = printing.layout({"deck": "tiny", "size": "tarot"})
    assert (plan.per_sheet, plan.bleed) == (4, 3.0)
