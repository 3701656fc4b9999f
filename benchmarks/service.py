"""Service benchmark: N games playing random legal moves at once on one file.

    .venv/bin/python -m benchmarks.service --games 10 100 1000

For each N, on a fresh database file:

* **flat out** — every game moves again as soon as its last move returns
  (N moves always in flight): the most moves per second the service can
  commit.  Latency here is mostly queueing: with N requests waiting, each
  waits for about N others (Little's law), so it grows with N by design.
* **paced** — the same N games, but each player "thinks" a random
  (exponential) time between moves so that together they offer ``--rate``
  moves per second (default 1,000/s: at N = 1000 every game moves about once
  a second, far busier than people play).  This is the latency a player sees
  under that load: one ``act`` call, engine and commit included.
* **size** — ``--size-games`` games played to the end (default target 100),
  then the WAL checkpointed: database bytes per finished game.

Moves are random legal moves, except that a player knocks or goes gin
whenever allowed and discards its best card 60 % of the time; pure random
play rarely knocks and turns every game into hundreds of dead hands.
Finished games are replaced by new ones between the same two players, so N
games are always in play.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.service import GameSnapshot, GinService, ServiceError
from tests.service_helpers import random_action  # the same random legal player as the tests

GUILD = 1
CHANNEL = 1


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    finished: int = 0


async def new_game(svc: GinService, a: int, b: int, target: int | None) -> GameSnapshot:
    challenge = await svc.create_challenge(GUILD, CHANNEL, a, f"P{a}", b, f"P{b}", target=target)
    return await svc.accept_challenge(challenge.id, b)


async def player_pair(
    svc: GinService,
    index: int,
    snap: GameSnapshot | None,
    stop_at: float,
    stats: Stats,
    *,
    mean_think: float,
    target: int | None,
    replace_finished: bool,
    seed: int,
) -> None:
    rng = random.Random(seed * 100_003 + index)
    a, b = 10_000 + 2 * index, 10_001 + 2 * index
    if snap is None:
        snap = await new_game(svc, a, b, target)
    # Paced: moves are due at independent random times (a Poisson stream per
    # game), whatever the latency of the previous one — an open-loop load.
    due = time.perf_counter()
    while time.perf_counter() < stop_at:
        if snap.game.is_over:
            stats.finished += 1
            if not replace_finished:
                return
            snap = await new_game(svc, a, b, target)
        if mean_think > 0:
            due += rng.expovariate(1.0 / mean_think)
            if due >= stop_at:
                break
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
        seat = snap.game.turn
        assert seat is not None
        action = random_action(snap.game, seat, rng)
        started = time.perf_counter()
        try:
            result = await svc.act(
                snap.id, snap.players[seat], action, expected_version=snap.version
            )
        except ServiceError:
            stats.errors += 1
            snap = await svc.get_game(snap.id)
            continue
        stats.latencies.append(time.perf_counter() - started)
        snap = result.snapshot


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(label: str, n: int, stats: Stats, elapsed: float) -> None:
    lat = stats.latencies
    print(
        f"  {label:<9} N={n:<5} moves={len(lat):<7} {len(lat) / elapsed:8.0f} moves/s   "
        f"p50={percentile(lat, 0.50) * 1e3:7.2f} ms  p99={percentile(lat, 0.99) * 1e3:7.2f} ms  "
        f"max={max(lat, default=0) * 1e3:7.1f} ms  errors={stats.errors}  "
        f"games finished={stats.finished}",
        flush=True,
    )


async def run_load(
    path: Path, n: int, seconds: float, mean_think: float, label: str, seed: int
) -> None:
    svc = await GinService.open(path)
    try:
        # Start every game before the clock runs (challenge + accept each).
        games = await asyncio.gather(
            *(new_game(svc, 10_000 + 2 * i, 10_001 + 2 * i, 100) for i in range(n))
        )
        stats = Stats()
        started = time.perf_counter()
        stop_at = started + seconds
        await asyncio.gather(
            *(
                player_pair(
                    svc,
                    i,
                    games[i],
                    stop_at,
                    stats,
                    mean_think=mean_think,
                    target=100,
                    replace_finished=True,
                    seed=seed,
                )
                for i in range(n)
            )
        )
        report(label, n, stats, time.perf_counter() - started)
    finally:
        await svc.close()


async def run_size(path: Path, games: int, seed: int) -> None:
    svc = await GinService.open(path)
    try:
        stats = Stats()
        await asyncio.gather(
            *(
                player_pair(
                    svc,
                    i,
                    None,
                    float("inf"),
                    stats,
                    mean_think=0.0,
                    target=None,
                    replace_finished=False,
                    seed=seed,
                )
                for i in range(games)
            )
        )
        await svc.repository.checkpoint("TRUNCATE")
        sizes = await svc.repository.read(lambda tx: tx.table_sizes())
        moves = len(stats.latencies)
    finally:
        await svc.close()
    size = path.stat().st_size
    print(
        f"  size      {games} games to 100 ({moves / games:.0f} moves per game, "
        f"{moves / games / 2:.0f} per player): {size / games / 1024:.1f} KiB "
        f"per finished game ({size / 1024 / 1024:.2f} MiB file)",
        flush=True,
    )
    if sizes:
        parts = ", ".join(
            f"{name} {b / games / 1024:.1f}" for name, b in sizes.items() if b / games >= 512
        )
        live = sum(sizes.values())
        print(
            f"            {live / games / 1024:.1f} KiB per game in live pages "
            f"(the rest of the file is free pages, reused by later games); by "
            f"table/index: {parts}",
            flush=True,
        )
        per_move = sizes.get("moves", 0) / max(moves, 1)
        print(f"            the move log takes {per_move:.0f} bytes per move", flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--seconds", type=float, default=15.0, help="per load phase")
    parser.add_argument("--rate", type=float, default=1000.0, help="paced: moves/s offered")
    parser.add_argument("--size-games", type=int, default=40)
    parser.add_argument("--skip", nargs="*", default=[], choices=["flat", "paced", "size"])
    parser.add_argument("--dir", type=Path, default=None, help="where to put the files")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        root = Path(tmp)
        print(f"cpus={os.cpu_count()} load={os.getloadavg()[0]:.2f} dir={root}", flush=True)
        for n in args.games:
            if "flat" not in args.skip:
                await run_load(root / f"flat{n}.db", n, args.seconds, 0.0, "flat out", args.seed)
            if "paced" not in args.skip:
                await run_load(
                    root / f"paced{n}.db", n, args.seconds, n / args.rate, "paced", args.seed
                )
        if "size" not in args.skip:
            await run_size(root / "size.db", args.size_games, args.seed)
    print(f"load after={os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
