"""Measure the computer opponent: each level against the EAAI baseline, hard
against normal, and hard against its previous version (``hard_v1``, frozen in
``benchmarks/hard_v1.py``).

Games to 100 under standard rules.  Games come in pairs on the same seed with
the seats swapped (so both players get the same deals), and the first dealer
alternates between pairs.  Reports the game win rate with a 95% Wilson
interval, the hand win rate (of hands that were not dead), and the decision
time p50/p99 of each player.

    .venv/bin/python benchmarks/ai.py --games 1000 --workers 2
    .venv/bin/python benchmarks/ai.py --games 200 --matchups hard-baseline
    nice -n 19 .venv/bin/python benchmarks/ai.py --games 2000 --matchups hard-baseline,hard-hard_v1

For tuning, ``--set NAME=VALUE`` overrides a constant of ``bot.ai.hard`` (or
``module.NAME`` of another ``bot.ai`` module) in every worker, and
``--detail`` breaks the hands down by who knocked and how they ended:

    .venv/bin/python benchmarks/ai.py --games 1200 --matchups hard-baseline \
        --set KNOCK_BONUS=12 --set inference.PASS_EPS=0.2 --detail

``--oracle`` is a diagnostic, never a way to play: player A's sampled worlds
hold the opponent's real hand (the stock stays a shuffle of the rest), which
shows how many points a perfect reading of the opponent would be worth.

``--adaptive`` plays the adaptive level (``bot.ai.adaptive``) against simulated
players instead of the matchups: one series per opponent, its state carried
from game to game as it is across one person's games, starting from a new
player's.  After ``--warmup`` games it reports the adaptive level's win share
over the next ``--games``, where its level went, and its decision times.
Opponents: any level, ``baseline`` and ``random`` (the baseline's draws and
knocks, random discards: ``benchmarks/random_discard.py``).  A series is one
process (its games depend on each other), so ``--workers`` runs series side
by side:

    .venv/bin/python benchmarks/ai.py --adaptive random,baseline,easy,normal,hard \
        --warmup 30 --games 500 --workers 2
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import baseline, hard_v1, random_discard
from bot.ai import decide, hard
from bot.ai.adaptive import AdaptivePolicy
from bot.ai.heuristics import bits
from bot.ai.knowledge import Knowledge
from bot.ai.lookahead import World
from bot.ai.memory import Memory
from bot.engine import Action, Game, SeatView
from bot.engine.records import HandResult

Player = Callable[[SeatView, random.Random], Action]

MATCHUPS = ("easy-baseline", "normal-baseline", "hard-baseline", "hard-normal", "hard-hard_v1")


def player(name: str) -> Player:
    if name == "baseline":
        return baseline.decide
    if name == "hard_v1":
        return hard_v1.decide
    if name == "random":
        return random_discard.decide
    return lambda view, rng: decide(view, name, rng)


@dataclass(frozen=True, slots=True)
class GameStats:
    a_won: bool
    hands_a: int
    hands_b: int
    dead: int
    times_a: list[float]
    times_b: list[float]
    #: Per hand: (who knocked: "A", "B" or "-", how it ended, points to A, signed).
    outcomes: list[tuple[str, str, int]]


#: ``--oracle``: the opponent's real hand, set before each of player A's turns.
_ORACLE: dict[str, int] = {}
_SAMPLE_WORLDS = hard.sample_worlds


def oracle_worlds(k: Knowledge, mem: Memory, rng: random.Random, n: int) -> list[World]:
    """Worlds that all hold the opponent's real hand (``--oracle`` only)."""
    opp = _ORACLE["opp"]
    rest = bits(k.unseen & ~opp)
    worlds = []
    for _ in range(n):
        rng.shuffle(rest)
        worlds.append(World(opp, tuple(rest), 1.0 / n))
    return worlds


def set_oracle(on: bool) -> None:
    hard.sample_worlds = oracle_worlds if on else _SAMPLE_WORLDS
    if not on:
        _ORACLE.clear()


def _init_worker(settings: tuple[str, ...], oracle: bool) -> None:
    apply_settings(settings)
    set_oracle(oracle)


