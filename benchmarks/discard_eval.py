"""Judge hard's discard scoring against what really happens.

The third of the judges (``knock_eval.py``, ``take_eval.py``): at a share
(``--share``) of hard's plain discards (no knock possible) it takes hard's
three best discards by its own score and records, for each, the parts of the
score — the expected knock value after the next draw and the danger of
feeding the opponent — the deadwood it leaves, and the truth: the mean
points of throwing it, over ``--continuations`` plays of the real game to the
end of the hand (all three on the same reshuffled stock each time).  It
prints the points per decision of choosing by ``expected + w * danger +
l * deadwood`` for a grid of weights, so ``hard.DANGER_WEIGHT`` can be
judged by outcomes, and what two more terms would add to the score: the
share of the worlds where the card joins an opponent's meld, and the card's
played-out points (hard's own rule since ``hard.PLAYOUT_WEIGHT``; so the first
candidate is the score's choice, before the play-outs tip it):

    .venv/bin/python benchmarks/discard_eval.py --games 120 --workers 2
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import ai
from benchmarks.knock_eval import Row, continuations_after, judge_parser, play_judged, run_judge
from bot.ai import hard
from bot.ai.heuristics import allowed_discards, deadwood_after, joins_meld
from bot.engine import Action, ActionKind, Game, SeatView
from bot.engine.cards import CARDS
from bot.engine.records import Phase

CANDIDATES = 3
DANGER_WEIGHTS = (0.0, 0.3, 0.6, 0.9, 1.2, 1.8)
DEADWOOD_WEIGHTS = (0.0, 0.15, 0.3)
#: Weights of two terms hard does not use, judged on the same decisions: the
#: share of the worlds where the card joins an opponent's meld (points per
#: unit), and the card's played-out points (``hard.wait_estimate``; the score
#: loses this much per point).
FEED_WEIGHTS = (2.0, 4.0, 10.0)
PLAYOUT_WEIGHTS = (0.2, 0.4, 0.6, 1.0)


def play_game(args: tuple[int, int, str, float]) -> list[Row]:
    """One game of hard vs ``args[2]``, judging a share ``args[3]`` of its
    discards; a row per judged discard."""
    index, continuations, opponent, share = args
    return play_judged((index, continuations, opponent), lambda *a: _judge(*a, share=share))


def _judge(
    game: Game,
    view: SeatView,
    seat: int,
    players: dict[int, ai.Player],
    judge: random.Random,
    continuations: int,
    share: float = 0.3,
) -> Row | None:
    legal = view.legal
    if view.public.phase is not Phase.DISCARD or ActionKind.KNOCK in legal:
        return None
    if ActionKind.BIG_GIN in legal or judge.random() >= share:
        return None
    ctx = hard._Ctx(view, random.Random(judge.random()))
    cards = allowed_discards(view)
    if len(cards) < 2:
        return None
    parts = hard.discard_parts(cards, ctx)
    best = hard.ranked_discards(parts)[:CANDIDATES]
    after = deadwood_after(ctx.k.hand, best)
    feeds = feed_odds(ctx, best)
    actions = [Action(ActionKind.DISCARD, CARDS[c]) for c in best]
    truths = continuations_after(game, seat, actions, players, judge, continuations)
    row: Row = {"n": float(len(best))}
    for i, c in enumerate(best):
        e, d = parts[c]
        row |= {f"e{i}": e, f"d{i}": d, f"w{i}": float(after[c]), f"t{i}": truths[i]}
        row |= {f"f{i}": feeds[c], f"p{i}": hard.wait_estimate(ctx, c)}
    return row


def feed_odds(ctx: hard._Ctx, cards: list[int]) -> dict[int, float]:
    """Per card: the share of hard's worlds in which it joins a meld of the
    opponent's (what they would take it for)."""
    return {c: sum(w.weight for w in ctx.worlds if joins_meld(w.opp, c)) for c in cards}


def choose(r: Row, danger_weight: float, deadwood_weight: float) -> int:
    """Index of the candidate a rule with these weights throws (ties: hard's order)."""
    return pick(r, lambda r, i: danger_weight * r[f"d{i}"] + deadwood_weight * r[f"w{i}"])


def pick(r: Row, extra: Callable[[Row, int], float]) -> int:
    """Index of the candidate the rule ``expected + extra`` throws (min keeps
    the first of equals: ties go in hard's order)."""
    return min(range(int(r["n"])), key=lambda i: r[f"e{i}"] + extra(r, i))


def report(rows: list[Row]) -> list[str]:
    """Points per decision of each rule, among hard's best candidates."""
    n = len(rows)
    if not n:
        return ["no decisions"]

    def total(w: float, lam: float) -> float:
        return sum(r[f"t{choose(r, w, lam)}"] for r in rows) / n

    firsts = sum(r["t0"] for r in rows) / n
    best = sum(max(r[f"t{i}"] for i in range(int(r["n"]))) for r in rows) / n
    lines = [f"{n} decisions; the score's choice {firsts:.2f}, best of its candidates {best:.2f}"]
    for lam in DEADWOOD_WEIGHTS:
        cells = "  ".join(f"danger {w:.1f}: {total(w, lam):6.2f}" for w in DANGER_WEIGHTS)
        lines.append(f"  deadwood {lam:.2f}:  {cells}")
    if all("f0" in r for r in rows):
        w = hard.DANGER_WEIGHT
        for name, key, sign, weights in (
            ("feed odds", "f", 1.0, FEED_WEIGHTS),
            ("play-outs", "p", -1.0, PLAYOUT_WEIGHTS),
        ):
            cells = "  ".join(f"{x:.1f}: {gain(rows, _term(w, key, sign * x))}" for x in weights)
            lines.append(f"  + {name} × {cells}")
    return lines


def _term(danger_weight: float, key: str, factor: float) -> Callable[[Row, int], float]:
    """The score beyond ``expected``: the danger plus ``factor`` x column ``key``."""
    return lambda r, i: danger_weight * r[f"d{i}"] + factor * r[f"{key}{i}"]


def gain(rows: list[Row], extra: Callable[[Row, int], float]) -> str:
    """Points per decision over the score's choice of the rule ``expected +
    extra``, with the standard error of the paired gaps."""
    gaps = [r[f"t{pick(r, extra)}"] - r["t0"] for r in rows]
    se = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else 0.0
    return f"{statistics.fmean(gaps):+.3f} ±{se:.3f}"


def main() -> None:
    parser = judge_parser(__doc__, 120, 6)
    parser.add_argument("--share", type=float, default=0.3, help="share of discards judged")
    args = parser.parse_args()
    run_judge(args, play_game, report, (args.share,))


if __name__ == "__main__":
    main()
