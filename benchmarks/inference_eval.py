"""Judge how well hard's sampled worlds read the opponent's hidden cards.

The fourth judge (after ``knock_eval.py``, ``take_eval.py`` and
``discard_eval.py``), and the cheapest: no continuations, only the truth the
game already holds.  Hard plays the opponent; at a share (``--share``) of
hard's turns it samples its worlds (:func:`bot.ai.inference.sample_worlds`,
the same call and seed hard makes) under today's settings and under each
``--try`` variant, and scores them against the opponent's real hand:

* **brier**: per unseen card, (share of worlds holding it - 1 if they hold
  it, else 0) squared, summed over the unseen cards: how well the worlds
  place single cards (the stock odds of the discard and draw rules);
* **deadwood crps**: the continuous ranked probability score of the
  opponent's least deadwood over the worlds against the real one, in
  points: how well the worlds judge the opponent's hand *as a whole*,
  which is what the knock (undercut) and wait estimates turn on;
* **ms**: the mean time of one sampling.

Lower is better for all three; a variant is ``NAME=VALUE[,NAME=VALUE]``
with the names of ``benchmarks/ai.py --set``:

    .venv/bin/python benchmarks/inference_eval.py --games 120 --opponent hard_v1 \\
        --try inference.CANDIDATES=8 --try inference.CANDIDATES=32
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import ai
from benchmarks.knock_eval import Row, judge_parser, play_judged, run_judge
from bot.ai import hard, inference
from bot.ai.heuristics import bits
from bot.ai.knowledge import knowledge_of
from bot.ai.lookahead import World
from bot.ai.memory import memory_of
from bot.engine import Game, SeatView
from bot.engine.melds import min_deadwood_mask

SHARE = 0.5


@contextmanager
def settings_applied(settings: tuple[str, ...]) -> Iterator[None]:
    """Set ``NAME=VALUE`` constants (as ``ai.apply_settings``) for the block only."""
    saved = []
    for item in settings:
        module, attr, _raw = ai.setting_target(item)
        saved.append((module, attr, getattr(module, attr)))
    try:
        ai.apply_settings(settings)
        yield
    finally:
        for module, attr, old in reversed(saved):
            setattr(module, attr, old)


def scores(worlds: list[World], unseen: int, opp: int) -> tuple[float, float]:
    """(brier over the unseen cards, deadwood crps) of ``worlds`` against the
    opponent's real hand ``opp``."""
    held = dict.fromkeys(bits(unseen), 0.0)
    for w in worlds:
        for c in bits(w.opp & unseen):
            held[c] += w.weight
    brier = sum((p - ((opp >> c) & 1)) ** 2 for c, p in held.items())
    truth = min_deadwood_mask(opp)
    guesses = [min_deadwood_mask(w.opp) for w in worlds]
    weights = [w.weight for w in worlds]
    total = sum(weights)
    near = sum(wt * abs(g - truth) for g, wt in zip(guesses, weights, strict=True)) / total
    spread = sum(
        wa * wb * abs(a - b)
        for a, wa in zip(guesses, weights, strict=True)
        for b, wb in zip(guesses, weights, strict=True)
    ) / (total * total)
    return brier, near - spread / 2


def play_game(args: tuple[int, int, str, tuple[str, ...], float]) -> list[Row]:
    """One game of hard vs ``args[2]``; a row per judged turn with each
    variant's scores (variant 0 is today's settings)."""
    index, continuations, opponent, variants, share = args

    def judge(
        game: Game,
        view: SeatView,
        seat: int,
        players: dict[int, ai.Player],
        rng: random.Random,
        _continuations: int,
    ) -> Row | None:
        if rng.random() >= share:
            return None
        k = knowledge_of(view)
        mem = memory_of(view)
        opp = game.hands[1 - seat]
        seed = rng.random()
        row: Row = {}
        for i, variant in enumerate(("", *variants)):
            with settings_applied(tuple(s for s in variant.split(",") if s)):
                t0 = time.perf_counter()
                worlds = inference.sample_worlds(k, mem, random.Random(seed), hard.WORLDS)
                row[f"ms{i}"] = 1000 * (time.perf_counter() - t0)
            row[f"brier{i}"], row[f"crps{i}"] = scores(worlds, k.unseen, opp)
        return row

    return play_judged((index, continuations, opponent), judge)


def report_for(variants: tuple[str, ...]) -> Callable[[list[Row]], list[str]]:
    def report(rows: list[Row]) -> list[str]:
        if not rows:
            return ["no decisions"]
        lines = [f"{len(rows)} decisions (lower is better; +- is the standard error of the gap)"]
        for i, name in enumerate(("today", *variants)):
            cells = []
            for metric in ("brier", "crps"):
                mean = statistics.fmean(r[f"{metric}{i}"] for r in rows)
                gaps = [r[f"{metric}{i}"] - r[f"{metric}0"] for r in rows]
                se = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else 0.0
                cells.append(f"{metric} {mean:.3f} ({statistics.fmean(gaps):+.3f} +-{se:.3f})")
            ms = statistics.fmean(r[f"ms{i}"] for r in rows)
            lines.append(f"  {name:28s} " + "  ".join(cells) + f"  {ms:.1f} ms")
        return lines

    return report


def main() -> None:
    parser = judge_parser(__doc__, 120, 0)
    parser.add_argument("--share", type=float, default=SHARE, help="share of turns judged")
    parser.add_argument("--try", dest="variants", action="append", default=[], metavar="SETTINGS")
    args = parser.parse_args()
    variants = tuple(args.variants)
    run_judge(args, play_game, report_for(variants), (variants, args.share))


if __name__ == "__main__":
    main()
