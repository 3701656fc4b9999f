"""Judge hard's knock-or-wait decisions against what really happens.

Hard vs the EAAI baseline; at every point where hard could knock (not gin,
more than two stock cards, not a card taken twice) it records its own
estimates — the points of knocking now and of waiting, over its worlds —
and the truth: the points the knock really scores (the opponent's real
hand) and the mean points of waiting, over ``--continuations`` plays of the
real game to the end of the hand (hard vs baseline, the stock reshuffled
each time).  It prints how far the estimates sit from the truth and the
points per decision a rule "knock if knock >= wait + margin" would have won,
for a range of margins, hard's own margins by stock (``hard.knock_margin``),
and the estimates' errors by stock.  This is how those margins were chosen:

    .venv/bin/python benchmarks/knock_eval.py --games 300 --workers 2

A game-level benchmark (``benchmarks/ai.py``) needs thousands of games to
see a change of a few tenths of a point a hand; a few thousand decisions
judged against their outcomes see it directly.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import ai
from bot.ai import hard
from bot.engine import Action, ActionKind, Game, Ruleset, SeatView
from bot.engine.cards import CARDS
from bot.engine.records import Phase

MARGINS = (-4, -2, 0, 1, 2, 3, 4, 6)
#: Points a judged game is played to (the judges of take_eval and
#: discard_eval play theirs here too).  The standard game's 100; the tests of
#: the judges' machinery set less: the rows are judged the same way in a
#: shorter game, and whole games of the hard level are what they pay for.
TARGET = 100
STOCK_BANDS = ((0, 16), (16, 22), (22, 25), (25, 40))


def hand_points(game: Game, seat: int) -> int:
    """Points of the hand just ended, from ``seat``'s side."""
    h = game.history[-1]
    if h.winner is None:
        return 0
    return h.points if h.winner == seat else -h.points


def finish_hand(game: Game, seat: int, players: dict[int, ai.Player], seed: float) -> int:
    rngs = {s: random.Random(f"{seed}:{s}") for s in (0, 1)}
    n = len(game.history)
    while len(game.history) == n and not game.is_over:
        s = game.turn
        assert s is not None
        game.apply(s, players[s](game.view(s), rngs[s]))
    return hand_points(game, seat)


Row = dict[str, float]
#: Judges one decision point of player ``seat`` (``None``: not one to judge).
Judge = Callable[[Game, SeatView, int, dict[int, ai.Player], random.Random, int], Row | None]


def play_game(args: tuple[int, int] | tuple[int, int, str]) -> list[Row]:
    """One game of hard vs the baseline (or ``args[2]``); a row per
    knock-or-wait decision."""
    return play_judged(args, _judge)


