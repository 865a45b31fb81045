"""CPU a move costs in process, through the WSGI app: the floor, and deskovka's code before and after a change.

Each contender runs in its own process on one scratch Redis (unix socket) and answers `POST` moves handed straight
to its WSGI callable (no server, no sockets but Redis's), by the same harness: build the environ, call the app,
read the answer, pick the next move from it. Only the process's own CPU time is counted (`time.process_time`), so
Redis's work and the other work on a shared machine's cores count for neither side (their contention for the cores
still slows every instruction, for both alike). Rounds interleave floor, before and after, taking turns to go first.
The floor is `floor_app.py`, as in `bench_moves.py`; before is another checkout (`--before DIR`), after this one.

With `--around`, only what the app does around a move is timed, before against after (no floor): `actions.move`
answers one recorded move at once, without Redis or the engine, so a change to the path's checks and headers is
measured at the microsecond, free of the store's noise.

Run: `python bench/bench_move_cpu.py --before DIR [--rounds 5] [--moves 1000] [--around] [--clock]` (`--clock`:
Timeline with a turn clock, so each move also schedules the table's next deadline for the keeper).
"""

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HAND = 10
FLOOR_MOVES_PER_GAME = 40


def call(app, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
    }
    environ.update({"HTTP_" + name.upper().replace("-", "_"): value for name, value in headers.items()})
    answer: list[str] = []
    chunks = app(environ, lambda status, _headers, exc_info=None: answer.append(status))
    data = b"".join(chunks)
    getattr(chunks, "close", lambda: None)()
    return int(answer[0][:3]), data


class Deskovka:
    def __init__(self, redis_url: str) -> None:
        from api.http.app import create_app

        self.app = create_app({"REDIS_URL": redis_url, "QUEUE_URL": redis_url, "RATE_LIMITS": {}})
        self.rng = random.Random(1)
        self.game: dict = {}
        self.tokens: dict[int, str] = {}

    def new_game(self) -> None:
        game = {"type": "timeline", "seats": [{"name": "A"}, {"name": "B"}], "options": {"hand_size": HAND}}
        if os.environ.get("BENCH_CLOCK"):  # every move then schedules the table's next deadline in the due sets
            game["clock"] = {"per_turn": 3600}
        body = json.dumps(game).encode()
        status, created = call(self.app, "POST", "/v1/games", body, {})
        assert status == 201, created
        created = json.loads(created)
        self.game, self.tokens = created["game"], {t["seat"]: t["token"] for t in created["tokens"]}

    def move(self) -> float:
        if not self.game or self.game["status"] != "running":
            self.new_game()
        start = time.process_time()
        game = self.game
        seat = game["to_act"][0]
        action = {
            "type": "place",
            "card": self.rng.choice(game["view"]["hands"][seat]["cards"])["id"],
            "gap": self.rng.randint(0, len(game["view"]["timeline"])),
        }
        status, answer = call(
            self.app,
            "POST",
            f"/v1/games/{game['id']}/actions",
            json.dumps(action).encode(),
            {"Authorization": f"Bearer {self.tokens[seat]}", "If-Match": f'"{game["version"]}"'},
        )
        assert status == 200, answer
        self.game = json.loads(answer)["game"]
        return time.process_time() - start


class Around(Deskovka):
    """The same move again and again, answered by a stand-in for `actions.move` with a recorded answer."""

    def __init__(self, redis_url: str) -> None:
        super().__init__(redis_url)
        from api.http.resources import actions

        self.new_game()
        game = self.game
        seat = game["to_act"][0]
        self.request = (
            "POST",
            f"/v1/games/{game['id']}/actions",
            json.dumps({"type": "place", "card": game["view"]["hands"][seat]["cards"][0]["id"], "gap": 0}).encode(),
            {
                "Authorization": f"Bearer {self.tokens[seat]}",
                "If-Match": f'"{game["version"]}"',
                "Origin": "https://club.example",
            },
        )
        with self.app.app_context():
            recorded = actions.move(
                game["id"],
                json.loads(self.request[2]),
                self.request[3]["Authorization"],
                self.request[3]["If-Match"],
                None,
            )
        actions.move = lambda *args: recorded

    def move(self) -> float:
        start = time.process_time()
        status, _ = call(self.app, *self.request)
        assert status == 200
        return time.process_time() - start


