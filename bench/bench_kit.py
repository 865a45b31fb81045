"""Time a game night's kit for one game in two languages against printing its parts one by one (the floor: what
the kit must add is joining the pages), interleaved, in one process.

Run from the repository root: python bench/bench_kit.py [--rounds 5]
"""

import argparse
import statistics
import time

import pypdfium2

import printing
from printing.kit_spec import kit_parts

KIT = {"kind": "kit", "game": "timeline", "languages": ["cs", "de"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    parts = [spec for _, spec in kit_parts(printing.validate(KIT))]
    printing.render(KIT)  # warm: fonts, forms, caches
    kit_times, part_times = [], []
    pages = 0
    for _ in range(args.rounds):
        start = time.perf_counter()
        for spec in parts:
            printing.render(spec)
        part_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        pdf = printing.render(KIT)
        kit_times.append(time.perf_counter() - start)
        pages = len(pypdfium2.PdfDocument(pdf))
    kit, alone = statistics.median(kit_times), statistics.median(part_times)
    print(f"Timeline kit, cs + de, whole deck ({len(parts)} parts, {pages} pages), {args.rounds} rounds interleaved")
    print(f"  parts one by one: {alone:.3f} s   kit: {kit:.3f} s   kit / parts: {kit / alone:.2f}x")


if __name__ == "__main__":
    main()
