"""What the daily puzzle costs to make, and how clear its answers are.

Makes ``--days`` days' puzzles from ``--start`` with the bot's settings
(``bot/service/puzzle_maker.py``: self-play until a clear position, every
choice played out over the sampled worlds by ``bot/ai/puzzles.py``) and
prints, per day, the kind, the answer, its margin over the second best in
points a hand, the games played to find it and the CPU seconds; then the
time per puzzle and how the margins spread.  ``--check`` also evaluates
each puzzle again with fresh worlds (``check_puzzle``) and counts how many
answers stand.

    .venv/bin/python benchmarks/puzzle.py --days 14 --check
    .venv/bin/python benchmarks/puzzle.py --days 30 --workers 2

Each puzzle is one process's CPU, as in the bot (a worker process per
puzzle, at a lower priority); ``--workers`` makes days side by side.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import date, timedelta
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.ai.puzzles import Puzzle
from bot.service.puzzle_maker import check_puzzle, make_puzzle


def one(args: tuple[str, bool]) -> tuple[Puzzle, float, bool | None, float]:
    """(the day's puzzle, CPU seconds, whether a fresh check agrees, its CPU seconds)."""
    iso, check = args
    start = time.process_time()
    puzzle = make_puzzle(date.fromisoformat(iso))
    made = time.process_time() - start
    agrees = None
    checked = 0.0
    if check:
        start = time.process_time()
        agrees = check_puzzle(puzzle).agrees
        checked = time.process_time() - start
    return puzzle, made, agrees, checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=14)
    parser.add_argument("--start", default="2026-11-26", help="the first day (ISO date)")
    parser.add_argument("--check", action="store_true", help="re-evaluate each puzzle")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    first = date.fromisoformat(args.start)
    jobs = [((first + timedelta(days=i)).isoformat(), args.check) for i in range(args.days)]
    wall = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            rows = pool.map(one, jobs)
    else:
        rows = [one(job) for job in jobs]
    wall = time.perf_counter() - wall
    head = ("day", "kind", "answer", "margin", "2nd", "games", "cpu s")
    print("{:<11} {:<8} {:<8} {:>6} {:>6} {:>5} {:>6}  check".format(*head))
    for puzzle, made, agrees, _ in rows:
        check = "" if agrees is None else ("agrees" if agrees else "DIFFERS")
        print(
            f"{puzzle.day:<11} {puzzle.kind.value:<8} {puzzle.answer:<8} {puzzle.margin:>6.2f} "
            f"{puzzle.runner_up.key:>6} {puzzle.game + 1:>5} {made:>6.1f}  {check}"
        )
    times = sorted(made for _, made, _, _ in rows)
    margins = sorted(p.margin for p, _, _, _ in rows)
    kinds = {k: sum(1 for p, *_ in rows if p.kind.value == k) for k in ("discard", "knock")}
    knocks = sum(1 for p, *_ in rows if p.answer == "knock")
    print(
        f"\n{len(rows)} puzzles ({kinds['discard']} discard, {kinds['knock']} knock, "
        f"{knocks} answered by knocking) in {wall:.0f} s on the wall clock"
    )
    print(
        f"CPU per puzzle: mean {statistics.mean(times):.1f} s, median "
        f"{statistics.median(times):.1f} s, max {times[-1]:.1f} s; "
        f"playouts per choice: {rows[0][0].playouts}"
    )
    print(
        f"margin (points a hand over the second best): min {margins[0]:.2f}, median "
        f"{statistics.median(margins):.2f}, max {margins[-1]:.2f}"
    )
    if args.check:
        agree = sum(1 for *_, ok, _ in rows if ok)
        checks = [c for *_, c in rows]
        print(
            f"fresh evaluation agrees: {agree}/{len(rows)} "
            f"(CPU per check: mean {statistics.mean(checks):.1f} s)"
        )


if __name__ == "__main__":
    main()
