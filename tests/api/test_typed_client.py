"""A client generated from openapi.yaml plays every game to the end through its typed models, over real HTTP.

openapi-python-client must generate it without a warning; every action is a model object (never a dict); and
openapi-core then checks every request and answer of those games against the contract. Timeline runs in the
default suite, the other four games behind the slow marker.
"""

import importlib
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Response as WerkzeugResponse

CONTRACT = Path(__file__).parents[2] / "openapi.yaml"
MAX_MOVES = 3000
# Actions that move a game on; taken first when legal, so that random play ends sooner.
PROGRESS = ("claim", "travel", "keep_tickets", "place", "take", "accelerate", "build_station", "start")
SLOW = pytest.mark.slow
GAMES = [
    pytest.param("timeline", 4, id="timeline"),
    pytest.param("chronology", 2, id="chronology", marks=SLOW),
    pytest.param("lost-cities", 1, id="lost-cities", marks=SLOW),
    pytest.param("around-the-world", 2, id="around-the-world", marks=SLOW),
    pytest.param("ticket-to-ride-europe", 2, id="ticket-to-ride-europe", marks=SLOW),
]


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The client package, generated from the committed contract."""
    out = tmp_path_factory.mktemp("typed") / "deskovka_client"
    tools = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ.get('PATH', '')}"}
    result = subprocess.run(
        [
            str(tools / "openapi-python-client"),
            "generate",
            "--path",
            str(CONTRACT),
            "--meta",
            "none",
            "--output-path",
            str(out),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    said = result.stdout + result.stderr
    assert result.returncode == 0, said
    assert "warning" not in said.lower() and "error" not in said.lower(), said
    sys.path.insert(0, str(out.parent))
    try:
        yield importlib.import_module("deskovka_client")
    finally:
        sys.path.remove(str(out.parent))
        for name in [name for name in sys.modules if name.startswith("deskovka_client")]:
            del sys.modules[name]


def module(api, name: str):
    return importlib.import_module(f"{api.__name__}.{name}")


def fresh(model: Any) -> Any:
    """Build a new model object of the same class from the typed attributes of a legal action."""
    values = {f.name: getattr(model, f.name) for f in attrs.fields(type(model)) if f.name != "additional_properties"}
    return type(model)(**values)


def choose(api, game: Any, rng: random.Random) -> Any:
    """A model object for one of the game's legal actions."""
    models = module(api, "models")
    if game.type_.value == "timeline":
        # Spelled out once: a Timeline placement built field by field, from what the typed view says.
        card = rng.choice(game.view.hands[game.you].cards)
        return models.TimelinePlaceAction(
            type_=models.TimelinePlaceActionType.PLACE, card=card.id, gap=rng.randrange(len(game.view.timeline) + 1)
        )
    legal = game.legal_actions
    ahead = [action for action in legal if action.type_.value in PROGRESS]
    return fresh(rng.choice(ahead if ahead and rng.random() < 0.8 else legal))


def create_body(api, game_type: str, players: int) -> tuple[str, Any]:
    models = module(api, "models")
    bots = {
        "timeline": "hit-rate",
        "chronology": "sensible",
        "lost-cities": "good",
        "around-the-world": "greedy",
        "ticket-to-ride-europe": "greedy",
    }
    prefix = {
        "timeline": "Timeline",
        "chronology": "Chronology",
        "lost-cities": "LostCities",
        "around-the-world": "AroundTheWorld",
        "ticket-to-ride-europe": "TicketToRide",
    }[game_type]
    seat, bot = getattr(models, f"{prefix}SeatSpec"), getattr(models, f"{prefix}SeatSpecBot")
    seats = [seat(name="Ann")]
    for _ in range(players - 1):
        options = models.HitRateBotOptions(hit_rate=0.5) if bots[game_type] in ("hit-rate", "sensible") else None
        seats.append(seat(bot=bot(bots[game_type]), **({"bot_options": options} if options else {})))
    kind = getattr(models, f"Create{prefix}GameType")(game_type)
    return prefix, getattr(models, f"Create{prefix}Game")(type_=kind, seats=seats, seed=7)


