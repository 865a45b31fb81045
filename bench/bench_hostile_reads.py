"""Hostile clients of issue 34 against one default `deskovka serve`, each figure beside the same probes with no load.

Four attacks, each on a fresh server, in rounds that alternate idle and load (idle, load, idle, load, ...), so the
floor is measured interleaved with the load in the same run:

- `polls`: 12 addresses each try to hold `--polls` long-polls (950 in the issue's attack) and open them again as
  they end; an unrelated client reads its own game (`GET /v1/games/G`) and `/healthz`. Target: p99 within 100 ms of
  idle.
- `decks`: 8 clients upload at once, again and again, a deck of `--pictures` distinct 4096x4096 RGBA PNGs of zeros
  (65 KB each, 64 MiB each decoded), which the deck's pixel budget refuses; each upload's answer is timed, and the
  API workers' RSS read before and after. Target: answered (422) in under 0.5 s, no worker growing past its bound.
- `previews`: one client asks 16 previews at once, again and again, of its 4 deck jobs at random widths; another
  client asks 480 px previews of its own jobs, a new job each time (a rendering) and a kept one. Target: the other
  client's latency within 2x idle.
- `finished`: one client without a token cycles through `--finished-games` (11) long finished games (eight bots,
  10 cards each: about 500-1,300 versions) with `--spectators` (4) connections; another asks `GET /v1/game-types`
  and its own finished game. Target: within 2x idle.

Run from the repository root, under `nice` on a shared machine:
    nice -n 15 python bench/bench_hostile_reads.py [--only polls,decks,previews,finished] [--rounds 3] [--seconds 10]
The print jobs' budget is off on the previews' server (both clients post jobs; the previews' budget is the default),
and the finished games are built first on a server with a fast keeper and no bot-only quota.
"""

import argparse
import base64
import heapq
import http.client
import io
import multiprocessing
import random
import selectors
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import orjson
import psutil
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_followers import free_port  # noqa: E402
from bench.bench_hostile import HOST, call, connect, load_process, pct, start_serve  # noqa: E402

PROBE_GAME = {"type": "timeline", "options": {"hand_size": 10}, "seats": [{"name": "probe"}, {"bot": "random"}]}
# A long game that ends (a finished game is kept compact, as its log, and rebuilt when read): eight bots that place
# a card right one time in twenty, ten cards each. Games of bots that never end stop `abandoned`, not compact.
LONG_FINISHED = {
    "type": "timeline",
    "options": {"hand_size": 10},
    "seats": [{"bot": "hit-rate", "bot_options": {"hit_rate": 0.05}}] * 8,
}
A_JOBS = [
    {"kind": "deck", "deck": "timeline-classic", "language": language, "paper": "a4", "size": size}
    for language in ("en", "cs")
    for size in ("poker", "tarot")
]


def timed(conn: http.client.HTTPConnection, path: str, headers=None) -> tuple[float, int, bytes]:
    """A GET's time, status and body; status 0 when the server closed the connection unanswered (it is opened again
    by the next request)."""
    started = time.perf_counter()
    try:
        status, body, _ = call(conn, "GET", path, headers=headers)
    except (http.client.HTTPException, OSError):
        conn.close()
        status, body = 0, b""
    return time.perf_counter() - started, status, body


def summary(name: str, idle: list[float], load: list[float], target: str) -> str:
    if not idle or not load:
        return f"{name:28} idle n={len(idle)}, load n={len(load)}: no answer within a round ({target})"
    p50 = pct(load, 0.5) / pct(idle, 0.5)
    p99 = pct(load, 0.99) / pct(idle, 0.99)
    return (
        f"{name:28} idle n={len(idle):4} p50 {pct(idle, 0.5):6.1f} p99 {pct(idle, 0.99):6.1f} ms | "
        f"load n={len(load):4} p50 {pct(load, 0.5):6.1f} p99 {pct(load, 0.99):6.1f} ms | "
        f"p50 {p50:.2f}x p99 {p99:.2f}x, "
        f"p99 +{pct(load, 0.99) - pct(idle, 0.99):.1f} ms ({target})"
    )


