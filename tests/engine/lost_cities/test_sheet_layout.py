"""The sheet layout file: its shape, what is confirmed and what provisional, and that scoring reads it."""

import json

import pytest

from engine.lost_cities import LostCities
from engine.lost_cities.layout import SHEET_FILE, default_layout, load_layout, parse_layout
from engine.lost_cities.scoring import score
from engine.lost_cities.sheet import new_sheet
from tests.engine.lost_cities.support import act, pinned_layout, pinned_raw, start

RAW = json.loads(SHEET_FILE.read_text(encoding="utf-8"))


class TestShippedSheet:
    """The shipped file has the confirmed facts and marks everything else provisional."""

    def test_columns_are_the_documents_colours_then_artefacts_and_dice(self):
        assert [c["id"] for c in RAW["columns"]] == [
            "red",
            "orange",
            "yellow",
            "green",
            "blue",
            "purple",
            "artefacts",
            "dice",
        ]
        assert [c["name"]["cs"] for c in RAW["columns"][:6]] == [
            "červená",
            "oranžová",
            "žlutá",
            "zelená",
            "modrá",
            "fialová",
        ]
        assert len({c["symbol"]["shape"] for c in RAW["columns"]}) == 8

    def test_confirmed_values(self):
        layout = default_layout()
        assert layout.spaces == 9 and layout.bridge_space == 7 and layout.bridge_bonus == 20
        assert layout.double_factor == 2
        assert layout.artefact_points[8] == layout.dice_points[8] == 70
        assert layout.artefact_points[9] == 100 and layout.dice_points[9] == 0
        assert min(layout.colour_points) < 0 and layout.colour_points[1] < 0

    def test_every_value_is_provisional_or_names_its_sources(self):
        sources = set(RAW["sources"])
        cited = [RAW["spaces"], RAW["bridge"], RAW["double"], *RAW["columns"]]
        cited += [level for scale in RAW["points"].values() for level in scale]
        cited += [c[key] for c in RAW["columns"] for key in ("symbol", "arrows", "urns") if key in c]
        for entry in cited:
            assert entry.get("provisional") is True or entry.get("sources"), entry
            assert set(entry.get("sources", [])) <= sources, entry

    def test_what_no_source_confirmed_is_provisional(self):
        for column in RAW["columns"][:6]:
            assert column["arrows"]["provisional"] and column["urns"]["provisional"]
            assert column["symbol"]["provisional"]
        assert all(level.get("provisional") for level in RAW["points"]["colour"])
        for kind in ("artefacts", "dice"):
            assert all(level.get("provisional") for level in RAW["points"][kind][1:8])

    def test_the_game_serves_the_file_as_its_data(self):
        data = LostCities().data()
        assert data["sheet"] == RAW and set(data) == {"sheet", "language", "names"}


class TestScoring:
    """Colour columns by filled spaces (doubled with the circle), artefacts and dice by marks, plus bridges."""

    def sheet(self):
        layout = pinned_layout()
        sheet = new_sheet(layout)
        sheet["columns"].update(red=[1] * 9, orange=[2, 3, 4, 5, 6], yellow=[7], green=[3, 4])
        sheet["circles"].update(red=True, yellow=True, blue=True)
        sheet.update(artefacts=8, dice=4)
        sheet["bridges"].update(red="won", dice="lost")
        return layout, sheet

    def test_breakdown(self):
        layout, sheet = self.sheet()
        scored = score(sheet, layout)
        parts = scored["breakdown"]
        assert parts["red"] == {"marks": 9, "doubled": True, "points": 120}  # 60 doubled
        assert parts["orange"] == {"marks": 5, "doubled": False, "points": 5}
        assert parts["yellow"] == {"marks": 1, "doubled": True, "points": -40}  # doubled negative
        assert parts["green"] == {"marks": 2, "doubled": False, "points": -15}
        assert parts["blue"] == {"marks": 0, "doubled": True, "points": 0}  # a circle alone scores nothing
        assert parts["artefacts"] == {"marks": 8, "points": 70}
        assert parts["dice"] == {"marks": 4, "exhausted": False, "points": 10}
        assert parts["bridges"] == {"won": ["red"], "points": 20}
        assert scored["total"] == 120 + 5 - 40 - 15 + 0 + 70 + 10 + 20

    def test_exhausted_dice_score_nothing_and_nine_artefacts_a_hundred(self):
        layout, sheet = self.sheet()
        sheet.update(artefacts=9, dice=9)
        parts = score(sheet, layout)["breakdown"]
        assert parts["artefacts"]["points"] == 100
        assert parts["dice"] == {"marks": 9, "exhausted": True, "points": 0}


class TestChangingTheFileChangesScoring:
    """A corrected value in a copy of the sheet file changes scores, with no code touched."""

    def test_a_modified_copy_scores_differently(self, tmp_path):
        raw = json.loads(SHEET_FILE.read_text(encoding="utf-8"))
        raw["points"]["colour"][5]["points"] = 33
        raw["bridge"]["bonus"] = 25
        copy = tmp_path / "sheet.json"
        copy.write_text(json.dumps(raw), encoding="utf-8")
        shipped, changed = default_layout(), load_layout(copy)
        sheet = new_sheet(shipped)
        sheet["columns"]["blue"] = [1, 2, 3, 4, 5]
        sheet["bridges"]["blue"] = "won"
        assert score(sheet, changed)["breakdown"]["blue"]["points"] == 33
        assert score(sheet, changed)["total"] - score(sheet, shipped)["total"] == (
            33 - shipped.colour_points[5] + 25 - shipped.bridge_bonus
        )

    def test_a_modified_layout_changes_a_games_outcome(self):
        printed = pinned_layout()
        corrected = pinned_layout(colour=[0, -20, -15, -10, -5, 5, 15, 99, 40, 60])
        totals = []
        for layout in (printed, corrected):
            game = LostCities(layout)
            state = start(1, colours=["red", "red", "red"], numbers=[1, 1, 1])
            state["bridges"].update({c: [0] for c in layout.columns if c != "red"})
            state["sheets"][0]["columns"]["red"] = [1] * 6
            state, _ = act(state, 0, {"type": "take", "colour": "red", "number": 1}, game)  # last bridge: game over
            totals.append(game.outcome(state)["standings"][0]["score"])
        assert totals == [25 + 20, 99 + 20]

    def test_moving_an_arrow_changes_what_a_take_allows(self):
        raw = pinned_raw()
        raw["columns"][0]["arrows"]["spaces"] = [1]
        game = LostCities(parse_layout(raw))
        state = start(1, colours=["red", "red", "red"], numbers=[1, 1, 1])
        state, _ = act(state, 0, {"type": "take", "colour": "red", "number": 1, "as": "number"}, game)
        assert game.legal_actions(state, 0) == [{"type": "accelerate", "column": "red"}, {"type": "stop"}]


class TestBadFiles:
    """A sheet file that breaks the shape is refused when it is read."""

    @pytest.mark.parametrize(
        "breaks",
        [
            lambda raw: raw["points"]["colour"].pop(),
            lambda raw: raw["columns"].pop(),
            lambda raw: raw["columns"][0]["arrows"].update(spaces=[10]),
            lambda raw: raw["bridge"].update(space=0),
            lambda raw: raw["points"]["dice"][3].update(points=1.5),
            lambda raw: raw["points"]["dice"][3].update(note="nowhere"),
            lambda raw: raw.pop("double"),
        ],
    )
    def test_broken_files_raise(self, breaks):
        raw = pinned_raw()
        breaks(raw)
        with pytest.raises(ValueError, match="sheet"):
            parse_layout(raw)