def play(api, base: str, game_type: str, players: int) -> dict[str, Any]:
    """Play one game to the end as seat 0 against bots; return what the client parsed and every exchange."""
    exchanges: list[Any] = []

    def record(response):
        response.read()
        exchanges.append(response)

    hooks = {"event_hooks": {"response": [record]}}
    anonymous = api.Client(base_url=base, httpx_args=hooks)
    prefix, body = create_body(api, game_type, players)
    created = module(api, "api.games.create_game").sync(client=anonymous, body=body)
    assert type(created).__name__ == "CreatedGame", created
    game_id = created.game.id
    seat = api.AuthenticatedClient(base_url=base, token=created.tokens[0].token, httpx_args=hooks)
    get_game, post_action = module(api, "api.games.get_game"), module(api, "api.actions.post_action")
    rng = random.Random(game_type)
    moves = 0
    game = get_game.sync(game_id, client=seat)
    while game.status.value != "finished":
        assert type(game).__name__ == f"{prefix}Game" and game.you == 0 and 0 in game.to_act, game
        assert moves < MAX_MOVES, f"{game_type} did not end within {MAX_MOVES} moves"
        result = post_action.sync(
            game_id,
            client=seat,
            body=choose(api, game, rng),
            if_match=f'"{game.version}"',
            idempotency_key=f"move-{moves}",
        )
        assert type(result).__name__ == f"{prefix}ActionResult", result
        assert all(type(event).__name__.startswith(prefix) for event in result.events)
        moves += 1
        # Mostly the answer's own view; now and then a fresh read, as a client following the game would.
        game = get_game.sync(game_id, client=seat) if moves % 5 == 0 else result.game
    # Events come a page at a time: read on from `next_after` until the page reaches the game's version.
    list_events = module(api, "api.events.list_events")
    events = list_events.sync(game_id, client=seat, after=0)
    while events.next_after < events.version:
        page = list_events.sync(game_id, client=seat, after=events.next_after)
        events.events += page.events
        events.next_after = page.next_after
    replay = module(api, "api.replay.get_replay").sync(game_id, client=anonymous)
    return {
        "prefix": prefix,
        "game": game,
        "events": events,
        "replay": replay,
        "moves": moves,
        "exchanges": exchanges,
        "base": base,
    }


@pytest.fixture(scope="module")
def played(generated, live_base):
    games: dict[str, dict[str, Any]] = {}

    def get(game_type: str, players: int) -> dict[str, Any]:
        if game_type not in games:
            games[game_type] = play(generated, live_base, game_type, players)
        return games[game_type]

    return get


@pytest.mark.parametrize(("game_type", "players"), GAMES)
def test_the_generated_client_plays_the_game_to_the_end(played, game_type, players):
    result = played(game_type, players)
    prefix, game = result["prefix"], result["game"]
    assert type(game).__name__ == f"{prefix}Game" and game.status.value == "finished"
    assert type(game.view).__name__ == f"{prefix}View"
    assert type(game.outcome).__name__ == f"{prefix}Outcome" and game.outcome.winners
    assert game.legal_actions == [] and result["moves"] > 0
    assert type(result["events"]).__name__ == f"{prefix}Events"
    assert {type(event).__name__ for event in result["events"].events} > {f"{prefix}GameOverEvent"}
    assert all(type(event).__name__.startswith(prefix) for event in result["events"].events)
    replay = result["replay"]
    assert type(replay).__name__ == f"{prefix}Replay" and len(replay.log) >= result["moves"]
    assert all(type(entry.action).__name__.startswith(prefix) for entry in replay.log)


@pytest.mark.parametrize(("game_type", "players"), GAMES)
def test_every_exchange_of_the_game_keeps_the_contract(played, game_type, players):
    contract = OpenAPI.from_dict(yaml.safe_load(CONTRACT.read_text(encoding="utf-8")))
    exchanges = played(game_type, players)["exchanges"]
    assert len(exchanges) >= 5, "create, read, act, events and replay at least"
    for response in exchanges:
        sent = response.request
        request = EnvironBuilder(
            method=sent.method,
            base_url=str(sent.url.copy_with(path="/", query=None)),
            path=sent.url.path,
            query_string=sent.url.query.decode(),
            headers=list(sent.headers.items()),
            data=sent.content,
        ).get_request()
        answer = WerkzeugResponse(response.content, status=response.status_code, headers=list(response.headers.items()))
        contract.validate_request(WerkzeugOpenAPIRequest(request))
        contract.validate_response(WerkzeugOpenAPIRequest(request), WerkzeugOpenAPIResponse(answer))
