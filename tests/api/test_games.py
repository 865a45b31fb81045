"""Creating, joining, reading and listing games over HTTP against a real Redis."""

from tests.api.helpers import bearer, create, play_to_end, view


class TestCreate:
    def test_create_returns_the_game_a_location_and_one_token_per_person(self, client):
        response = client.post(
            "/v1/games", json={"type": "timeline", "seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}]}
        )
        assert response.status_code == 201
        body = response.get_json()
        assert response.headers["Location"] == f"/v1/games/{body['game']['id']}"
        assert response.headers["ETag"] == '"0"'
        assert [t["seat"] for t in body["tokens"]] == [0, 1]
        assert body["game"]["status"] == "running"
        assert body["game"]["to_act"] == [0]

    def test_the_answer_is_the_creators_view_the_first_named_seat(self, client):
        response = client.post(
            "/v1/games", json={"type": "timeline", "seats": [{"bot": "random"}, {"name": "Ann"}, {"name": "Bob"}]}
        )
        game, tokens = response.get_json()["game"], response.get_json()["tokens"]
        assert game["you"] == 1 and tokens[0]["seat"] == 1
        assert game == view(client, game["id"], tokens[0]["token"]), "the same view a GET with Ann's token gives"
        assert game["legal_actions"] == [] or game["to_act"] == [1]

    def test_the_creator_who_acts_first_gets_legal_actions(self, client):
        body = client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "Ann"}, {"bot": "random"}]})
        game = body.get_json()["game"]
        assert game["you"] == 0 and game["legal_actions"]
        assert all(a["type"] == "place" for a in game["legal_actions"])

    def test_with_only_bots_and_open_seats_the_answer_is_a_spectators_view(self, client):
        body = client.post("/v1/games", json={"type": "timeline", "seats": [{"bot": "random"}, {"open": True}]})
        game = body.get_json()["game"]
        assert game["you"] is None and game["legal_actions"] == []

    def test_an_unknown_game_type_is_a_problem(self, client):
        response = client.post("/v1/games", json={"type": "chess", "seats": [{"name": "A"}, {"name": "B"}]})
        assert response.status_code == 422
        assert response.content_type == "application/problem+json"
        assert response.get_json()["code"] == "game/unknown_type"

    def test_too_many_players_is_a_problem(self, client):
        response = client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}]})
        assert response.get_json()["code"] == "players/invalid"

    def test_bad_options_name_the_field(self, client):
        response = client.post(
            "/v1/games",
            json={"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "options": {"hand_size": 99}},
        )
        problem = response.get_json()
        assert response.status_code == 422
        assert problem["code"] == "options/invalid"
        assert [e["pointer"] for e in problem["errors"]] == ["/options/hand_size"]

    def test_an_unknown_bot_is_a_problem(self, client):
        response = client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}, {"bot": "genius"}]})
        assert response.get_json()["code"] == "bot/unknown"

    def test_a_seat_must_be_a_person_a_bot_or_open(self, client):
        response = client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}, {}]})
        assert response.status_code == 422
        assert response.get_json()["code"] == "request/invalid"

    def test_bad_input_stores_nothing(self, client, redis_client):
        client.post("/v1/games", json={"type": "timeline", "seats": [{"name": "A"}], "options": {"x": 1}})
        assert redis_client.dbsize() == 0

    def test_a_seed_makes_the_game_reproducible(self, client):
        first, _ = create(client, [{"name": "A"}, {"name": "B"}], seed=42)
        second, _ = create(client, [{"name": "A"}, {"name": "B"}], seed=42)
        assert first["view"] == second["view"]


