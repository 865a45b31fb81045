"""The map, tickets and components files: what the reference survey counted, and what stays provisional."""

from collections import Counter

from engine.ticket_to_ride.board import DATA, GREY, board

BOARD = board()


class TestMap:
    """101 routes over 47 cities, as `reference/ttr_europe.md` counts them."""

    def test_routes_and_cities(self):
        assert len(BOARD.routes) == 101
        assert len({r.cities for r in BOARD.routes.values()}) == 90
        assert len(BOARD.cities) == 47
        assert sum(r.length for r in BOARD.routes.values()) == 300

    def test_colours_lengths_tunnels_ferries(self):
        colours = Counter(r.colour for r in BOARD.routes.values())
        assert colours.pop(GREY) == 37 and set(colours.values()) == {8} and len(colours) == 8
        lengths = Counter(r.length for r in BOARD.routes.values())
        assert lengths == {1: 4, 2: 35, 3: 30, 4: 29, 6: 2, 8: 1}
        assert sum(r.tunnel for r in BOARD.routes.values()) == 18
        ferries = {r.id: r.ferry_locos for r in BOARD.routes.values() if r.ferry_locos}
        assert len(ferries) == 13
        assert {r for r, n in ferries.items() if n == 2} == {
            "Amsterdam-London",
            "Constantinople-Sevastopol",
            "Erzurum-Sevastopol",
            "Palermo-Smyrna",
        }
        assert all(BOARD.routes[r].colour == GREY for r in ferries)

    def test_double_routes(self):
        doubles = Counter(r.double for r in BOARD.routes.values() if r.double)
        assert len(doubles) == 11 and set(doubles.values()) == {2}
        berlin = BOARD.routes["Berlin-Frankfurt-1"]
        assert BOARD.sibling(berlin).id == "Berlin-Frankfurt-2"
        assert {berlin.colour, BOARD.sibling(berlin).colour} == {"black", "red"}
        assert BOARD.sibling(BOARD.routes["Berlin-Wien"]) is None

    def test_only_the_disputed_values_are_provisional(self):
        assert {r.id for r in BOARD.routes.values() if r.provisional} == {
            "Erzurum-Sochi",
            "Rostov-Sevastopol",
            "Danzig-Warszawa",
        }

    def test_the_files_name_their_sources(self):
        for name in ("routes.tsv", "tickets.tsv"):
            assert "thoun/tickettoride" in (DATA / name).read_text(encoding="utf-8")
        assert "Sources" in (DATA / "README.md").read_text(encoding="utf-8")


class TestTicketsAndComponents:
    def test_tickets(self):
        assert len(BOARD.tickets) == 46
        long = {(t.a, t.b): t.points for t in BOARD.tickets.values() if t.long}
        assert long == {
            ("Brest", "Petrograd"): 20,
            ("Lisboa", "Danzig"): 20,
            ("Palermo", "Moskva"): 20,
            ("Cadiz", "Stockholm"): 21,
            ("Edinburgh", "Athina"): 21,
            ("Kobenhavn", "Erzurum"): 21,
        }
        assert {t.points for t in BOARD.tickets.values() if not t.long} == set(range(5, 14))

    def test_components(self):
        assert BOARD.cards_per_colour * len(BOARD.colours) + BOARD.locomotives == 110
        assert (BOARD.trains, BOARD.stations, BOARD.station_costs) == (45, 3, (1, 2, 3))
        assert BOARD.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}
        assert (BOARD.unused_station_points, BOARD.express_points) == (4, 10)