class Floor:
    def __init__(self, redis_url: str) -> None:
        sys.path.insert(0, str(ROOT / "bench"))
        os.environ["FLOOR_REDIS_URL"] = redis_url
        from floor_app import create_app

        self.app = create_app()
        self.rng = random.Random(1)
        self.game_id, self.moves = "", 0

    def move(self) -> float:
        if not self.game_id or self.moves >= FLOOR_MOVES_PER_GAME:
            self.game_id = json.loads(call(self.app, "POST", "/games", b"{}", {})[1])["id"]
            self.moves = 0
        start = time.process_time()
        body = json.dumps({"type": "place", "card": "some-card", "gap": self.rng.randint(0, 9)}).encode()
        status, answer = call(self.app, "POST", f"/games/{self.game_id}/moves", body, {})
        assert status == 200
        json.loads(answer)
        self.moves += 1
        return time.process_time() - start


def child(kind: str, redis_url: str) -> None:
    """Answer each line `N` on stdin with the median CPU µs of N moves."""
    player = {"floor": Floor, "deskovka": Deskovka, "around": Around}[kind](redis_url)
    for _ in range(200):
        player.move()  # warm-up
    print("ready", flush=True)
    for line in sys.stdin:
        timings = [player.move() for _ in range(int(line))]
        print(f"{statistics.median(timings) * 1e6:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--around", action="store_true", help="time only the app's work around a move")
    parser.add_argument("--clock", action="store_true", help="play games with a turn clock (before and after)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench.scratch_redis import scratch_redis

    with scratch_redis() as redis_url:
        roots = {"floor": ROOT, "before": args.before.resolve(), "after": ROOT}
        if args.around:
            del roots["floor"]
        kinds = {"floor": "floor", "before": "around" if args.around else "deskovka"}
        children = {
            name: subprocess.Popen(
                [sys.executable, __file__, "--child", kinds.get(name, kinds["before"]), redis_url],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env={
                    **os.environ,
                    "PYTHONPATH": str(root),
                    "DESKOVKA_REDIS_URL": redis_url,
                    **({"BENCH_CLOCK": "1"} if args.clock else {}),
                },
            )
            for name, root in roots.items()
        }
        try:
            for process in children.values():
                assert process.stdout.readline().strip() == "ready"
            print(
                f"before: {args.before}; {args.moves} moves a round; median CPU µs a move"
                f"{' (around the move only)' if args.around else ''}"
            )
            if args.rounds <= 20:  # more rounds: the medians only
                print("| round | floor | before | after | after/before | after/floor |\n|---|---|---|---|---|---|")
            ratios, taken = [], []
            for round_ in range(1, args.rounds + 1):
                order = ["floor", "before", "after"] if round_ % 2 else ["floor", "after", "before"]
                order = [name for name in order if name in children]
                cpu = {"floor": float("nan")}
                for name in order:
                    children[name].stdin.write(f"{args.moves}\n")
                    children[name].stdin.flush()
                    cpu[name] = float(children[name].stdout.readline())
                ratios.append((cpu["after"] / cpu["before"], cpu["after"] / cpu["floor"]))
                taken.append(cpu)
                if args.rounds <= 20:
                    print(
                        f"| {round_} | {cpu['floor']:.0f} | {cpu['before']:.0f} | {cpu['after']:.0f} | "
                        f"{ratios[-1][0]:.3f} | {ratios[-1][1]:.2f} |",
                        flush=True,
                    )
            print(
                "median µs: "
                + ", ".join(
                    f"{name} {statistics.median(c[name] for c in taken):.1f}"
                    for name in ("floor", "before", "after")
                    if name in children
                )
            )
            print(
                f"medians: after/before {statistics.median(r for r, _ in ratios):.3f}, "
                f"after/floor {statistics.median(f for _, f in ratios):.2f}"
            )
        finally:
            for process in children.values():
                process.stdin.close()
                process.wait(30)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
    else:
        main()
