"""SIGTERM under a steady load of moves and open streams: no acknowledged move is lost, and every stream ends with
its resume message naming the last version it sent (`Last-Event-ID`), or with its game's end. One short case in
the default suite (SIGTERM to `deskovka serve`); under the slow marker, more load, a longer drain, and SIGTERM to
the API process itself (gunicorn's master, which `serve` then starts again)."""

import json
import os
import signal
import threading
import time

import pytest
import redis

from api.storage.store import GameStore
from tests.faults.service import running
from tests.ops.test_drain import stream_lines

TWO = {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "options": {"hand_size": 10}}


class Mover:
    """One client playing its own games without pause, one fresh connection a request: every move answered 200
    (acknowledged) is kept, with the version it made; requests that got no answer are counted."""

    def __init__(self, server, stop):
        self.server, self.stop = server, stop
        self.acknowledged: list[tuple[str, int, dict]] = []  # game, version, action
        self.unanswered: dict[str, int] = {}  # by the error's name
        self.games: list[str] = []
        self.game, self.tokens = None, {}

    def new_game(self):
        created = self.server.call("POST", "/v1/games", TWO, timeout=10)
        assert created.status == 201, created.json()
        body = created.json()
        self.game, self.tokens = body["game"], {t["seat"]: t["token"] for t in body["tokens"]}
        self.games.append(self.game["id"])

    def run(self):
        while not self.stop.is_set():
            try:
                if self.game is None or self.game["status"] != "running":
                    self.new_game()
                game = self.game
                seat = game["to_act"][0]
                mine = self.server.call(
                    "GET", f"/v1/games/{game['id']}", headers={"Authorization": f"Bearer {self.tokens[seat]}"}
                )
                if mine.status != 200:
                    continue
                action = mine.json()["legal_actions"][0]
                moved = self.server.call(
                    "POST",
                    f"/v1/games/{game['id']}/actions",
                    action,
                    {"Authorization": f"Bearer {self.tokens[seat]}", "If-Match": f'"{mine.json()["version"]}"'},
                    timeout=10,
                )
            except OSError as error:  # refused once the socket closed (or reset before an answer): not acknowledged
                name = type(getattr(error, "reason", error)).__name__
                self.unanswered[name] = self.unanswered.get(name, 0) + 1
                time.sleep(0.05)
                continue
            if moved.status == 200:
                self.game = moved.json()["game"]
                self.acknowledged.append((game["id"], self.game["version"], action))
            elif moved.status >= 500:
                time.sleep(0.05)


def open_stream(server, game_id):
    lines: list[str] = []
    opened = threading.Event()
    headers = {"Accept": "text/event-stream", "Last-Event-ID": "0"}
    thread = threading.Thread(
        target=stream_lines, args=(server.port, f"/v1/games/{game_id}/events?after=0&wait=60", headers, lines, opened)
    )
    thread.start()
    assert opened.wait(10)
    return thread, lines, game_id


def check_stream(lines, game_id, store):
    """The stream sent each version once, in order, then its resume message naming the last one (or the game
    ended); return whether it ended with the resume message."""
    text = "".join(lines)
    ids = [int(line.removeprefix("id: ")) for line in text.splitlines() if line.startswith("id: ")]
    assert ids == list(range(1, len(ids) + 1)), (game_id, ids)
    if "event: resume\n" in lines:
        resume = json.loads(text.rpartition("event: resume\ndata: ")[2].partition("\n")[0])
        assert resume["code"] == "server/draining" and resume["last_event_id"] == (ids[-1] if ids else 0)
        assert text.rstrip().endswith("}"), "the resume message is the stream's last"
        return True
    record = store.load(game_id)
    assert record is not None and record.status == "finished" and ids[-1] == record.version, (game_id, text[-300:])
    return False


def steady_load_then_sigterm(tmp_path, redis_url, movers, streams, drain, loaded_for, target):
    env = {
        "DESKOVKA_REDIS_URL": redis_url,
        "DESKOVKA_QUEUE_URL": redis_url,
        "DESKOVKA_DRAIN_SECONDS": str(drain),
        "DESKOVKA_FINISH_SECONDS": "5",
    }
    with running(tmp_path / "data", tmp_path / "serve.log", **env) as server:
        stop = threading.Event()
        players = [Mover(server, stop) for _ in range(movers)]
        for player in players:
            player.new_game()
        threads = [threading.Thread(target=player.run) for player in players]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        followed = [open_stream(server, players[n % movers].games[-1]) for n in range(streams)]
        time.sleep(loaded_for)
        before = sum(len(player.acknowledged) for player in players)
        pid = server.process.pid if target == "serve" else server.api_pid()
        signalled = time.monotonic()
        os.kill(pid, signal.SIGTERM)
        for thread, _, _ in followed:
            thread.join(drain + 10)
            assert not thread.is_alive(), "a stream was left open past the drain"
        streams_ended = time.monotonic() - signalled
        if target == "serve":
            server.process.wait(drain + 5 + 20)
            assert server.process.returncode == 0, server.log.read_text()[-2000:]
        else:
            time.sleep(drain + 1)
            server.wait_ready(60)  # serve started the API again
            time.sleep(1)  # moves through the new one too
        stop.set()
        for thread in threads:
            thread.join(30)

    store = GameStore(redis.Redis.from_url(redis_url))
    acknowledged = [ack for player in players for ack in player.acknowledged]
    during = len(acknowledged) - before
    lost = []
    for game_id, version, action in acknowledged:
        log = store.log(game_id)
        if len(log) < version or log[version - 1]["v"] != version or log[version - 1]["action"] != action:
            lost.append((game_id, version))
    resumed = [check_stream(lines, game_id, store) for _, lines, game_id in followed]
    unanswered: dict[str, int] = {}
    for player in players:
        for name, count in player.unanswered.items():
            unanswered[name] = unanswered.get(name, 0) + count
    print(
        f"SIGTERM to {target}: {len(acknowledged)} moves acknowledged ({during} after the signal), {len(lost)} lost; "
        f"requests unanswered: {unanswered or 'none'}; {sum(resumed)} of {len(followed)} streams resumed, all ended "
        f"{streams_ended:.2f} s after the signal"
    )
    assert not lost, lost
    assert during > 0, "the load went on through the drain"
    assert any(resumed)
    assert streams_ended < drain + 2


def test_sigterm_under_steady_moves_and_streams_loses_no_acknowledged_move(tmp_path, redis_url):
    steady_load_then_sigterm(tmp_path, redis_url, movers=2, streams=2, drain=1, loaded_for=1.5, target="serve")


@pytest.mark.slow
@pytest.mark.parametrize("target", ["serve", "api"])
def test_sigterm_under_heavier_load_loses_no_acknowledged_move(tmp_path, redis_url, target):
    steady_load_then_sigterm(tmp_path, redis_url, movers=6, streams=8, drain=3, loaded_for=5, target=target)
