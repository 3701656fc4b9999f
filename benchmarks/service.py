"""Service benchmark: N games playing random legal moves at once on one database.

    .venv/bin/python -m benchmarks.service --games 10 100 1000
    .venv/bin/python -m benchmarks.service --games 1000 --backend sqlite postgresql \\
        --processes 1 2 --skip flat size
    .venv/bin/python -m benchmarks.service --games 1000 --skip size --loop uvloop

For each backend (``sqlite``: a fresh file; ``postgresql``: a fresh database
on a server this script starts from the ``pgserver`` wheel, or ``--pg-url``),
each number of bot processes sharing it (``--processes``: the games and the
offered rate are split between them, each a separate ``python`` process) and
each N, on a fresh database:

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
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.__main__ import loop_factory
from bot.service import GinService, ServiceError, snapshots
from bot.service.snapshots import GameSnapshot
from tests.helpers.service import random_action  # the same random legal player as the tests

GUILD = 1
CHANNEL = 1


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    finished: int = 0


async def new_game(svc: GinService, a: int, b: int, target: int | None) -> GameSnapshot:
    challenge = await svc.challenges.create_challenge(
        GUILD, CHANNEL, a, f"P{a}", b, f"P{b}", target=target
    )
    return await snapshots.accept_challenge(svc, challenge.id, b)


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
            result = await snapshots.act(
                svc, snap.id, snap.players[seat], action, expected_version=snap.version
            )
        except ServiceError:
            stats.errors += 1
            snap = await snapshots.get_game(svc, snap.id)
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
        f"  {label:<22} N={n:<5} moves={len(lat):<7} {len(lat) / elapsed:8.0f} moves/s   "
        f"p50={percentile(lat, 0.50) * 1e3:7.2f} ms  p99={percentile(lat, 0.99) * 1e3:7.2f} ms  "
        f"max={max(lat, default=0) * 1e3:7.1f} ms  errors={stats.errors}  "
        f"games finished={stats.finished}",
        flush=True,
    )


async def run_load(
    path: Path | str,
    n: int,
    seconds: float,
    mean_think: float,
    label: str,
    seed: int,
    *,
    first: int = 0,
    start_at: float | None = None,
) -> tuple[Stats, float]:
    """Games ``first`` … ``first + n - 1``; ``start_at`` (``time.time()``) lines
    up the processes of one run."""
    svc = await GinService.open(path)
    try:
        # Start every game before the clock runs (challenge + accept each).
        games = await asyncio.gather(
            *(new_game(svc, 10_000 + 2 * i, 10_001 + 2 * i, 100) for i in range(first, first + n))
        )
        if start_at is not None:
            await asyncio.sleep(max(0.0, start_at - time.time()))
        stats = Stats()
        started = time.perf_counter()
        stop_at = started + seconds
        await asyncio.gather(
            *(
                player_pair(
                    svc,
                    first + i,
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
        elapsed = time.perf_counter() - started
        if start_at is None:
            report(label, n, stats, elapsed)
        return stats, elapsed
    finally:
        await svc.close()


async def run_processes(
    target: Path | str,
    processes: int,
    n: int,
    seconds: float,
    think: float,
    label: str,
    seed: int,
    loop: str,
) -> None:
    """The load (mean ``think`` seconds between a game's moves; 0: flat out)
    split over ``processes`` bot processes on one database."""
    if processes == 1:
        await run_load(target, n, seconds, think, label, seed)
        return
    share = n // processes
    start_at = time.time() + 3 + n / 200  # time for every process to open and deal
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "benchmarks.service",
            "--loop",
            loop,
            "--child",
            json.dumps(
                {
                    "target": str(target),
                    "first": p * share,
                    "n": share,
                    "seconds": seconds,
                    "think": think,
                    "seed": seed,
                    "start_at": start_at,
                }
            ),
            stdout=asyncio.subprocess.PIPE,
        )
        for p in range(processes)
    ]
    stats = Stats()
    elapsed = 0.0
    for child in children:
        out, _ = await child.communicate()
        result = json.loads(out.decode().strip().splitlines()[-1])
        stats.latencies += result["latencies"]
        stats.errors += result["errors"]
        stats.finished += result["finished"]
        elapsed = max(elapsed, result["elapsed"])
    report(label, n, stats, elapsed)


async def child(spec: str) -> None:
    """One process of a multi-process run: play, then print its figures as JSON."""
    a = json.loads(spec)
    stats, elapsed = await run_load(
        a["target"],
        a["n"],
        a["seconds"],
        a["think"],
        "",
        a["seed"],
        first=a["first"],
        start_at=a["start_at"],
    )
    print(
        json.dumps(
            {
                "latencies": stats.latencies,
                "errors": stats.errors,
                "finished": stats.finished,
                "elapsed": elapsed,
            }
        ),
        flush=True,
    )


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


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--seconds", type=float, default=15.0, help="per load phase")
    parser.add_argument("--rate", type=float, default=1000.0, help="paced: moves/s offered")
    parser.add_argument("--size-games", type=int, default=40)
    parser.add_argument("--skip", nargs="*", default=[], choices=["flat", "paced", "size"])
    parser.add_argument("--dir", type=Path, default=None, help="where to put the files")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--backend", nargs="+", default=["sqlite"], choices=["sqlite", "postgresql"]
    )
    parser.add_argument("--processes", type=int, nargs="+", default=[1])
    parser.add_argument("--pg-url", default=None, help="a PostgreSQL server to use")
    parser.add_argument(
        "--loop",
        default="asyncio",
        choices=["asyncio", "uvloop"],
        help="the event loop (the bot's GIN_EVENT_LOOP; uvloop must be installed)",
    )
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    return parser.parse_args()


async def main(args: argparse.Namespace) -> None:
    print(f"event loop: {args.loop}", flush=True)
    if args.child is not None:
        await child(args.child)
        return

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        root = Path(tmp)
        print(f"cpus={os.cpu_count()} load={os.getloadavg()[0]:.2f} dir={root}", flush=True)
        server = None
        pg_url = args.pg_url
        if "postgresql" in args.backend and pg_url is None:
            import pgserver

            server = pgserver.get_server(root / "pg", cleanup_mode="stop")
            pg_url = str(server.get_uri())
        try:
            for backend in args.backend:

                async def fresh(name: str, backend: str = backend) -> Path | str:
                    if backend == "sqlite":
                        return root / f"{name}.db"
                    return await create_pg_database(str(pg_url), name)

                for n in args.games:
                    for procs in args.processes:
                        if "flat" not in args.skip:
                            label = f"{backend} flat out x{procs}"
                            target = await fresh(f"flat{n}p{procs}")
                            await run_processes(
                                target, procs, n, args.seconds, 0.0, label, 1, args.loop
                            )
                        if "paced" not in args.skip:
                            label = f"{backend} paced x{procs}"
                            target = await fresh(f"paced{n}p{procs}")
                            think = n / args.rate
                            await run_processes(
                                target, procs, n, args.seconds, think, label, args.seed, args.loop
                            )
            if "size" not in args.skip:
                await run_size(root / "size.db", args.size_games, args.seed)
        finally:
            if server is not None:
                server.cleanup()
    print(f"load after={os.getloadavg()[0]:.2f}")


async def create_pg_database(server_url: str, name: str) -> str:
    """A fresh database on the server; its URL."""
    import asyncpg

    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    base, _, query = server_url.partition("?")
    return f"{base.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")


if __name__ == "__main__":
    ARGS = parse_args()
    with asyncio.Runner(loop_factory=loop_factory(ARGS.loop)) as runner:
        runner.run(main(ARGS))
