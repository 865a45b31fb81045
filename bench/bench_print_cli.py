"""Time `deskovka print deck` as a whole process against a bare ReportLab script (bench/floor_print.py), a print job
through `deskovka serve` against the CLI (the deck with a back offset), what the worker's progress reports cost, and
the renderer's time and peak memory as a deck grows.

Run from the repository root: python bench/bench_print_cli.py [--rounds 5] [--skip cli,api,progress,growth]
"""

import argparse
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pypdf

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
# Both sides run from cached bytecode, as an installed package does (pip compiles it): a PYTHONDONTWRITEBYTECODE in
# the caller's environment would have the CLI compile its own modules in every run, and not ReportLab's.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
ENV.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(Path(tempfile.gettempdir()) / "deskovka-bench-pycache"))
DECK = ["timeline-classic", "--paper", "a4", "--size", "poker", "--duplex", "long"]
SPEC = {"kind": "deck", "deck": "timeline-classic", "paper": "a4", "size": "poker", "duplex": "long"}


LANGUAGES = ("en", "cs", "sk", "hu", "ru", "de")


def back_offset(round_number: int) -> list[float]:
    """Return a back offset of its own for each round, since identical specs share one job."""
    return [round(0.25 * (round_number + 1), 2), -0.5]


def language(round_number: int) -> str:
    """Return each round's language: a fresh rendering even where specs differing only in the offset shared one."""
    return LANGUAGES[round_number % len(LANGUAGES)]


