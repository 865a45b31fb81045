"""Small helpers the API tests share: create a game, act as a seat."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client, seats, game_type="timeline", **extra):
    response = client.post("/v1/games", json={"type": game_type, "seats": seats, **extra})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["game"], {t["seat"]: t["token"] for t in body["tokens"]}


def view(client, game_id, token=None):
    response = client.get(f"/v1/games/{game_id}", headers=bearer(token) if token else {})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def act(client, game_id, token, action, version):
    """Post one action at a known version and return the answer, which must be 200."""
    response = client.post(
        f"/v1/games/{game_id}/actions", json=action, headers={**bearer(token), "If-Match": f'"{version}"'}
    )
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def play_to_end(client, game_id, tokens, max_moves=5000):
    """Let every human seat play its first legal action until the game ends; return the final view."""
    for _ in range(max_moves):
        game = view(client, game_id)
        if game["status"] == "finished":
            return game
        seat = game["to_act"][0]
        mine = view(client, game_id, tokens[seat])
        act(client, game_id, tokens[seat], mine["legal_actions"][0], mine["version"])
    raise AssertionError("the game did not end")


def turn(to_act, seat=None, status="running"):
    """What an events page says of whose turn it is, at a table without a clock."""
    return {"status": status, "to_act": to_act, "deadlines": [], "your_turn": None if seat is None else seat in to_act}


def quiet_page(version=0, to_act=(0,), game_type="timeline"):
    """An events page with no events, as a spectator reads it."""
    return {"type": game_type, "version": version, "events": [], "next_after": version, **turn(list(to_act))}
