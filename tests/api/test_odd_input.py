"""Hypothesis throws odd header values and deep JSON at every endpoint: a 4xx problem (never a 5xx), no change."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.helpers import create

LATIN_1 = st.characters(min_codepoint=0, max_codepoint=255, blacklist_characters="\r\n")
NUMBERS = st.one_of(
    st.integers(min_value=0, max_value=10**40).map(str),
    st.just("9" * 5000),
    st.text(alphabet="0123456789\xb2\xb3\xb9\xbc", min_size=1, max_size=8),
)
ODD = st.one_of(
    NUMBERS, st.text(LATIN_1, max_size=40), NUMBERS.map(lambda n: f'"{n}"'), NUMBERS.map(lambda n: f'W/"{n}"')
)


@st.composite
def deep_json(draw):
    levels = draw(st.integers(min_value=33, max_value=1500))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
    inner = opener * levels + "1" + closer * levels
    return draw(
        st.sampled_from(
            [
                inner,
                '{"type": "place", "card": "x", "gap": 0, "extra": ' + inner + "}",
                '{"type": "timeline", "seats": [{"name": "A"}], "options": ' + inner + "}",
                '{"name": ' + inner + "}",
            ]
        )
    )


def authorization(game_id):
    return st.one_of(
        ODD.map(lambda v: f"Bearer {v}"),
        NUMBERS.map(lambda n: f"Bearer {game_id}.{n}.x"),
        st.text(LATIN_1, max_size=30),
    )


@pytest.fixture
def table(app, client):
    app.config["MAX_STREAM"] = 0.05
    app.config["MAX_WAIT"] = 0.05
    running, tokens = create(client, [{"name": "A"}, {"name": "B"}])
    waiting, _ = create(client, [{"name": "A"}, {"open": True}])
    cards = [{"id": f"c{chr(97 + i)}", "year": 1900 + i, "title": {"en": f"Card {i}"}} for i in range(3)]
    deck = client.post("/v1/decks", json={"kind": "dated", "title": {"en": "T"}, "cards": cards}).get_json()
    values = {"game_id": running["id"], "seat": "1", "type": "timeline", "deck_id": deck["id"], "job_id": "x"}
    routes = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = rule.rule
        for name in rule.arguments:
            for pattern in (f"<{name}>", f"<string:{name}>", f"<int:{name}>"):
                path = path.replace(pattern, values.get(name, "1"))
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            routes.append((method, path))
    return {"routes": sorted(routes), "game": running["id"], "open": waiting["id"], "token": tokens[0]}


def snapshot(redis_client):
    keys = sorted(k for k in redis_client.keys("dk:*") if k != b"dk:secret")
    return {key: redis_client.dump(key) for key in keys}


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(data=st.data())
def test_odd_headers_and_deep_json_never_give_a_5xx_nor_change_anything(client, redis_client, table, data):
    method, path = data.draw(st.sampled_from(table["routes"]), label="route")
    headers = {
        "Authorization": data.draw(authorization(table["game"]), label="Authorization"),
        "If-Match": data.draw(ODD, label="If-Match"),
        "Last-Event-ID": data.draw(ODD, label="Last-Event-ID"),
        "Accept": data.draw(st.sampled_from(["application/json", "text/event-stream", "*/*"]), label="Accept"),
    }
    if data.draw(st.booleans(), label="real token"):
        headers["Authorization"] = f"Bearer {table['token']}"
    if data.draw(st.booleans(), label="idempotency key"):
        headers["Idempotency-Key"] = data.draw(st.text(LATIN_1, min_size=1, max_size=300))
    body = data.draw(deep_json(), label="body") if method == "POST" else None
    before = snapshot(redis_client)
    response = client.open(path, method=method, headers=headers, data=body, content_type="application/json")
    assert response.status_code < 500, (method, path, response.get_data(as_text=True)[:300])
    if method == "POST":
        assert 400 <= response.status_code < 500, (method, path, response.status_code)
    if response.status_code >= 400:
        assert response.mimetype == "application/problem+json"
        assert json.loads(response.get_data())["status"] == response.status_code
    response.close()
    assert snapshot(redis_client) == before