def run(argv: list[str]) -> tuple[float, float]:
    """Run a process to its end; return its wall time and its CPU time (user + system), in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=ENV, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def pages(path: Path) -> int:
    return len(pypdf.PdfReader(path).pages)


def cli_against_floor(rounds: int, out: Path) -> None:
    floor_pdf, cli_pdf = out / "floor.pdf", out / "cli.pdf"
    contenders = {
        "floor": [PYTHON, str(ROOT / "bench" / "floor_print.py"), str(floor_pdf)],
        "cli": [PYTHON, "-m", "api.cli", "print", "deck", *DECK, "-o", str(cli_pdf)],
    }
    for argv in contenders.values():
        run(argv)  # warm the page cache: fonts, modules, bytecode
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in contenders}
    for n in range(rounds):  # interleaved, the order swapped every round
        for name in sorted(contenders, reverse=n % 2 == 1):
            times[name].append(run(contenders[name]))
    count = {"floor": pages(floor_pdf), "cli": pages(cli_pdf)}
    size = {"floor": floor_pdf.stat().st_size, "cli": cli_pdf.stat().st_size}
    print(f"whole processes, {rounds} rounds interleaved; floor {count['floor']} pages, cli {count['cli']} pages")
    per_page = {}
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs) / count[name]
        cpu = statistics.median(c for _, c in runs) / count[name]
        per_page[name] = (wall, cpu)
        print(
            f"  {name:5} per page: wall {wall * 1000:6.2f} ms  cpu {cpu * 1000:6.2f} ms  "
            f"bytes {size[name] / count[name]:8.0f}"
        )
    print(
        f"  cli / floor per page: wall {per_page['cli'][0] / per_page['floor'][0]:.2f}x  "
        f"cpu {per_page['cli'][1] / per_page['floor'][1]:.2f}x  "
        f"bytes {size['cli'] / count['cli'] / (size['floor'] / count['floor']):.2f}x"
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _call(url: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"content-type": "application/json"} if data else {})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def _wait_ready(base: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            _call(f"{base}/readyz")
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("deskovka serve did not become ready")


def api_job(base: str, spec: dict) -> float:
    """Post a print job and wait for its PDF; return the seconds from the POST to the PDF downloaded."""
    start = time.perf_counter()
    job = _call(f"{base}/v1/print-jobs", spec)
    while job["status"] not in ("finished", "failed"):
        time.sleep(0.02)
        job = _call(f"{base}/v1/print-jobs/{job['id']}")
    assert job["status"] == "finished", job
    with urllib.request.urlopen(f"{base}{job['pdf']}", timeout=30) as answer:
        answer.read()
    return time.perf_counter() - start


def api_against_cli(rounds: int, out: Path) -> None:
    port = _free_port()
    env = {**ENV, "DESKOVKA_DATA_DIR": str(out / "data"), "DESKOVKA_LIMIT_PRINT_JOBS": "off"}
    env.pop("DESKOVKA_REDIS_URL", None)
    serve = subprocess.Popen(
        [PYTHON, "-m", "api.cli", "serve", "--port", str(port), "--workers", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base)
        run([PYTHON, "-m", "api.cli", "print", "deck", *DECK, "-o", str(out / "warm.pdf")])
        api_job(base, {**SPEC, "paper": "letter"})  # the worker's first job loads the fonts and the deck
        api, cli = [], []
        for n in range(rounds):
            (x, y), lang = back_offset(n), language(n)
            cli_run = [
                PYTHON,
                "-m",
                "api.cli",
                "print",
                "deck",
                *DECK,
                f"--back-offset={x},{y}",
                "--lang",
                lang,
                "-o",
                str(out / "c.pdf"),
            ]
            spec = {**SPEC, "back_offset": [x, y], "lang": lang}
            if n % 2:
                cli.append(run(cli_run)[0])
                api.append(api_job(base, spec))
            else:
                api.append(api_job(base, spec))
                cli.append(run(cli_run)[0])
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.wait(timeout=60)
    print(
        f"API job (POST to PDF downloaded) against the CLI's whole process, {len(api)} decks with a back offset "
        "interleaved:"
    )
    print(
        f"  api median {statistics.median(api) * 1000:.0f} ms, cli median {statistics.median(cli) * 1000:.0f} ms, "
        f"ratio {statistics.median(api) / statistics.median(cli):.2f}x"
    )


def progress_cost(rounds: int) -> None:
    """Render the deck in process bare and with the worker's progress reports written to a job's meta in Redis."""
    import redis
    from rq.job import Job
    from rq.serializers import JSONSerializer

    import printing
    from bench.scratch_redis import scratch_redis
    from worker.jobs import progress_writer

    with scratch_redis() as url:
        connection = redis.Redis.from_url(url)
        job = Job.create("worker.jobs.render_pdf", args=[SPEC], connection=connection, serializer=JSONSerializer)
        job.save()
        save_meta, writes = job.save_meta, [0]

        def counted() -> None:
            writes[0] += 1
            save_meta()

        job.save_meta = counted  # type: ignore[method-assign]
        contenders = {
            "bare": lambda spec: printing.render(spec),
            "progress": lambda spec: printing.render(spec, progress_writer(job)),
        }
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in contenders}
        for name in contenders:
            contenders[name]({**SPEC, "back_offset": back_offset(0)})  # fonts, deck, modules
        writes[0] = 0
        for n in range(rounds):
            for name in sorted(contenders, reverse=n % 2 == 1):
                spec = {**SPEC, "back_offset": back_offset(n), "lang": language(n)}
                start, start_cpu = time.perf_counter(), time.process_time()
                contenders[name](spec)
                times[name].append((time.perf_counter() - start, time.process_time() - start_cpu))
        per_job = writes[0] / rounds
        start = time.perf_counter()
        for done in range(200):
            job.meta["progress"] = {"done": done, "total": 200}
            save_meta()
        one_write = (time.perf_counter() - start) / 200
        connection.close()
    print(f"progress reports, in process, {rounds} rounds interleaved (104 pages, a back offset):")
    for kind, index in (("wall", 0), ("cpu", 1)):
        bare = statistics.median(t[index] for t in times["bare"])
        reported = statistics.median(t[index] for t in times["progress"])
        print(
            f"  {kind}: bare render median {bare * 1000:.0f} ms, with progress written {reported * 1000:.0f} ms, "
            f"ratio {reported / bare:.3f}x"
        )
    print(
        f"  progress writes per job: {per_job:.1f}, one write {one_write * 1000:.2f} ms: "
        f"{per_job * one_write * 1000:.1f} ms a job"
    )


GROWTH = """
import dataclasses, resource, sys, time
sys.path.insert(0, {bench!r})
from bench_print import bench_deck
import printing
count = int(sys.argv[1])
deck = bench_deck(250)  # its years stay within the deck format's range; larger decks repeat it
deck = dataclasses.replace(deck, cards=(deck.cards * (count // len(deck.cards) + 1))[:count])
start = time.perf_counter()
pdf = printing.render_deck(deck, {{"paper": "a4", "size": "poker", "duplex": "long"}})
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, len(pdf))
"""


def growth(out: Path) -> None:
    print("renderer alone (one process per deck): cards, seconds, ms per card, peak RSS, bytes")
    base = None
    for count in (250, 500, 1000, 2000):
        script = GROWTH.format(bench=str(ROOT / "bench"))
        answer = subprocess.run([PYTHON, "-c", script, str(count)], env=ENV, check=True, capture_output=True, text=True)
        seconds, rss_kib, size = answer.stdout.split()
        per_card = float(seconds) / count * 1000
        base = base or per_card
        print(
            f"  {count:5} {float(seconds):6.2f} s  {per_card:5.2f} ms/card ({per_card / base:.2f}x the 250's)  "
            f"{int(rss_kib) / 1024:6.1f} MiB  {int(size) / 1024:7.0f} KiB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--skip", default="", help="comma-separated parts to leave out: cli, api, progress, growth")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch)
        if "cli" not in skip:
            cli_against_floor(args.rounds, out)
        if "api" not in skip:
            api_against_cli(args.rounds, out)
        if "progress" not in skip:
            progress_cost(args.rounds)
        if "growth" not in skip:
            growth(out)


if __name__ == "__main__":
    main()
