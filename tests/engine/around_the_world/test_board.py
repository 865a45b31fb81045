"""The data files: every value the Czech text gives, and every unknown one marked provisional with its reason."""

import json
from collections import Counter

import pytest

from engine.around_the_world.board import DATA, FILES, load_board, parse_board
from tests.engine.around_the_world.support import BOARD, GAME

RAW = {name: json.loads((DATA / f"{name}.json").read_text(encoding="utf-8")) for name in FILES}
SOURCES = set(RAW["sources"]["sources"])


class TestTravelDeck:
    """The travel deck is exactly the Czech text's 60 cards."""

    def test_counts_by_type_and_days(self):
        counts = Counter(BOARD.travel_cards)
        assert {days: counts["train", days] for days in range(2, 7)} == {2: 5, 3: 6, 4: 7, 5: 8, 6: 4}
        assert {days: counts["ship", days] for days in range(4, 9)} == {4: 4, 5: 6, 6: 7, 7: 8, 8: 5}
        assert len(BOARD.travel_cards) == 60

    def test_sourced(self):
        assert RAW["travel_cards"]["sources"] == ["seed-cs"]


class TestRoute:
    """Ten locations from London round to London, each leg with the cards it needs."""

    def test_order(self):
        assert BOARD.locations == (
            "london",
            "paris",
            "brindisi",
            "suez",
            "bombay",
            "calcutta",
            "hong_kong",
            "yokohama",
            "san_francisco",
            "new_york",
        )
        assert [(leg.origin, leg.destination) for leg in BOARD.legs][-1] == ("new_york", "london")

    def test_known_legs(self):
        legs = {(leg.origin, leg.destination): leg for leg in BOARD.legs}
        assert legs["london", "paris"].routes == (("ship", "train"),)
        assert legs["suez", "bombay"].routes == (("ship", "ship"),)
        assert legs["bombay", "calcutta"].elephants and legs["bombay", "calcutta"].routes == ()
        assert legs["hong_kong", "yokohama"].routes == (("ship", "ship"), ("train", "ship"))
        assert legs["new_york", "london"].routes == (("ship", "ship", "train"),)

    def test_every_leg_is_sourced_or_provisional_with_a_reason(self):
        provisional = []
        for leg in RAW["route"]["legs"]:
            if leg.get("provisional"):
                assert leg["reason"]
                provisional.append(tuple(leg["leg"]))
            else:
                assert leg["sources"] and set(leg["sources"]) <= SOURCES
        assert provisional == [
            ("paris", "brindisi"),
            ("brindisi", "suez"),
            ("calcutta", "hong_kong"),
            ("yokohama", "san_francisco"),
            ("san_francisco", "new_york"),
        ]


class TestEventCards:
    """Fifteen event cards of the kinds the Czech text names; unknown counts and effects are provisional."""

    def test_fifteen_cards(self):
        assert sum(kind.copies for kind in BOARD.events.values()) == 15
        assert set(BOARD.events) == {
            "elephant",
            "balloon",
            "propeller_train",
            "submarine",
            "princess",
            "connection",
            "offer",
            "delay",
            "storm",
        }

    def test_grey_cards(self):
        grey = {name: kind.delay_days for name, kind in BOARD.events.items() if kind.grey}
        assert grey == {"delay": 1, "storm": 2}

    def test_provisional_marks(self):
        for card in RAW["event_cards"]["cards"]:
            assert set(card["sources"]) <= SOURCES
            if card.get("provisional"):
                assert card["reason"]
        assert [c["name"] for c in RAW["event_cards"]["cards"] if not c.get("copies_provisional")] == ["connection"]


class TestReceiptsAndSupply:
    def test_one_red_one_blue_per_location_but_london(self):
        assert Counter(BOARD.receipt_mix) == {"gold": 3, "event": 2, "travel": 2, "delay": 2}
        state = GAME.setup(3, {}, 1)
        assert set(state["receipts"]) == set(BOARD.locations[1:])
        for colour in ("red", "blue"):
            assert Counter(chips[colour] for chips in state["receipts"].values()) == Counter(BOARD.receipt_mix)

    def test_supply(self):
        supply = BOARD.supply
        assert (supply["gold_total"], supply["start_gold"], supply["start_hand"], supply["hand_limit"]) == (24, 1, 3, 6)
        assert supply["spaces"] == ["gold", "balloon", "event", "detective", "watch", "exchange"]
        assert supply["display"] == {"2": 3, "3": 4, "4": 5, "5": 6, "6": 6}


class TestLoading:
    def test_the_shipped_files_load(self):
        assert load_board().legs == BOARD.legs

    @pytest.mark.parametrize("breakage", ["leg_order", "kind", "count"])
    def test_a_broken_file_is_refused(self, breakage):
        raw = json.loads(json.dumps(RAW))
        if breakage == "leg_order":
            raw["route"]["legs"][0]["leg"] = ["london", "suez"]
        elif breakage == "kind":
            raw["route"]["legs"][0]["routes"] = [["plane"]]
        else:
            raw["event_cards"]["cards"][0]["copies"] += 1
        with pytest.raises(ValueError):
            parse_board(raw)

    def test_the_api_data_is_the_files(self):
        data = GAME.data()
        assert {name: value for name, value in data.items() if name not in ("language", "names")} == RAW
        assert data["language"] == "en" and data["names"]["places"]["hong_kong"] == "Hong Kong"
