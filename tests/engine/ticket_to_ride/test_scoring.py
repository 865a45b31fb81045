"""Final scoring: the route table, tickets, unused stations, the European Express and the tie-breaks."""

from engine.ticket_to_ride.scoring import final_result, longest_path
from tests.engine.ticket_to_ride.support import BOARD, playing, route, ticket


def result_of(claims, kept, stations=None, players=2):
    state = playing(players)
    state["claims"] = claims
    state["kept"] = kept
    state["stations"] = stations or {}
    outcome = final_result(BOARD, state)
    return outcome, {s["seat"]: s for s in outcome["standings"]}


class TestRoutes:
    def test_the_route_table(self):
        claims = {
            "Amsterdam-Bruxelles": 0,
            "Kyiv-Wilno": 0,
            "Munchen-Wien": 0,
            "Berlin-Danzig": 0,
            "Budapest-Kyiv": 0,
            "Petrograd-Stockholm": 0,
        }
        _, seats = result_of(claims, [[], []])
        assert seats[0]["breakdown"]["routes"] == {"points": 1 + 2 + 4 + 7 + 15 + 21, "count": 6, "trains": 24}


class TestTickets:
    def test_completed_add_and_failed_subtract(self):
        claims = {"Budapest-Sarajevo": 0, "Sarajevo-Sofia": 0}
        kept = [[ticket("Budapest", "Sofia"), ticket("Athina", "Angora"), ticket("Zurich", "Budapest")], []]
        _, seats = result_of(claims, kept)
        tickets = seats[0]["breakdown"]["tickets"]
        assert tickets["points"] == 5 - 5 - 6
        assert [t["cities"] for t in tickets["completed"]] == [["Budapest", "Sofia"]]
        assert [t["points"] for t in tickets["failed"]] == [5, 6]
        assert seats[0]["tickets_completed"] == 1


class TestLongestPath:
    """A continuous path of one player's routes: cities may repeat, each route counts once."""

    def test_a_loop_with_a_tail(self):
        # Triangle Paris-Bruxelles(2)-Frankfurt(2)-Paris(3), tails Brest-Paris(3) and Frankfurt-Munchen(2).
        routes = [
            route(r)
            for r in (
                "Bruxelles-Paris-1",
                "Bruxelles-Frankfurt",
                "Frankfurt-Paris-1",
                "Brest-Paris",
                "Frankfurt-Munchen",
            )
        ]
        # Brest-Paris-Bruxelles-Frankfurt-Paris = 10 passes Paris twice; no route twice, so not all 12.
        assert longest_path(routes) == 10

    def test_a_branching_tree_takes_its_longest_branch_pair(self):
        routes = [route(r) for r in ("Berlin-Wien", "Munchen-Wien", "Budapest-Wien-1", "Warszawa-Wien")]
        assert longest_path(routes) == 4 + 3

    def test_no_routes(self):
        assert longest_path([]) == 0

    def test_every_player_with_the_longest_gets_ten(self):
        claims = {"Munchen-Wien": 0, "Berlin-Frankfurt-1": 1, "Roma-Venezia": 1, "Sarajevo-Zagrab": 1}
        _, seats = result_of(claims, [[], []])
        assert seats[0]["breakdown"]["european_express"] == {"points": 10, "longest_path": 3}
        assert seats[1]["breakdown"]["european_express"] == {"points": 10, "longest_path": 3}

    def test_nobody_gets_it_for_nothing(self):
        _, seats = result_of({}, [[], []])
        assert seats[0]["breakdown"]["european_express"]["points"] == 0


class TestStationsAndTotals:
    def test_four_per_unused_station_and_the_sum(self):
        _, seats = result_of({"Munchen-Wien": 0}, [[], []], stations={"Roma": 0})
        breakdown = seats[0]["breakdown"]
        assert breakdown["stations"]["points"] == 8 and seats[1]["breakdown"]["stations"]["points"] == 12
        assert seats[0]["score"] == 4 + 0 + 8 + 10 == sum(part["points"] for part in breakdown.values())


class TestTieBreaks:
    """Equal points: most tickets completed, then fewest stations built, then the European Express."""

    # Seat 0: Budapest-Sarajevo(3) + Sarajevo-Sofia(2) = 6 points, path 5, ticket Budapest-Sofia +5, Athina-Angora -5.
    # Seat 1: Kyiv-Smolensk(3) + Moskva-Smolensk(2) = 6 points, path 5, no tickets. Both: Express 10, stations 12.
    CLAIMS = {"Budapest-Sarajevo": 0, "Sarajevo-Sofia": 0, "Kyiv-Smolensk": 1, "Moskva-Smolensk": 1}

    def test_more_tickets_completed_wins(self):
        outcome, seats = result_of(dict(self.CLAIMS), [[ticket("Budapest", "Sofia"), ticket("Athina", "Angora")], []])
        assert seats[0]["score"] == seats[1]["score"] == 28
        assert outcome["winners"] == [0] and (seats[0]["place"], seats[1]["place"]) == (1, 2)

    def test_fewer_stations_wins(self):
        # Seat 0 also owns Kyiv-Warszawa (7): 13 routes + 5 ticket + 12 stations + 10 Express = 40, one ticket.
        # Seat 1 builds a station in Warszawa, borrows Kyiv-Warszawa for Warszawa-Smolensk (+6), owns three
        # loose routes (7 + 1 + 2): 16 routes + 6 ticket + 8 stations + 10 Express = 40, one ticket.
        claims = {**self.CLAIMS, "Kyiv-Warszawa": 0, "Berlin-Danzig": 1, "Amsterdam-Bruxelles": 1, "Rostov-Sochi": 1}
        kept = [[ticket("Budapest", "Sofia")], [ticket("Warszawa", "Smolensk")]]
        outcome, seats = result_of(claims, kept, stations={"Warszawa": 1})
        assert seats[0]["score"] == seats[1]["score"] == 40
        assert seats[0]["tickets_completed"] == seats[1]["tickets_completed"] == 1
        assert (seats[0]["stations_built"], seats[1]["stations_built"]) == (0, 1)
        assert outcome["winners"] == [0] and seats[1]["place"] == 2

    def test_then_the_express_wins(self):
        # Seat 0: Petrograd-Stockholm 21 + 12 stations + 10 Express = 43. Seat 1: two 6-routes and a 1-route
        # 15 + 15 + 1 + 12 stations = 43, longest path 6.
        claims = {"Petrograd-Stockholm": 0, "Budapest-Kyiv": 1, "Palermo-Smyrna": 1, "Amsterdam-Bruxelles": 1}
        outcome, seats = result_of(claims, [[], []])
        assert seats[0]["score"] == seats[1]["score"] == 43
        assert outcome["winners"] == [0]

    def test_a_full_tie_is_a_shared_win(self):
        outcome, seats = result_of(dict(self.CLAIMS), [[], []])
        # Nothing separates them: equal points, tickets, stations and both hold the Express.
        assert outcome["winners"] == [0, 1] and seats[0]["place"] == seats[1]["place"] == 1