def play_game(args: tuple[str, str, int]) -> GameStats:
    """One game; player A sits in seat ``index % 2``."""
    a_name, b_name, index = args
    seed = 1_000_003 * (index // 2) + 17
    a_seat = index % 2
    names = {a_seat: a_name, 1 - a_seat: b_name}
    players = {s: player(names[s]) for s in (0, 1)}
    rngs = {s: random.Random(f"{seed}:{s}:{names[s]}") for s in (0, 1)}
    game = Game.new(("p0", "p1"), seed=seed, first_dealer=(index // 2) % 2)
    times: dict[int, list[float]] = {0: [], 1: []}
    steps = 0
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if seat == a_seat and hard.sample_worlds is oracle_worlds:
            _ORACLE["opp"] = game.hands[1 - seat]
        t0 = time.perf_counter()
        action = players[seat](view, rngs[seat])
        times[seat].append(time.perf_counter() - t0)
        game.apply(seat, action)
        steps += 1
        if steps > 20000:
            raise RuntimeError("game does not end")
    assert game.result is not None
    hands_a = sum(1 for h in game.history if h.winner == a_seat)
    hands_b = sum(1 for h in game.history if h.winner == 1 - a_seat)
    return GameStats(
        a_won=game.result.winner == a_seat,
        hands_a=hands_a,
        hands_b=hands_b,
        dead=sum(1 for h in game.history if h.winner is None),
        times_a=times[a_seat],
        times_b=times[1 - a_seat],
        outcomes=[_outcome(h, a_seat) for h in game.history],
    )


def _outcome(h: HandResult, a_seat: int) -> tuple[str, str, int]:
    knocker = "-" if h.knocker is None else ("A" if h.knocker == a_seat else "B")
    if h.winner is None:
        return knocker, str(h.end), 0
    return knocker, str(h.end), h.points if h.winner == a_seat else -h.points


def apply_settings(settings: tuple[str, ...]) -> None:
    """Set ``NAME=VALUE`` constants of the AI modules (a Pool initializer)."""
    for item in settings:
        module, attr, raw = setting_target(item)
        current = getattr(module, attr)  # fails loudly on a typo
        setattr(module, attr, _number_like(current, raw, item))


def setting_target(item: str) -> tuple[Any, str, str]:
    """(module, constant name, raw value) of a ``[module.]NAME=VALUE`` setting;
    a bare name is a constant of ``bot.ai.hard``."""
    name, _, raw = item.partition("=")
    module_name, _, attr = name.rpartition(".")
    return importlib.import_module(f"bot.ai.{module_name or 'hard'}"), attr, raw


def _number_like(current: object, raw: str, item: str) -> float:
    """``raw`` as the type of the constant it replaces; only numbers may be
    set, and an int constant takes only a whole number (never truncated)."""
    if isinstance(current, bool) or not isinstance(current, int | float):
        raise ValueError(f"--set {item}: only number constants can be set")
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"--set {item}: {raw!r} is not a number") from None
    if isinstance(current, int):
        if not value.is_integer():
            raise ValueError(f"--set {item}: this constant takes a whole number")
        return int(value)
    return value


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def run(
    matchup: str,
    games: int,
    workers: int,
    settings: tuple[str, ...] = (),
    oracle: bool = False,
) -> dict[str, Any]:
    a_name, b_name = matchup.split("-", 1)
    if oracle and b_name == "hard":
        raise ValueError("--oracle would show both players' worlds one hand: not against hard")
    jobs = [(a_name, b_name, i) for i in range(games)]
    start = time.perf_counter()
    _init_worker(settings, oracle)
    if workers > 1:
        with Pool(workers, initializer=_init_worker, initargs=(settings, oracle)) as pool:
            results = pool.map(play_game, jobs, chunksize=max(1, games // (workers * 8)))
    else:
        results = [play_game(j) for j in jobs]
    wins = sum(1 for r in results if r.a_won)
    hands_a = sum(r.hands_a for r in results)
    hands_b = sum(r.hands_b for r in results)
    dead = sum(r.dead for r in results)
    ta = [t for r in results for t in r.times_a]
    tb = [t for r in results for t in r.times_b]
    lo, hi = wilson(wins, games)
    margins = [o[2] for r in results for o in r.outcomes]
    mean = sum(margins) / max(1, len(margins))
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / max(1, len(margins)))
    kinds = Counter((o[0], o[1]) for r in results for o in r.outcomes)
    points: Counter[tuple[str, str]] = Counter()
    hands = max(1, len(margins))
    for r in results:
        for o in r.outcomes:
            points[(o[0], o[1])] += o[2]
    return {
        "settings": list(settings),
        "margin_per_hand": mean,
        "margin_ci95": 1.96 * sd / math.sqrt(max(1, len(margins))),
        "outcomes": {
            f"{who} {end}": {
                "share": n / hands,
                "mean_points": points[(who, end)] / n,
            }
            for (who, end), n in sorted(kinds.items())
        },
        "matchup": matchup,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "ci95": [lo, hi],
        "hand_win_rate": hands_a / max(1, hands_a + hands_b),
        "hands": hands_a + hands_b + dead,
        "dead_hands": dead,
        "a_ms_p50": 1000 * percentile(ta, 0.5),
        "a_ms_p99": 1000 * percentile(ta, 0.99),
        "a_ms_mean": 1000 * sum(ta) / max(1, len(ta)),
        "b_ms_p50": 1000 * percentile(tb, 0.5),
        "b_ms_p99": 1000 * percentile(tb, 0.99),
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--matchups", default=",".join(MATCHUPS))
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override an AI constant (bot.ai.hard, or module.NAME) for player A and B",
    )
    parser.add_argument("--detail", action="store_true", help="hands by who knocked and how")
    parser.add_argument(
        "--oracle",
        action="store_true",
        help="diagnostic: player A's hard worlds hold the opponent's real hand",
    )
    parser.add_argument(
        "--adaptive",
        metavar="OPPONENTS",
        help="play the adaptive level against these (comma-separated) instead of the matchups",
    )
    parser.add_argument("--warmup", type=int, default=30, help="--adaptive: games before counting")
    args = parser.parse_args()
    if args.adaptive:
        series = run_adaptive(args.adaptive.split(","), args.warmup, args.games, args.workers)
        if args.json:
            args.json.write_text(json.dumps(series, indent=2))
        return
    out = []
    for matchup in args.matchups.split(","):
        r = run(matchup.strip(), args.games, args.workers, tuple(args.set), args.oracle)
        out.append(r)
        lo, hi = r["ci95"]
        print(
            f"{r['matchup']:>16}: games {r['wins']}/{r['games']} = {r['win_rate']:.1%} "
            f"[95% {lo:.1%}-{hi:.1%}]  hands {r['hand_win_rate']:.1%} "
            f"({r['hands']} hands, {r['dead_hands']} dead)  "
            f"A decide p50 {r['a_ms_p50']:.2f} ms p99 {r['a_ms_p99']:.2f} ms "
            f"mean {r['a_ms_mean']:.2f} ms | B p50 {r['b_ms_p50']:.2f} p99 {r['b_ms_p99']:.2f}"
            f"  ({r['seconds']:.0f} s)",
            flush=True,
        )
        if args.detail:
            print(f"  points per hand to A {r['margin_per_hand']:+.2f} ±{r['margin_ci95']:.2f}")
            for kind, o in r["outcomes"].items():
                print(f"  {kind:>18}: {o['share']:6.1%} of hands, {o['mean_points']:+6.1f} points")
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


@dataclass(frozen=True, slots=True)
class Series:
    """One adaptive series: per game, whether the adaptive level won and the
    level it played at; its decision times in seconds, wall clock and CPU
    (on a machine shared with other work the CPU time is the fair figure)."""

    opponent: str
    won: list[bool]
    levels: list[float]
    times: list[float]
    cpu_times: list[float]
    final_level: float


def play_series(args: tuple[str, int]) -> Series:
    """The adaptive level against ``opponent`` for ``games`` games, its state
    carried across them (seats and first dealer alternate as in the matchups,
    on the same seeds)."""
    opponent, games = args
    policy = AdaptivePolicy()
    other = player(opponent)
    won: list[bool] = []
    levels: list[float] = []
    times: list[float] = []
    cpu_times: list[float] = []
    for index in range(games):
        seed = 1_000_003 * (index // 2) + 17
        a_seat = index % 2
        rngs = [random.Random(f"{seed}:{s}:{opponent}:{a_seat}") for s in (0, 1)]
        game = Game.new(("p0", "p1"), seed=seed, first_dealer=(index // 2) % 2)
        levels.append(policy.level)
        while not game.is_over:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            if seat == a_seat:
                t0, c0 = time.perf_counter(), time.process_time()
                action = policy.decide(view, rngs[seat])
                times.append(time.perf_counter() - t0)
                cpu_times.append(time.process_time() - c0)
            else:
                action = other(view, rngs[seat])
            game.apply(seat, action)
        assert game.result is not None
        adaptive_won = game.result.winner == a_seat
        won.append(adaptive_won)
        policy.record(player_won=not adaptive_won)
        if (index + 1) % PROGRESS_EVERY == 0:
            # A series against hard takes hours: say where it is, on stderr.
            print(
                f"vs {opponent}: {index + 1}/{games} games, adaptive won {sum(won)}, "
                f"level {policy.level:.1f}",
                file=sys.stderr,
                flush=True,
            )
    return Series(opponent, won, levels, times, cpu_times, policy.level)


def run_adaptive(
    opponents: list[str], warmup: int, games: int, workers: int
) -> list[dict[str, Any]]:
    """Every series, side by side on ``workers`` processes; prints a line for
    each as it finishes."""
    # The slowest series first, so the workers finish together.
    names = sorted(
        (o.strip() for o in opponents), key=lambda o: SERIES_COST.get(o, 0), reverse=True
    )
    jobs = [(o, warmup + games) for o in names]
    start = time.perf_counter()
    out = []
    wall: list[float] = []
    cpu: list[float] = []
    with Pool(min(workers, len(jobs))) if workers > 1 else _Serial() as pool:
        for r in pool.imap_unordered(play_series, jobs):
            out.append(series_row(r, warmup))
            wall.extend(r.times)
            cpu.extend(r.cpu_times)
    print(
        f"all series: decide p99 {1000 * percentile(wall, 0.99):.1f} ms wall, "
        f"{1000 * percentile(cpu, 0.99):.1f} ms CPU over {len(wall)} decisions "
        f"({time.perf_counter() - start:.0f} s)",
        flush=True,
    )
    return out


#: A series reports its progress on stderr every this many games.
PROGRESS_EVERY = 25

#: Rough cost of a series game by opponent (hard's own thinking dominates).
SERIES_COST = {"hard": 5, "hard_v1": 4, "normal": 3, "baseline": 2, "easy": 2, "random": 1}


class _Serial:
    """``Pool.imap_unordered`` in this process (``--workers 1``)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, fn: Callable[[Any], Series], jobs: list[Any]) -> Any:
        return map(fn, jobs)


def series_row(r: Series, warmup: int) -> dict[str, Any]:
    """One series' figures after the warm-up, printed as one line."""
    counted = r.won[warmup:]
    wins = sum(counted)
    lo, hi = wilson(wins, len(counted))
    levels = r.levels[warmup:]
    row = {
        "opponent": r.opponent,
        "warmup": warmup,
        "games": len(counted),
        "wins": wins,
        "win_rate": wins / max(1, len(counted)),
        "ci95": [lo, hi],
        "level_after_warmup": r.levels[min(warmup, len(r.levels) - 1)],
        "level_mean": sum(levels) / max(1, len(levels)),
        "level_range": [min(levels, default=0.0), max(levels, default=0.0)],
        "level_final": r.final_level,
        "ms_p50": 1000 * percentile(r.times, 0.5),
        "ms_p99": 1000 * percentile(r.times, 0.99),
        "ms_max": 1000 * max(r.times, default=0.0),
        "cpu_ms_p99": 1000 * percentile(r.cpu_times, 0.99),
    }
    print(
        f"adaptive vs {r.opponent:>8}: wins {wins}/{len(counted)} = {row['win_rate']:.1%} "
        f"[95% {lo:.1%}-{hi:.1%}] after {warmup} warm-up games; level "
        f"{row['level_after_warmup']:.1f} after warm-up, mean {row['level_mean']:.1f} "
        f"({row['level_range'][0]:.1f}-{row['level_range'][1]:.1f}), "
        f"final {r.final_level:.1f}; decide p50 {row['ms_p50']:.2f} ms "
        f"p99 {row['ms_p99']:.1f} ms (CPU {row['cpu_ms_p99']:.1f} ms) max {row['ms_max']:.0f} ms",
        flush=True,
    )
    return row


if __name__ == "__main__":
    main()