def rounds(rounds_: int, seconds: float, probe, load) -> dict[str, dict[str, list[float]]]:
    """Alternate an idle half-round and a loaded round; `probe(until, seen)` times, `load(until)` returns processes."""
    idle: dict[str, list[float]] = {}
    loaded: dict[str, list[float]] = {}
    for _ in range(rounds_):
        probe(time.monotonic() + seconds / 2, idle)
        until = time.monotonic() + seconds
        processes = load(until)
        # The load under way before the probe counts (probing meanwhile: gunicorn closes a connection idle 2 s).
        probe(time.monotonic() + min(2.0, seconds / 4), {})
        probe(until, loaded)
        for process in processes:
            process.join(120)
            if process.is_alive():
                process.kill()
        time.sleep(1)
    return {"idle": idle, "load": loaded}


def one_process(out, target, *args):
    """A load of one process running `target(*args, until, out)`."""

    def load(until):
        process = multiprocessing.Process(target=target, args=(*args, until, out))
        process.start()
        return [process]

    return load


def tally(out, count: int) -> dict[int, int]:
    """Add up `count` answers by status that load processes put in `out`."""
    counts: dict[int, int] = {}
    for _ in range(count):
        for status, n in out.get().items():
            counts[status] = counts.get(status, 0) + n
    return dict(sorted(counts.items()))


def within_2x(seen, name: str) -> str:
    return summary(name, seen["idle"][name], seen["load"][name], "within 2x idle")


def server(settings: dict[str, str] | None = None):
    data_dir = tempfile.mkdtemp(prefix="dk-hostile-reads-")
    port = free_port()
    return start_serve(port, data_dir, **(settings or {})), port, data_dir


def stop(process) -> None:
    process.terminate()
    process.wait(60)


def listen_overflows() -> int:
    """The kernel's count of connections dropped from full listen queues (0 where it cannot be read)."""
    try:
        names, values = (line.split() for line in Path("/proc/net/netstat").read_text().splitlines()[:2])
    except (OSError, ValueError):
        return 0
    return int(dict(zip(names, values, strict=True)).get("ListenOverflows", 0))


# --- long-polls ------------------------------------------------------------------------------------------------------