class TestRead:
    def test_a_seat_sees_its_legal_actions_and_a_spectator_none(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        mine = view(client, game["id"], tokens[0])
        assert mine["you"] == 0
        assert mine["legal_actions"] and all(a["type"] == "place" for a in mine["legal_actions"])
        assert view(client, game["id"])["legal_actions"] == []
        assert view(client, game["id"], tokens[1])["legal_actions"] == []

    def test_an_unknown_game_is_404_problem(self, client):
        response = client.get("/v1/games/0123456789abcdef")
        assert response.status_code == 404
        assert response.get_json()["code"] == "game/not_found"

    def test_a_wrong_token_is_401_and_another_games_token_403(self, client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        other, other_tokens = create(client, [{"name": "A"}, {"name": "B"}])
        assert client.get(f"/v1/games/{game['id']}", headers=bearer("nonsense")).status_code == 401
        forged = tokens[0][:-4] + "AAAA"
        assert client.get(f"/v1/games/{game['id']}", headers=bearer(forged)).status_code == 401
        assert client.get(f"/v1/games/{game['id']}", headers=bearer(other_tokens[0])).status_code == 403
        assert client.get(f"/v1/games/{game['id']}", headers={"Authorization": "Basic x"}).status_code == 401

    def test_tokens_are_stored_only_as_hashes(self, client, redis_client):
        game, tokens = create(client, [{"name": "A"}, {"name": "B"}])
        dump = b"".join(redis_client.dump(key) or b"" for key in redis_client.keys("*"))
        assert tokens[0].encode() not in dump
        assert tokens[0].rsplit(".", 1)[1].encode() not in dump


class TestOpenSeats:
    def test_a_game_with_open_seats_waits_lists_and_starts_when_full(self, client):
        game, tokens = create(client, [{"name": "A"}, {"open": True}, {"bot": "random"}])
        assert game["status"] == "open" and game["to_act"] == []
        lobby = client.get("/v1/games?status=open&type=timeline").get_json()
        assert [g["id"] for g in lobby["games"]] == [game["id"]]
        assert lobby["games"][0]["open_seats"] == [1]
        refused = client.post(
            f"/v1/games/{game['id']}/actions", json={"type": "place", "card": "x", "gap": 0}, headers=bearer(tokens[0])
        )
        assert refused.status_code == 409 and refused.get_json()["code"] == "game/not_started"

        joined = client.post(f"/v1/games/{game['id']}/seats/1", json={"name": "Bob"})
        assert joined.status_code == 201
        body = joined.get_json()
        assert body["game"]["status"] == "running" and body["game"]["you"] == 1
        assert view(client, game["id"], body["token"])["you"] == 1
        assert client.get("/v1/games?status=open").get_json()["games"] == []

    def test_a_taken_seat_cannot_be_joined(self, client):
        game, _ = create(client, [{"name": "A"}, {"open": True}])
        assert client.post(f"/v1/games/{game['id']}/seats/0", json={"name": "X"}).status_code == 409
        assert client.post(f"/v1/games/{game['id']}/seats/5", json={"name": "X"}).status_code == 404

    def test_the_lobby_pages(self, client):
        ids = [create(client, [{"name": "A"}, {"open": True}])[0]["id"] for _ in range(3)]
        first = client.get("/v1/games?limit=2").get_json()
        second = client.get(f"/v1/games?limit=2&cursor={first['next_cursor']}").get_json()
        assert [g["id"] for g in first["games"] + second["games"]] == ids
        assert second["next_cursor"] is None


class TestGameTypes:
    def test_game_types_list_timeline_with_options_and_bots(self, client):
        types = {t["type"]: t for t in client.get("/v1/game-types").get_json()["game_types"]}
        timeline = types["timeline"]
        assert (timeline["min_players"], timeline["max_players"]) == (2, 8)
        assert {"random", "hit-rate"} <= {alias for b in timeline["bots"] for alias in b["aliases"]}
        assert [b["name"] for b in timeline["bots"]] == ["easy", "medium", "strong"]
        assert "hand_size" in timeline["options"]["properties"]

    def test_a_game_type_shows_its_data(self, client):
        detail = client.get("/v1/game-types/timeline").get_json()
        assert any(deck["id"] == "timeline-classic" for deck in detail["data"]["decks"])
        assert client.get("/v1/game-types/chess").status_code == 404


class TestOperations:
    def test_health_readiness_and_metrics(self, client):
        assert client.get("/healthz").get_json() == {"status": "ok"}
        assert client.get("/readyz").get_json() == {"status": "ready"}
        create(client, [{"name": "A"}, {"bot": "random"}])
        text = client.get("/metrics").get_data(as_text=True)
        assert "deskovka_games_created_total 1\n" in text
        assert 'deskovka_print_queue_length{queue="print-small"} 0\n' in text

    def test_readiness_fails_as_a_problem_when_redis_is_gone(self, app):
        import redis

        app.extensions["deskovka"].connection = redis.Redis.from_url("redis://127.0.0.1:1", socket_connect_timeout=0.2)
        response = app.test_client().get("/readyz")
        assert response.status_code == 503 and response.get_json()["code"] == "store/unavailable"


class TestOrdinalDecks:
    def test_a_story_deck_plays_to_the_end_with_scene_labels(self, client):
        game, tokens = create(
            client,
            [{"name": "A"}, {"bot": "hit-rate"}, {"bot": "random"}],
            options={"deck": "verne-around-the-world", "language": "de"},
        )
        assert game["view"]["timeline"][0]["label"].startswith("Kap. ")
        assert play_to_end(client, game["id"], tokens)["outcome"]["winners"]


class TestBrowserClients:
    def test_a_preflight_from_another_origin_is_allowed(self, client):
        response = client.options(
            "/v1/games/0123456789abcdef/actions",
            headers={
                "Origin": "https://table.example",
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "Authorization, If-Match",
            },
        )
        assert response.status_code == 200
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert "If-Match" in response.headers["Access-Control-Allow-Headers"]

    def test_answers_expose_etag_and_location_to_scripts(self, client):
        response = client.post(
            "/v1/games",
            json={"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}]},
            headers={"Origin": "https://table.example"},
        )
        assert response.headers["Access-Control-Expose-Headers"] == "ETag, Location"

    def test_only_listed_origins_when_configured(self, redis_url):
        from api.http.app import create_app

        client = create_app({"REDIS_URL": redis_url, "CORS_ORIGINS": "https://a.example"}).test_client()
        allowed = client.get("/healthz", headers={"Origin": "https://a.example"})
        other = client.get("/healthz", headers={"Origin": "https://b.example"})
        assert allowed.headers["Access-Control-Allow-Origin"] == "https://a.example"
        assert "Access-Control-Allow-Origin" not in other.headers

    def test_a_refused_origin_answer_varies_by_origin_on_every_path(self, make_app):
        client = make_app(CORS_ORIGINS="https://a.example").test_client()
        game, tokens = create(client, [{"name": "A"}, {"bot": "random"}])
        action = view(client, game["id"], tokens[0])["legal_actions"][0]
        answers = {
            "healthz": client.get("/healthz", headers={"Origin": "https://b.example"}),
            "game": client.get(f"/v1/games/{game['id']}", headers={"Origin": "https://b.example"}),
            "move": client.post(
                f"/v1/games/{game['id']}/actions",
                json=action,
                headers={**bearer(tokens[0]), "Origin": "https://b.example"},
            ),
            "no origin": client.get("/v1/game-types"),
        }
        for name, answer in answers.items():
            assert answer.status_code == 200, name
            assert "Access-Control-Allow-Origin" not in answer.headers, name
            assert "Origin" in answer.headers.get("Vary", ""), name
