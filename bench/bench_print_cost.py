"""Measure what print jobs cost, to set and check the rates of `printing.cost`.

Renders decks that each stress one part of the estimate (cards, text, PNG pictures, JPEG pictures) and score
sheets, and prints the time each took beside its estimate. The estimate must stay above the time taken
(ratio under 1). `--worst` renders the costliest specs that pass the budget. `--fit` compares text fitting with
the old quadratic fitting (bench/quadratic_fit.py) and with a floor that measures the text once.

`--wait` times a calibration sheet posted behind two of the costliest decks the budget lets through, with the
worker processes `deskovka serve` starts (one per role), and with the large jobs' worker alone (as before the
split, when one worker took every job in turn).

Run from the repository root: python bench/bench_print_cost.py [--worst] [--fit] [--wait]
"""

import argparse
import base64
import functools
import io
import platform
import statistics
import struct
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

import printing  # noqa: E402
from engine.decks.parse import MAX_TEXT, MAX_TITLE, parse_deck  # noqa: E402
from printing import images, text  # noqa: E402
from printing.cost import BUDGET, deck_cost, estimate  # noqa: E402
from printing.spec import validate  # noqa: E402
from tests.jpegs import many_scans  # noqa: E402

WORDS = "the first recorded games are held at olympia while a great wall rises in the north".split()


