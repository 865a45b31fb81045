"""Time a pad of Lost Cities score sheets: the blank sheet as one form XObject against drawing it on every page.

Run from the repository root: python bench/bench_sheets.py [--count 100] [--repeat 9]
"""

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printing.pad import render_score_sheets  # noqa: E402
from printing.text import fit, unit_width  # noqa: E402


def pad(count: int, per_page: int, use_form: bool) -> bytes:
    fit.cache_clear()  # measure text afresh each run, as for a pad never printed before
    unit_width.cache_clear()
    spec = {"count": count, "per_page": per_page, "names": ["Eva", "Petr", "Žofie"], "game_number": 1}
    return render_score_sheets(spec, use_form=use_form)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    print(f"{args.count} sheets, A4; python {platform.python_version()} on {platform.machine()}")
    for per_page in (1, 2):
        contenders = {"form": True, "redrawn": False}
        sizes = {name: len(pad(args.count, per_page, form)) for name, form in contenders.items()}  # warm up
        times: dict[str, list[float]] = {name: [] for name in contenders}
        for _ in range(args.repeat):  # interleaved, so that a busy moment of the machine hits both alike
            for name, form in contenders.items():
                start = time.perf_counter()
                pad(args.count, per_page, form)
                times[name].append(time.perf_counter() - start)
        print(f"{per_page} a page:")
        for name, runs in times.items():
            median, spread = statistics.median(runs) * 1000, f"{min(runs) * 1000:.0f}-{max(runs) * 1000:.0f}"
            print(f"  {name:8} median {median:7.1f} ms  (range {spread} ms, {sizes[name] // 1024} KiB)")
        ratio = statistics.median(times["redrawn"]) / statistics.median(times["form"])
        print(f"  time redrawn / form: {ratio:.1f}; size redrawn / form: {sizes['redrawn'] / sizes['form']:.1f}")


if __name__ == "__main__":
    main()
