"""The floor for `bench_moves.py`: a bare Flask app doing a move's storage work and nothing else.

A move here is what a deskovka move costs at the least: read the game's state from Redis (one HMGET), change it,
compare-and-set it through a Lua script that also appends a log entry and an event to a stream and refreshes the
keys' lifetime (one EVALSHA), and reply with JSON (orjson). No validation, rules, tokens, views or schemas.
The state and the reply are padded to the sizes deskovka's own record and answer have in the same run
(FLOOR_STATE_BYTES, FLOOR_REPLY_BYTES), so both sides move the same bytes.

Run under gunicorn: `FLOOR_REDIS_URL=redis://... gunicorn -w 2 -k sync --chdir bench 'floor_app:create_app()'`.
"""

import os
import secrets

import orjson
import redis
from flask import Flask, Response, request

CAS = """
if redis.call('HGET', KEYS[1], 'rev') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'rev', ARGV[2], 'doc', ARGV[3])
redis.call('RPUSH', KEYS[2], ARGV[4])
redis.call('XADD', KEYS[3], '*', 'e', ARGV[5])
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], 604800) end
return 1
"""


def create_app() -> Flask:
    app = Flask("floor")
    connection = redis.Redis.from_url(os.environ["FLOOR_REDIS_URL"])
    cas = connection.register_script(CAS)
    state_bytes = int(os.environ.get("FLOOR_STATE_BYTES", "2500"))
    reply_bytes = int(os.environ.get("FLOOR_REPLY_BYTES", "1500"))

    def keys(game_id: str) -> list[str]:
        return [f"floor:{{{game_id}}}:{part}" for part in ("state", "log", "events")]

    @app.post("/games")
    def create() -> Response:
        game_id = secrets.token_hex(8)
        state = {"version": 0, "turn": 0, "moves": [], "padding": ""}
        state["padding"] = "x" * max(0, state_bytes - len(orjson.dumps(state)))
        connection.hset(keys(game_id)[0], mapping={"rev": 0, "doc": orjson.dumps(state)})
        return Response(orjson.dumps({"id": game_id, "version": 0}), status=201, mimetype="application/json")

    @app.post("/games/<game_id>/moves")
    def move(game_id: str) -> Response:
        action = orjson.loads(request.get_data())
        state_key, log_key, events_key = keys(game_id)
        for _ in range(8):
            rev, doc = connection.hmget(state_key, "rev", "doc")
            state = orjson.loads(doc)
            state["version"] += 1
            state["turn"] = 1 - state["turn"]
            state["moves"] = [*state["moves"][-9:], action]
            entry = orjson.dumps({"v": state["version"], "action": action})
            if cas(keys=[state_key, log_key, events_key], args=[rev, int(rev) + 1, orjson.dumps(state), entry, entry]):
                reply = {"version": state["version"], "to_act": [state["turn"]], "padding": ""}
                reply["padding"] = "x" * max(0, reply_bytes - len(orjson.dumps(reply)))
                return Response(orjson.dumps(reply), mimetype="application/json")
        return Response(b'{"error": "busy"}', status=409, mimetype="application/json")

    return app