def words(length: int, salt: int = 0) -> str:
    out = " ".join(f"{WORDS[(i + salt) % len(WORDS)]}{i % 97}" for i in range(length // 6 + 1))
    return out[:length]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@functools.cache
def _flat_png(side: int, mode: str) -> bytes:
    """A side x side PNG of one colour: the most pixels a small upload can carry. RGBA16 is written by hand."""
    if mode == "RGBA16":
        body = zlib.compress((b"\x00" + bytes([90, 7]) * (side * 4)) * side, 9)
        header = struct.pack(">IIBBBBB", side, side, 16, 6, 0, 0, 0)
        return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")
    out = io.BytesIO()
    Image.new(mode, (side, side), (30, 90, 40, 200)[: len(mode)] if mode != "1" else 1).save(out, "PNG")
    return out.getvalue()


def flat_png(side: int, number: int, mode: str = "RGBA") -> str:
    """The same pixels made a distinct picture by a text chunk naming `number`, so each is decoded on its own."""
    data = _flat_png(side, mode)
    data = data[:33] + _chunk(b"tEXt", f"Comment\x00{number}".encode()) + data[33:]
    return "data:image/png;base64," + base64.b64encode(data).decode()


@functools.cache
def _flat_jpeg(side: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (side, side), (30, 90, 40)).save(out, "JPEG", quality=95, progressive=True)
    return out.getvalue()


def flat_jpeg(side: int, number: int) -> str:
    data = _flat_jpeg(side)
    data = data[:2] + b"\xff\xfe" + struct.pack(">H", 2 + len(str(number))) + str(number).encode() + data[2:]
    return "data:image/jpeg;base64," + base64.b64encode(data).decode()


def scanned_jpeg(side: int, scans: int, number: int) -> str:
    """A progressive JPEG of `scans` scans, the most the upload check lets a picture of that size have."""
    return "data:image/jpeg;base64," + base64.b64encode(many_scans(side, scans, number)).decode()


def deck(count: int, title: int = 30, theme: int = 8, picture=None):
    cards = []
    for i in range(count):
        card = {
            "id": f"c{i}",
            "year": i - 500,
            "title": {"en": f"{i} {words(title, i)}"[:120]},
            "theme": words(theme, i) if theme > 8 else "events",
        }
        if picture is not None:
            card["image"] = picture(i)
        cards.append(card)
    return parse_deck({"id": "bench", "kind": "dated", "title": {"en": "Bench"}, "cards": cards})


def timed(deck_, options: dict) -> tuple[float, float]:
    """Render from cold caches; return (seconds taken, seconds estimated)."""
    text.fit.cache_clear()
    text.unit_width.cache_clear()
    images.print_picture.cache_clear()
    spec = validate({**options, "kind": "deck"}, deck=deck_)
    estimated = deck_cost(deck_, spec).seconds
    start = time.perf_counter()
    printing.render_deck(deck_, options)
    return time.perf_counter() - start, estimated


CASES = {
    "1000 cards, poker": lambda: (deck(1000), {}),
    "1000 cards, 30x40 mm": lambda: (deck(1000), {"size": "30x40"}),
    "1000 cards, tarot": lambda: (deck(1000), {"size": "tarot"}),
    "1000 cards, longest titles and themes": lambda: (deck(1000, title=MAX_TITLE, theme=MAX_TEXT["theme"]), {}),
    "4 PNG RGBA 4096²": lambda: (deck(4, picture=lambda i: flat_png(4096, i)), {}),
    "4 PNG RGBA16 4096²": lambda: (deck(4, picture=lambda i: flat_png(4096, i, "RGBA16")), {}),
    "4 PNG 1-bit 4096²": lambda: (deck(4, picture=lambda i: flat_png(4096, i, "1")), {}),
    "4 PNG RGBA 4096², tarot": lambda: (deck(4, picture=lambda i: flat_png(4096, i)), {"size": "tarot"}),
    "8 JPEG 4096²": lambda: (deck(8, picture=lambda i: flat_jpeg(4096, i)), {}),
    "6 JPEG 2048², 64 scans": lambda: (deck(6, picture=lambda i: scanned_jpeg(2048, 64, i)), {}),
    "4 JPEG 4096², 20 scans": lambda: (deck(4, picture=lambda i: scanned_jpeg(4096, 20, i)), {}),
    "100 cards, one PNG 1024²": lambda: (deck(100, picture=lambda i: flat_png(1024, 1)), {}),
    "4 PNG RGBA 4096², 190x270 mm": lambda: (deck(4, picture=lambda i: flat_png(4096, i)), {"size": "190x270"}),
    "4 PNG RGB 4096²": lambda: (deck(4, picture=lambda i: flat_png(4096, i, "RGB")), {}),
}

WORST = {
    # The largest of each kind that the budget lets through.
    "PNG RGBA16 4096²": lambda n: (deck(n, picture=lambda i: flat_png(4096, i, "RGBA16")), {"size": "tarot"}),
    "PNG RGBA 4096²": lambda n: (deck(n, picture=lambda i: flat_png(4096, i)), {"size": "tarot"}),
    "JPEG 4096²": lambda n: (deck(n, picture=lambda i: flat_jpeg(4096, i)), {"size": "tarot"}),
    "longest titles and themes, tarot": lambda n: (
        deck(n, title=MAX_TITLE, theme=MAX_TEXT["theme"]),
        {"size": "tarot"},
    ),
}


def largest_within_budget(build, top: int = 1000) -> int:
    """Return the most cards the budget lets through for one kind of deck (binary search on the estimate)."""
    low = 2
    per_card = max(cost_of(build, 3) - cost_of(build, 2), 1e-9)
    high = min(top, int((BUDGET - cost_of(build, 2)) / per_card) + 3)
    while low < high:
        middle = (low + high + 1) // 2
        deck_, options = build(middle)
        if deck_cost(deck_, validate({**options, "kind": "deck"}, deck=deck_)).seconds <= BUDGET:
            low = middle
        else:
            high = middle - 1
    return low


def cost_of(build, count: int) -> float:
    deck_, options = build(count)
    return deck_cost(deck_, validate({**options, "kind": "deck"}, deck=deck_)).seconds


def fitting(repeat: int) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    import quadratic_fit

    from printing.fonts import BOLD, register_fonts

    register_fonts()
    box = (BOLD, 150.0, 12.0, 8.0, 3.0, 1)  # a poker card's theme band: one line, cut with an ellipsis

    def floor(theme: str) -> None:  # the reference: clean the text and measure all of it once
        text.unit_width.cache_clear()
        text.stringWidth(text.clean(theme), BOLD, 1)

    def linear(theme: str) -> None:
        text.fit.cache_clear()
        text.unit_width.cache_clear()
        text.fit(theme, *box)

    def quadratic(theme: str) -> None:
        quadratic_fit.fit.cache_clear()
        quadratic_fit.unit_width.cache_clear()
        quadratic_fit.fit(theme, *box)

    print("theme band of 9 cards; median seconds of", repeat, "interleaved runs")
    print(f"{'characters':>10} {'measure':>9} {'linear':>9} {'quadratic':>10} {'linear/meas.':>13} {'quad/meas.':>11}")
    for length in (800, 8_000, 80_000):
        themes = [words(length, salt) for salt in range(9)]
        contenders = {"floor": floor, "linear": linear, "quadratic": quadratic}
        if length > 8_000:
            contenders.pop("quadratic")  # minutes per run; the issue measured 199 s for 9 x 80k
        times: dict[str, list[float]] = {name: [] for name in contenders}
        for _ in range(repeat if length <= 8_000 else 3):
            for name, function in contenders.items():
                start = time.perf_counter()
                for theme in themes:
                    function(theme)
                times[name].append(time.perf_counter() - start)
        median = {name: statistics.median(runs) for name, runs in times.items()}
        quad = median.get("quadratic")
        print(
            f"{length:>10} {median['floor']:9.4f} {median['linear']:9.4f} "
            f"{quad if quad is not None else float('nan'):10.3f} {median['linear'] / median['floor']:13.1f} "
            f"{(quad or float('nan')) / median['floor']:11.0f}"
        )


def document(count: int, first: int) -> dict:
    cards = [
        {"id": f"c{i}", "year": 1900 + i, "title": {"en": f"Card {i}"}, "image": flat_png(4096, first + i)}
        for i in range(count)
    ]
    return {"kind": "dated", "title": {"en": f"Posters {first}"}, "cards": cards}


def waiting(roles: tuple[str, ...]) -> None:
    """Post two maximal decks and a calibration sheet to live workers of `roles`; print how long each took."""
    import os

    from scratch_redis import scratch_redis

    from api.cli import worker_children
    from api.storage.printing_queue import PrintQueue
    from engine.decks.upload import user_deck

    def maximal(first: int) -> tuple[dict, dict, object]:
        count = 2
        while True:
            deck_, doc = user_deck(document(count + 1, first))
            spec = validate({"kind": "deck", "deck": deck_.id, "size": "tarot"}, deck=deck_)
            if deck_cost(deck_, spec).seconds > BUDGET:
                break
            count += 1
        deck_, doc = user_deck(document(count, first))
        spec = validate({"kind": "deck", "deck": deck_.id, "size": "tarot"}, deck=deck_)
        return spec, doc, deck_cost(deck_, spec)

    decks = [maximal(first) for first in (0, 1000)]
    with scratch_redis() as url:
        os.environ["DESKOVKA_REDIS_URL"] = os.environ["DESKOVKA_QUEUE_URL"] = url
        import redis
        from rq import Worker

        connection = redis.Redis.from_url(url)
        children = [child for child in worker_children() if child.name.split()[0] in roles]
        for child in children:
            child.launch()
        try:
            while len(Worker.all(connection=connection)) < len(children):
                time.sleep(0.05)
            queue = PrintQueue(connection)
            posted = time.monotonic()
            ids = [queue.submit(spec, doc, cost) for spec, doc, cost in decks]  # type: ignore[arg-type]
            calibration = validate({"kind": "calibration"})
            ids.append(queue.submit(calibration, None, estimate(calibration)))
            done: dict[str, float] = {}
            while len(done) < len(ids):
                for job_id in ids:
                    job = queue.fetch(job_id)
                    if job_id not in done and job and job.rendering and job.rendering.is_finished:
                        done[job_id] = time.monotonic() - posted
                time.sleep(0.05)
        finally:
            for child in children:
                child.process.terminate()  # type: ignore[union-attr]
            for child in children:
                child.process.wait(30)  # type: ignore[union-attr]
    cards = len(decks[0][1]["cards"])
    print(
        f"workers {'+'.join(roles):12} decks of {cards} pictures (estimated {decks[0][2].seconds:.1f} s each): "
        f"deck 1 {done[ids[0]]:.1f} s, deck 2 {done[ids[1]]:.1f} s, calibration {done[ids[2]]:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--worst", action="store_true", help="render the costliest specs the budget lets through")
    parser.add_argument("--fit", action="store_true", help="text fitting: linear, quadratic and floor")
    parser.add_argument("--wait", action="store_true", help="a calibration sheet behind two maximal decks")
    parser.add_argument("--only", help="run only the cases whose name contains this")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}; budget {BUDGET:g} s")
    printing.render(validate({"kind": "calibration"}))  # warm up fonts
    if args.fit:
        fitting(args.repeat)
        return
    if args.wait:
        sys.path.insert(0, str(Path(__file__).parent))
        for _ in range(2):  # interleaved: both set-ups meet the machine's busy moments alike
            waiting(("small", "large"))
            waiting(("large",))
        return
    cases = WORST if args.worst else CASES
    print(f"{'case':48} {'cards':>5} {'taken s':>8} {'estimate s':>10} {'taken/est':>9}")
    for name, build in cases.items():
        if args.only and args.only not in name:
            continue
        if args.worst:
            count = largest_within_budget(build)
            deck_, options = build(count)
        else:
            deck_, options = build()
        taken, estimated = timed(deck_, options)
        print(f"{name:48} {len(deck_.cards):5} {taken:8.2f} {estimated:10.2f} {taken / estimated:9.2f}", flush=True)
    print("calibration sheet estimate:", estimate(validate({"kind": "calibration"})).seconds)


if __name__ == "__main__":
    main()