def play_judged(args: tuple[int, int] | tuple[int, int, str], judge: Judge) -> list[Row]:
    """Play one game of hard against the opponent, asking ``judge`` at each
    of hard's turns before hard moves; the game goes on with hard's move."""
    index, continuations = args[0], args[1]
    opponent = args[2] if len(args) > 2 else "baseline"
    seed = 9_000_011 * (index // 2) + 31
    a_seat = index % 2
    names = {a_seat: "hard", 1 - a_seat: opponent}
    players = {s: ai.player(names[s]) for s in (0, 1)}
    rngs = {s: random.Random(f"{seed}:{s}:{names[s]}") for s in (0, 1)}
    game = Game.new(("p0", "p1"), Ruleset(target=TARGET), seed=seed, first_dealer=(index // 2) % 2)
    rng = random.Random(seed)
    rows = []
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if seat == a_seat:
            row = judge(game, view, seat, players, rng, continuations)
            if row is not None:
                rows.append(row)
        game.apply(seat, players[seat](view, rngs[seat]))
    return rows


def continuations_after(
    game: Game,
    seat: int,
    actions: list[Action],
    players: dict[int, ai.Player],
    judge: random.Random,
    n: int,
) -> list[float]:
    """Mean points to ``seat`` of each action, over ``n`` plays of the real
    game to the end of the hand; each play reshuffles the stock (what hard
    cannot know) once and gives every action that same order and seed, so
    the actions are compared on the same luck."""
    totals = [0.0] * len(actions)
    for _ in range(n):
        order = list(game.stock)
        judge.shuffle(order)
        seed = judge.random()
        for i, action in enumerate(actions):
            g = copy.deepcopy(game)
            g.stock[:] = order
            g.apply(seat, action)
            totals[i] += finish_hand(g, seat, players, seed)
    return [t / n for t in totals]


def _judge(
    game: Game,
    view: SeatView,
    seat: int,
    players: dict[int, ai.Player],
    judge: random.Random,
    continuations: int,
) -> Row | None:
    if view.public.phase is not Phase.DISCARD or ActionKind.KNOCK not in view.legal:
        return None
    ctx = hard._Ctx(view, random.Random(judge.random()))
    cards, least, knockers = hard.knock_candidates(ctx)
    if least == 0 or ctx.k.stock <= 2 or hard._retaken(view):
        return None  # hard's rule is fixed here: gin, last chance, or a retaken card
    # The same estimates hard's own knock-or-wait rule compares.
    best_card, knock_ev = hard.best_knock(ctx, knockers, least)
    choice = hard._choose_discard(cards, ctx)
    wait_ev = hard.wait_estimate(ctx, choice)
    g = copy.deepcopy(game)
    g.apply(seat, Action(ActionKind.KNOCK, CARDS[best_card]))
    true_knock = hand_points(g, seat)
    discard = Action(ActionKind.DISCARD, CARDS[choice])
    (true_wait,) = continuations_after(game, seat, [discard], players, judge, continuations)
    return {
        "knock_ev": knock_ev,
        "wait_ev": wait_ev,
        "true_knock": float(true_knock),
        "true_wait": true_wait,
        "stock": float(ctx.k.stock),
        "deadwood": float(least),
    }


def report(rows: list[Row]) -> list[str]:
    """Bias of each estimate and points per decision for each margin."""
    n = len(rows)

    def total(margin: float) -> float:
        return (
            sum(
                r["true_knock"] if r["knock_ev"] >= r["wait_ev"] + margin else r["true_wait"]
                for r in rows
            )
            / n
        )

    kb = statistics.fmean(r["knock_ev"] - r["true_knock"] for r in rows)
    wb = statistics.fmean(r["wait_ev"] - r["true_wait"] for r in rows)
    lines = [
        f"{n} decisions; estimate minus truth: knock {kb:+.2f}, wait {wb:+.2f} points",
        f"always knock {total(-1e9):.2f}, always wait {total(1e9):.2f} points per decision",
    ]
    if all("stock" in r for r in rows):
        rule = sum(
            r["true_knock"]
            if r["knock_ev"] >= r["wait_ev"] + hard.knock_margin(int(r["stock"]))
            else r["true_wait"]
            for r in rows
        )
        lines.append(f"hard's margins by stock (knock_margin): {rule / n:.2f} per decision")
        for lo, hi in STOCK_BANDS:
            band = [r for r in rows if lo <= r["stock"] < hi]
            if band:
                k = statistics.fmean(r["knock_ev"] - r["true_knock"] for r in band)
                w = statistics.fmean(r["wait_ev"] - r["true_wait"] for r in band)
                lines.append(
                    f"  stock {lo}-{hi - 1}: {len(band)} decisions, "
                    f"knock estimate {k:+.2f}, wait {w:+.2f} from the truth"
                )
    for m in MARGINS:
        rate = sum(r["knock_ev"] >= r["wait_ev"] + m for r in rows) / n
        line = f"  knock if knock >= wait {m:+}: {total(m):6.2f} per decision"
        lines.append(f"{line} (knocks {rate:.0%})")
    return lines


def judge_parser(doc: str | None, games: int, continuations: int) -> argparse.ArgumentParser:
    """The options every judge takes."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--continuations", type=int, default=continuations)
    parser.add_argument("--opponent", default="baseline", choices=("baseline", "hard_v1"))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--save", type=Path, help="also write the judged decisions here (JSON)")
    return parser


def run_judge(
    args: argparse.Namespace,
    play: Callable[[Any], list[Row]],
    report: Callable[[list[Row]], list[str]],
    extra: tuple[Any, ...] = (),
) -> None:
    """Play ``args.games`` games over the workers, judging with ``play``
    (given ``(index, continuations, opponent, *extra)``), and print the report."""
    settings = tuple(args.set)
    ai.apply_settings(settings)
    jobs = [(i, args.continuations, args.opponent, *extra) for i in range(args.games)]
    with Pool(args.workers, initializer=ai.apply_settings, initargs=(settings,)) as pool:
        rows = []
        for i, game in enumerate(pool.imap(play, jobs), 1):
            rows.extend(game)
            if i % 20 == 0:
                print(f"{i}/{args.games} games, {len(rows)} decisions", file=sys.stderr)
    if args.save:
        args.save.write_text(json.dumps(rows))
    print("\n".join(report(rows)))


def main() -> None:
    run_judge(judge_parser(__doc__, 300, 12).parse_args(), play_game, report)


if __name__ == "__main__":
    main()
