"""Replay: the seed and the whole action log of a finished game, for anyone to re-run."""

from marshmallow import Schema, fields, validate

from api.http import current
from api.http.contract.blueprint import Blueprint
from api.problems import Problem
from api.tables import loading
from engine.core.rng import MAX_SEED

blp = Blueprint("replay", __name__, url_prefix="/v1/games", description="Replay finished games.")


class LogEntrySchema(Schema):
    v = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    action = fields.Dict(required=True)


class ReplaySchema(Schema):
    type = fields.String(required=True)
    players = fields.Integer(required=True)
    options = fields.Dict(required=True)
    seed = fields.Integer(
        required=True,
        validate=validate.Range(0, MAX_SEED),
        metadata={"description": "The seed the game played; re-run with it."},
    )
    chosen_seed = fields.Integer(
        allow_none=True,
        validate=validate.Range(0, MAX_SEED),
        metadata={
            "description": "With open seats: the seed the creator chose, before the server's nonce was mixed in."
        },
    )
    nonce = fields.String(
        allow_none=True,
        metadata={
            "description": "With open seats: the server's secret nonce, published once the game is over; "
            'seed = the first 53 bits of sha256(f"{chosen_seed}:{nonce}").'
        },
    )
    log = fields.List(fields.Nested(LogEntrySchema), required=True)
    outcome = fields.Dict(required=True)


@blp.route("/<string:game_id>/replay", methods=["GET"])
@blp.response(200, ReplaySchema)
@blp.problems(404, 410, 409, 429, 507)
def get_replay(game_id):
    """Return seed, options and action log once the game is over; `engine.core.replay` re-runs it."""
    store = current.store()
    record = loading.load(current.services(), game_id)
    if record.status != "finished":
        raise Problem("game/not_over", "The replay is published once the game is over.")
    return {
        "type": record.type,
        "players": record.players,
        "options": record.options,
        "seed": record.seed,
        "chosen_seed": record.chosen_seed,
        "nonce": record.nonce,
        "log": store.log(game_id),
        "outcome": record.rules().outcome(record.state),
    }