def poll_holder(port: int, source: str, game_id: str, version: int, count: int, until: float, out) -> None:
    """Hold up to `count` long-polls from `source`: a poll answered is opened again at once, one refused (503, or
    closed unanswered) after a wait that doubles each time, from 1 s to 8 s (a client that keeps trying)."""
    load_process()
    request = (
        f"GET /v1/games/{game_id}/events?after={version}&wait=30 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    ).encode()
    selector = selectors.DefaultSelector()
    opened = answered = refused = closed = failed = 0
    later: list[tuple[float, float]] = []  # (when, the wait that led to it) of slots to open again

    def open_one(backoff: float) -> None:
        nonlocal opened, failed
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.bind((source, 0))
            sock.connect_ex((HOST, port))
        except OSError:
            failed += 1
            sock.close()
            heapq.heappush(later, (time.monotonic() + 1, 1.0))
            return
        selector.register(sock, selectors.EVENT_WRITE, [False, backoff])
        opened += 1

    for _ in range(count):
        open_one(0.0)
    while time.monotonic() < until:
        while later and later[0][0] <= time.monotonic():
            open_one(heapq.heappop(later)[1])
        for key, _ in selector.select(timeout=0.1):
            sock, data = key.fileobj, key.data
            if not data[0]:
                try:
                    sock.send(request)
                    data[0] = True
                    selector.modify(sock, selectors.EVENT_READ, data)
                    continue
                except OSError:
                    received = b""
            else:
                try:
                    received = sock.recv(65536)
                except OSError:
                    received = b""
            selector.unregister(sock)
            sock.close()
            if received.startswith(b"HTTP/1.1 200"):
                answered += 1
                open_one(0.0)
                continue
            if received:
                refused += 1
            else:
                closed += 1
            wait = min(8.0, max(1.0, data[1] * 2))
            heapq.heappush(later, (time.monotonic() + wait, wait))
    held = len(selector.get_map())
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    out.put((source, opened, held, answered, refused, closed, failed))


def polls(args) -> list[str]:
    proc, port, _ = server({"MAX_CONNECTIONS_PER_CLIENT": args.share} if args.share else None)
    try:
        conn = connect(port)
        created = orjson.loads(call(conn, "POST", "/v1/games", PROBE_GAME)[1])
        game, token = created["game"], created["tokens"][0]["token"]
        target = orjson.loads(call(conn, "POST", "/v1/games", PROBE_GAME)[1])["game"]  # the one the polls wait on
        health, reader = connect(port), connect(port)
        out = multiprocessing.Queue()

        def probe_new(until, seen):
            """A client that connects anew every 0.2 s: it waits behind the others' connects (in a thread of its own,
            so that a slow connect does not hold up the kept connections' probes)."""
            while time.monotonic() < until:
                fresh = connect(port)
                took, status, _ = timed(fresh, f"/v1/games/{game['id']}", {"Authorization": f"Bearer {token}"})
                fresh.close()
                seen.setdefault("own game GET, new connection", []).append(took)
                seen.setdefault("own game GET, new connection non-200", []).append(float(status != 200))
                time.sleep(0.2)

        def probe(until, seen):
            overflows = listen_overflows()
            newcomer = threading.Thread(target=probe_new, args=(until, seen))
            newcomer.start()
            while time.monotonic() < until:
                for name, conn_, path, headers in (
                    ("healthz", health, "/healthz", None),
                    ("own game GET", reader, f"/v1/games/{game['id']}", {"Authorization": f"Bearer {token}"}),
                ):
                    took, status, _ = timed(conn_, path, headers)
                    seen.setdefault(name, []).append(took)
                    seen.setdefault(f"{name} non-200", []).append(float(status != 200))
                time.sleep(0.05)
            newcomer.join()
            seen.setdefault("listen overflows", []).append(listen_overflows() - overflows)

        def load(until):
            processes = [
                multiprocessing.Process(
                    target=poll_holder,
                    args=(port, f"127.0.6.{i + 1}", target["id"], target["version"], args.polls, until, out),
                )
                for i in range(12)
            ]
            for process in processes:
                process.start()
            return processes

        seen = rounds(args.rounds, args.seconds, probe, load)
        held = [out.get() for _ in range(12 * args.rounds)]
        lines = [
            summary(name, seen["idle"].get(name, []), seen["load"].get(name, []), "p99 within 100 ms of idle")
            for name in ("healthz", "own game GET", "own game GET, new connection")
        ]
        dropped = {phase: sum(seen[phase].get("listen overflows", [])) for phase in ("idle", "load")}
        lines.append(
            "listen queue overflows (the kernel's count, every server on the machine): "
            f"idle {dropped['idle']:.0f}, load {dropped['load']:.0f}"
        )
        for name in ("healthz", "own game GET", "own game GET, new connection"):
            lines.append(
                f"{name}: non-200 answers idle {int(sum(seen['idle'].get(name + ' non-200', [])))}, "
                f"load {int(sum(seen['load'].get(name + ' non-200', [])))}"
            )
        lines.append(
            f"polls: {len(held)} holders tried {args.polls} each; open at the end per address "
            f"median {statistics.median(h[2] for h in held):.0f}, max {max(h[2] for h in held)}; "
            f"opened {sum(h[1] for h in held)} in all; 503 answers {sum(h[4] for h in held)}, closed unanswered "
            f"{sum(h[5] for h in held)}, answered 200 {sum(h[3] for h in held)}, failed opens {sum(h[6] for h in held)}"
        )
        return lines
    finally:
        stop(proc)


# --- decks -----------------------------------------------------------------------------------------------------------


def zeros_deck(pictures: int) -> bytes:
    """Cards each with its own 4096x4096 RGBA PNG of zeros (one pixel differs, so no two are the same picture)."""
    cards = []
    for i in range(pictures):
        picture = Image.new("RGBA", (4096, 4096), (0, 0, 0, 0))
        picture.putpixel((i, 0), (1, 0, 0, 1))
        out = io.BytesIO()
        picture.save(out, "PNG")
        uri = "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()
        cards.append({"id": f"zero-{i}", "year": 1000 + i, "title": {"en": f"Zero {i}"}, "image": uri})
    return orjson.dumps({"kind": "dated", "title": {"en": "Zeros"}, "cards": cards})


def uploader(port: int, source: str, body: bytes, until: float, out) -> None:
    load_process()
    conn = connect(port, source)
    answers = []
    while time.monotonic() < until:
        started = time.perf_counter()
        conn.request("POST", "/v1/decks", body=body, headers={"Content-Type": "application/json"})
        answer = conn.getresponse()
        answer.read()
        answers.append((answer.status, time.perf_counter() - started))
        if answer.status == 429:
            time.sleep(max(0.0, min(float(answer.headers.get("Retry-After", "1")), until - time.monotonic())))
    out.put((source, answers))


def decks(args) -> list[str]:
    body = zeros_deck(args.pictures)
    proc, port, _ = server()
    try:
        every = {
            child.pid: " ".join(child.cmdline())[:80] for child in psutil.Process(proc.pid).children(recursive=True)
        }
        before = {pid: psutil.Process(pid).memory_info().rss for pid in every}
        peak = dict(before)
        health, types = connect(port), connect(port)
        out = multiprocessing.Queue()
        sampling = [True]

        def sample():
            while sampling[0]:
                for pid in every:
                    try:
                        peak[pid] = max(peak[pid], psutil.Process(pid).memory_info().rss)
                    except psutil.Error:
                        pass
                time.sleep(0.1)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()

        uploads = iter(range(1, 250))

        def probe(until, seen):
            next_upload = time.monotonic()
            while time.monotonic() < until:
                for name, conn_, path in (("healthz", health, "/healthz"), ("game-types", types, "/v1/game-types")):
                    seen.setdefault(name, []).append(timed(conn_, path)[0])
                if time.monotonic() >= next_upload:
                    # Another client's own refused upload, from an address of its own each time (the decks' budget).
                    conn_ = connect(port, f"127.0.12.{next(uploads)}")
                    started = time.perf_counter()
                    conn_.request("POST", "/v1/decks", body=body, headers={"Content-Type": "application/json"})
                    answer = conn_.getresponse()
                    answer.read()
                    seen.setdefault("a refused deck upload", []).append(time.perf_counter() - started)
                    # 422, or 503 when the process's slots of large bodies stayed taken (api.http.limits.large_bodies)
                    assert answer.status in (422, 503), answer.status
                    probed = seen.setdefault("statuses", {})
                    probed[answer.status] = probed.get(answer.status, 0) + 1
                    conn_.close()
                    next_upload = time.monotonic() + 1
                time.sleep(0.05)

        def load(until):
            processes = [
                multiprocessing.Process(target=uploader, args=(port, f"127.0.7.{i + 1}", body, until, out))
                for i in range(8)
            ]
            for process in processes:
                process.start()
            return processes

        seen = rounds(args.rounds, args.seconds, probe, load)
        sampling[0] = False
        sampler.join()
        answers = [answer for _ in range(8 * args.rounds) for answer in out.get()[1]]
        statuses: dict[int, int] = {}
        for status, _ in answers:
            statuses[status] = statuses.get(status, 0) + 1
        refused = [took for status, took in answers if status == 422]
        busy = [took for status, took in answers if status == 503]
        lines = [summary(name, seen["idle"][name], seen["load"][name], "") for name in ("healthz", "game-types")]
        lines.append(
            summary("a refused deck upload", *(seen[p]["a refused deck upload"] for p in seen), "under 500 ms")
        )
        lines.append(
            f"deck of {args.pictures} distinct 4096x4096 RGBA pictures ({len(body):,} bytes), 8 clients "
            f"uploading it without pause: answers {statuses}; 422 answered in p50 {pct(refused, 0.5):.0f} ms, "
            f"p99 {pct(refused, 0.99):.0f} ms, max {max(refused) * 1000:.0f} ms (target under 500 ms)"
            + (f"; 503 in p50 {pct(busy, 0.5):.0f} ms, p99 {pct(busy, 0.99):.0f} ms" if busy else "")
        )
        lines.append(
            "the other client's uploads answered: "
            f"idle {seen['idle'].get('statuses', {})}, under load {seen['load'].get('statuses', {})}"
        )
        for pid, command in every.items():
            lines.append(
                f"  pid {pid} RSS before {before[pid] / 2**20:6.1f} MiB, peak {peak[pid] / 2**20:6.1f} MiB "
                f"(+{(peak[pid] - before[pid]) / 2**20:.1f}): {command}"
            )
        return lines
    finally:
        stop(proc)


# --- previews --------------------------------------------------------------------------------------------------------


def post_job(conn, spec) -> str:
    status, body, answer = call(conn, "POST", "/v1/print-jobs", spec)
    while status == 429:  # the set-up's jobs come faster than a client's budget of requests: it waits as told
        time.sleep(float(answer.headers.get("Retry-After", "1")))
        status, body, answer = call(conn, "POST", "/v1/print-jobs", spec)
    assert status == 202, body
    return orjson.loads(body)["id"]


def wait_finished(conn, job_ids: list[str]) -> None:
    deadline = time.monotonic() + 600
    for job_id in job_ids:
        while orjson.loads(call(conn, "GET", f"/v1/print-jobs/{job_id}")[1])["status"] != "finished":
            if time.monotonic() > deadline:
                raise SystemExit(f"print job {job_id} did not finish in 10 minutes")
            time.sleep(0.3)


def preview_flood(port: int, source: str, jobs: list[str], until: float, out) -> None:
    """16 connections of one client, each asking previews of the client's jobs at random widths without pause."""
    load_process()
    counts: dict[int, int] = {}
    lock = threading.Lock()

    def one(seed: int) -> None:
        rng, conn = random.Random(seed), connect(port, source)
        while time.monotonic() < until:
            status, _, _ = call(
                conn, "GET", f"/v1/print-jobs/{rng.choice(jobs)}/preview?width={rng.randint(100, 1200)}"
            )
            with lock:
                counts[status] = counts.get(status, 0) + 1

    threads = [threading.Thread(target=one, args=(seed,)) for seed in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(counts)


def previews(args) -> list[str]:
    proc, port, _ = server({"LIMIT_PRINT_JOBS": "off"})
    try:
        conn = connect(port)
        a_jobs = [post_job(connect(port, "127.0.8.1"), spec) for spec in A_JOBS]
        # The other client's jobs: one new job for each rendering probe (a score sheet with its own names).
        fresh_count = args.rounds * int(args.seconds) * 2
        b_jobs = [
            post_job(conn, {"kind": "score-sheets", "language": "en", "names": [f"Player {i}", "Other"]})
            for i in range(fresh_count + 1)
        ]
        wait_finished(conn, a_jobs + b_jobs)
        kept_job, fresh = b_jobs[0], iter(b_jobs[1:])
        # The other client is a few addresses, so that its own renderings stay within the default budget.
        renderers = [connect(port, f"127.0.9.{i + 1}") for i in range(4)]
        kept_reader = connect(port, "127.0.9.9")
        timed(kept_reader, f"/v1/print-jobs/{kept_job}/preview?width=480")
        out = multiprocessing.Queue()
        turn = [0]

        def probe(until, seen):
            next_render = time.monotonic()
            while time.monotonic() < until:
                took, status, _ = timed(kept_reader, f"/v1/print-jobs/{kept_job}/preview?width=480")
                seen.setdefault("480 px preview, kept", []).append(took)
                assert status == 200, status
                if time.monotonic() >= next_render:
                    job = next(fresh, None)
                    if job is not None:
                        turn[0] += 1
                        took, status, _ = timed(renderers[turn[0] % 4], f"/v1/print-jobs/{job}/preview?width=480")
                        assert status == 200, status
                        seen.setdefault("480 px preview, rendered", []).append(took)
                    next_render = time.monotonic() + 0.5
                time.sleep(0.15)  # 5 a second: within a client's budget of previews asked for

        seen = rounds(args.rounds, args.seconds, probe, one_process(out, preview_flood, port, "127.0.8.1", a_jobs))
        counts = tally(out, args.rounds)
        lines = [within_2x(seen, name) for name in ("480 px preview, kept", "480 px preview, rendered")]
        lines.append(f"the flooding client's answers: {counts}")
        return lines
    finally:
        stop(proc)


# --- finished games --------------------------------------------------------------------------------------------------


def build_finished(count: int) -> tuple[str, list[str]]:
    """Build `count` long games of bots and wait until they are finished; return the data directory and their ids."""
    proc, port, data_dir = server(
        {
            "BOT_PACE": "1000",
            "LIMIT_BOT_GAMES": "off",
            "LIMIT_GAMES": "off",
            "LIMIT_REBUILDS": "off",
            "LIMIT_REQUESTS": "off",
            "LIMIT_ADDRESS_REQUESTS": "off",
        }
    )
    try:
        conn = connect(port)
        ids = []
        for _ in range(count):
            status, body, _ = call(conn, "POST", "/v1/games", LONG_FINISHED)
            assert status == 201, body
            ids.append(orjson.loads(body)["game"]["id"])
        deadline = time.monotonic() + 1200
        while time.monotonic() < deadline:
            statuses = [orjson.loads(call(conn, "GET", f"/v1/games/{game_id}")[1])["status"] for game_id in ids]
            if all(status != "running" for status in statuses):
                return data_dir, [
                    game_id for game_id, status in zip(ids, statuses, strict=True) if status == "finished"
                ]
            time.sleep(3)
        raise SystemExit("the long games did not end within 20 minutes")
    finally:
        stop(proc)


def spectator(port: int, source: str, ids: list[str], connections: int, until: float, out) -> None:
    """Connections of one client without a token, each reading the finished games one after another."""
    load_process()
    counts: dict[int, int] = {}
    lock = threading.Lock()

    def one(start: int) -> None:
        conn, i = connect(port, source), start
        while time.monotonic() < until:
            status, _, _ = call(conn, "GET", f"/v1/games/{ids[i % len(ids)]}")
            i += 1
            with lock:
                counts[status] = counts.get(status, 0) + 1

    threads = [threading.Thread(target=one, args=(start * 3,)) for start in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(counts)


def finished(args) -> list[str]:
    data_dir, ids = build_finished(args.finished_games + 1)
    own, ids = ids[0], ids[1:]
    port = free_port()
    proc = start_serve(port, data_dir)
    try:
        versions = [orjson.loads(call(connect(port), "GET", f"/v1/games/{i}")[1])["version"] for i in [own, *ids]]
        types, reader = connect(port), connect(port, "127.0.10.9")
        out = multiprocessing.Queue()

        def probe(until, seen):
            while time.monotonic() < until:
                for name, conn_, path in (
                    ("GET /v1/game-types", types, "/v1/game-types"),
                    ("own finished game GET", reader, f"/v1/games/{own}"),
                ):
                    took, status, _ = timed(conn_, path)
                    assert status == 200, status
                    seen.setdefault(name, []).append(took)
                time.sleep(0.05)

        load = one_process(out, spectator, port, "127.0.10.1", ids, args.spectators)
        seen = rounds(args.rounds, args.seconds, probe, load)
        counts = tally(out, args.rounds)
        lines = [within_2x(seen, name) for name in ("GET /v1/game-types", "own finished game GET")]
        lines.append(
            f"{len(ids)} finished games of {min(versions)}-{max(versions)} versions (the other's own one of "
            f"{versions[0]}); the spectator's answers ({args.spectators} connections): {counts}"
        )
        return lines
    finally:
        stop(proc)


ATTACKS = {"polls": polls, "decks": decks, "previews": previews, "finished": finished}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=",".join(ATTACKS))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--polls", type=int, default=950, help="long-polls each of the 12 addresses tries to hold")
    parser.add_argument("--share", default="", help="polls: a client's share of a worker's connections (the default's)")
    parser.add_argument("--finished-games", type=int, default=11, help="finished games the spectator cycles through")
    parser.add_argument("--spectators", type=int, default=4, help="the spectator's connections")
    parser.add_argument("--pictures", type=int, default=47, help="distinct 4096x4096 pictures in the refused deck")
    args = parser.parse_args()
    for name in args.only.split(","):
        print(f"== {name}", flush=True)
        for line in ATTACKS[name](args):
            print(line, flush=True)


if __name__ == "__main__":
    main()
