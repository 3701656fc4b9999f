"""Judge hard's take-or-draw decisions against what really happens.

The twin of ``benchmarks/knock_eval.py`` for the draw: at every turn where
hard may take the pile card or draw (not the upcard turn, not a take that
lets it knock, not a card it took before, more than two stock cards) and the
take's deadwood gain is in the band where the rule could go either way, it
records hard's own estimates — the deadwood ``gain`` of taking (the quick
rule) and the played-out points of taking and of drawing over its worlds —
and the truth: the mean points of each choice over ``--continuations`` plays
of the real game to the end of the hand, both choices on the same reshuffled
stock each time.  It prints the points per decision of the rule "take when
gain > margin + close, draw when gain <= margin - close, else take when the
played-out take beats the draw by ``edge``" for a grid of margins, bands and
edges, so ``hard.TAKE_MARGIN`` and ``hard.CLOSE`` are chosen by outcomes:

    .venv/bin/python benchmarks/take_eval.py --games 200 --workers 2
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import ai
from benchmarks.knock_eval import Row, continuations_after, judge_parser, play_judged, run_judge
from bot.ai import hard
from bot.ai.lookahead import best_discard
from bot.engine import Action, ActionKind, Game, SeatView
from bot.engine.records import Phase

#: Decisions judged: a gain in this band (wider than hard's own, so wider
#: bands can be judged too).
BAND = (-9.0, 11.0)
MARGINS = (0.0, 1.0, 2.0)
CLOSES = (0.0, 2.0, 4.0, 6.0, 8.0)
EDGES = (-1.0, 0.0, 1.0)


def play_game(args: tuple[int, int] | tuple[int, int, str]) -> list[Row]:
    """One game of hard vs the baseline (or ``args[2]``); a row per judged draw."""
    return play_judged(args, _judge)


def _judge(
    game: Game,
    view: SeatView,
    seat: int,
    players: dict[int, ai.Player],
    judge: random.Random,
    continuations: int,
) -> Row | None:
    legal = view.legal
    if view.public.phase is not Phase.DRAW or ActionKind.TAKE_DISCARD not in legal:
        return None
    ctx = hard._Ctx(view, random.Random(judge.random()))
    k = ctx.k
    top = k.top
    if top is None or k.stock <= 2 or hard._takes_of(view, top):
        return None  # hard's rule is fixed here
    _, after = best_discard(k.hand | (1 << top), top)
    if after <= k.knock_limit:
        return None  # a take that lets us knock is always taken
    gain = hard.take_gain(ctx, after)
    if not BAND[0] < gain < BAND[1]:
        return None
    take_ev, stock_ev = hard.draw_estimates(ctx, top)
    actions = [Action(ActionKind.TAKE_DISCARD), Action(ActionKind.DRAW_STOCK)]
    true_take, true_stock = continuations_after(game, seat, actions, players, judge, continuations)
    return {
        "gain": gain,
        "take_ev": take_ev,
        "stock_ev": stock_ev,
        "true_take": true_take,
        "true_stock": true_stock,
    }


def takes(r: Row, margin: float, close: float, edge: float) -> bool:
    """Hard's draw rule with these constants."""
    if r["gain"] > margin + close:
        return True
    if r["gain"] <= margin - close:
        return False
    return r["take_ev"] > r["stock_ev"] + edge


def report(rows: list[Row]) -> list[str]:
    """Bias of the estimates and points per decision of each rule."""
    n = len(rows)
    if not n:
        return ["no decisions"]

    def total(margin: float, close: float, edge: float) -> float:
        return (
            sum(r["true_take"] if takes(r, margin, close, edge) else r["true_stock"] for r in rows)
            / n
        )

    diff = sum((r["take_ev"] - r["stock_ev"]) - (r["true_take"] - r["true_stock"]) for r in rows)
    lines = [
        f"{n} decisions; played-out (take - draw) minus truth {diff / n:+.2f} points",
        f"always take {sum(r['true_take'] for r in rows) / n:.2f}, "
        f"always draw {sum(r['true_stock'] for r in rows) / n:.2f}, "
        f"best of each {sum(max(r['true_take'], r['true_stock']) for r in rows) / n:.2f} "
        "points per decision",
    ]
    for margin in MARGINS:
        for close in CLOSES:
            cells = "  ".join(f"edge {e:+.0f}: {total(margin, close, e):6.2f}" for e in EDGES)
            lines.append(f"  margin {margin:+.0f} close {close:.0f}:  {cells}")
    return lines


def main() -> None:
    run_judge(judge_parser(__doc__, 200, 8).parse_args(), play_game, report)


if __name__ == "__main__":
    main()
