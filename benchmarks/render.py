"""Median render time and PNG size of each image.

Run from the repository root:  .venv/bin/python benchmarks/render.py [iterations]

Each image is rendered a few times first (warm-up fills the card-face, font
and text caches, as in a running bot), then ``iterations`` times (default
200); the table shows the median and the 90th percentile in milliseconds
and the PNG size in bytes.
"""

# The bot imports follow the sys.path line that makes them work:
# ruff: noqa: E402

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.render import render_board, render_hand, render_reveal, render_tally, samples

WARMUP = 10


def bench(fn: Callable[[], bytes], iterations: int) -> tuple[float, float, int]:
    """(median ms, 90th percentile ms, bytes) of ``fn``."""
    data = b""
    for _ in range(WARMUP):
        data = fn()
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)], len(data)


def main() -> None:
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seat = samples.seat_view()
    public = samples.public_view()
    result = samples.knock_result()
    game = samples.game_result()
    cases: dict[str, Callable[[], bytes]] = {
        "hand": lambda: render_hand(seat),
        "board": lambda: render_board(public),
        "reveal": lambda: render_reveal(result, public),
        "tally": lambda: render_tally(game, public),
    }
    print(f"{'image':<8} {'median ms':>10} {'p90 ms':>8} {'bytes':>9}")
    for name, fn in cases.items():
        median, p90, size = bench(fn, iterations)
        print(f"{name:<8} {median:>10.2f} {p90:>8.2f} {size:>9,}")


if __name__ == "__main__":
    main()
