"""Season leaderboard benchmark: ``/gin leaderboard`` for a season with
100,000 stored game results in the server.

    .venv/bin/python -m benchmarks.seasons
    .venv/bin/python -m benchmarks.seasons --results 100000 --backend sqlite postgresql

For each backend (``sqlite``: a fresh file; ``postgresql``: a fresh database
on a server this script starts from the ``pgserver`` wheel, or ``--pg-url``):

1. **fill** — ``--results`` finished, rated games between ``--players``
   players of one server, spread evenly over ``--days`` days up to now, each
   with two score-sheet lines (a knock and a gin), written straight into
   ``games``, ``game_results`` and ``hands`` (the tables the bot writes);
2. **turn seasons on** — ``/ginadmin settings season`` for each length
   (weekly, monthly, quarterly), timed: changing the setting works the
   season in progress out again from the stored results, in one write
   transaction within the storage's usual 1.5 s budget;
3. **leaderboard** — ``--requests`` calls of the service behind
   ``/gin leaderboard`` (``SeasonDesk.leaderboard``, one read transaction:
   the settings, the count, one page), sequentially, for the current season,
   a past season (the week before) and the all-time table: p50 and p99;
4. **for comparison** — the same season's wins and games summed straight
   from ``game_results`` (``GROUP BY`` over the window), what a table
   without ``season_standings`` would have to do on every request (and it
   still could not give Elo ratings, which are a chain game after game).

The goal: p99 ≤ 20 ms for a season's page.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.service import GinService, SeasonLength
from bot.service.season_calendar import season_at
from bot.storage import Repository, Tx
from bot.storage.rows import ResultRow, StatsRow, columns

GUILD = 1
CHANNEL = 1
DAY = 86400.0
GAME_COLS = (
    "id, guild_id, channel_id, player0, player1, name0, name1, ruleset, state, version, "
    "status, hand_number, created_at, updated_at, finished_at"
)
HAND_COLS = (
    "game_id, hand_number, ending, knocker_seat, winner_seat, points, doubled, deadwood0, "
    "deadwood1, total0, total1, finished_at"
)


def marks(n: int) -> str:
    return ", ".join("?" for _ in range(n))


def rows_for(n: int, players: int, days: float, now: float, seed: int) -> tuple[list[Any], ...]:
    """``n`` games, results and hands, oldest first, evenly over ``days`` days,
    and the players' all-time statistics they add up to."""
    rng = random.Random(seed)
    games, results, hands = [], [], []
    played = [0] * players
    won = [0] * players
    start = now - days * DAY
    step = days * DAY / n
    ratings = [1200.0] * players
    for i in range(n):
        game_id = i + 1
        at = start + i * step
        a, b = rng.sample(range(players), 2)
        p0, p1 = 1000 + a, 1000 + b
        winner = rng.randrange(2)
        games.append(
            (
                game_id,
                GUILD,
                CHANNEL,
                p0,
                p1,
                f"P{a}",
                f"P{b}",
                "{}",
                "{}",
                40,
                "finished",
                2,
                at - 600,
                at,
                at,
            )
        )
        t = (100 if winner == 0 else 35, 100 if winner == 1 else 35)
        before = (ratings[a], ratings[b])
        delta = 16.0
        after = (
            before[0] + (delta if winner == 0 else -delta),
            before[1] + (delta if winner == 1 else -delta),
        )
        ratings[a], ratings[b] = after
        played[a] += 1
        played[b] += 1
        won[(a, b)[winner]] += 1
        results.append(
            ResultRow(
                game_id=game_id,
                guild_id=GUILD,
                player0=p0,
                player1=p1,
                winner_seat=winner,
                reason="target",
                rated=1,
                ai_level=None,
                hands_played=2,
                hand_points0=t[0] - 25 if winner == 0 else 10,
                hand_points1=t[1] - 25 if winner == 1 else 10,
                hands_won0=2 if winner == 0 else 0,
                hands_won1=2 if winner == 1 else 0,
                shutout0=0,
                shutout1=0,
                line_bonus0=0,
                line_bonus1=0,
                game_bonus0=25 if winner == 0 else 0,
                game_bonus1=25 if winner == 1 else 0,
                total0=t[0],
                total1=t[1],
                rating_before0=before[0],
                rating_after0=after[0],
                rating_before1=before[1],
                rating_after1=after[1],
                finished_at=at,
            )
        )
        hands.append(
            (
                game_id,
                1,
                "knock",
                winner,
                winner,
                20,
                0,
                3,
                23,
                20 * (winner == 0),
                20 * (winner == 1),
                at - 300,
            )
        )
        hands.append(
            (
                game_id,
                2,
                "gin",
                winner,
                winner,
                55,
                0,
                0,
                30,
                75 * (winner == 0),
                75 * (winner == 1),
                at,
            )
        )
    stats = [
        StatsRow(
            GUILD,
            1000 + u,
            f"P{u}",
            ratings[u],
            played[u],
            won[u],
            played[u] - won[u],
            2 * won[u],
            won[u],
            0,
            0,
            0,
            0,
            100,
            0,
            0,
            now,
        )
        for u in range(players)
        if played[u]
    ]
    return games, results, hands, stats


async def fill(target: Path | str, n: int, players: int, days: float, now: float) -> float:
    games, results, hands, stats = rows_for(n, players, days, now, seed=1)
    repo = await Repository.open(target, busy_timeout=600.0)
    started = time.perf_counter()
    try:
        chunk = 5000
        for i in range(0, n, chunk):

            async def write(tx: Tx, i: int = i) -> None:
                db = tx._db
                await db.executemany(
                    f"INSERT INTO games ({GAME_COLS}) VALUES ({marks(15)})", games[i : i + chunk]
                )
                await db.executemany(
                    f"INSERT INTO game_results ({columns(ResultRow)}) VALUES ({marks(26)})",
                    [
                        tuple(getattr(r, f) for f in r.__dataclass_fields__)
                        for r in results[i : i + chunk]
                    ],
                )
                await db.executemany(
                    f"INSERT INTO hands ({HAND_COLS}) VALUES ({marks(12)})",
                    hands[2 * i : 2 * (i + chunk)],
                )

            await repo.write(write)
        await repo.write(
            lambda tx: tx._db.executemany(
                f"INSERT INTO player_stats ({columns(StatsRow)}) VALUES ({marks(17)})",
                [tuple(getattr(r, f) for f in r.__dataclass_fields__) for r in stats],
            )
        )
        if repo.backend == "postgresql":
            await repo.write(lambda tx: tx._db.execute("ANALYZE"))
    finally:
        await repo.close()
    return time.perf_counter() - started


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def timed(count: int, call: Callable[[], Awaitable[object]]) -> tuple[float, float]:
    """(p50, p99) of ``count`` sequential calls, in milliseconds."""
    for _ in range(20):  # warm-up
        await call()
    took = []
    for _ in range(count):
        t0 = time.perf_counter()
        await call()
        took.append((time.perf_counter() - t0) * 1000)
    return statistics.median(took), percentile(took, 99)


async def run(label: str, target: Path | str, args: argparse.Namespace) -> None:
    now = time.time()
    seconds = await fill(target, args.results, args.players, args.days, now)
    print(f"{label}: filled {args.results:,} results in {seconds:.1f} s", flush=True)
    svc = await GinService.open(target, clock=lambda: now)
    try:
        for length in (SeasonLength.QUARTERLY, SeasonLength.MONTHLY, SeasonLength.WEEKLY):
            season = season_at(length, now)
            counted = await svc.repository.read(
                lambda tx, s=season: tx._db.fetchone(
                    "SELECT COUNT(*) FROM game_results WHERE guild_id = ? AND finished_at >= ? "
                    "AND finished_at < ?",
                    (GUILD, s.starts_at, s.ends_at),
                )
            )
            t0 = time.perf_counter()
            await svc.settings.update_setting(GUILD, "season", length.value)
            took = (time.perf_counter() - t0) * 1000
            print(
                f"{label}: season {length.value}: turned on in {took:.0f} ms "
                f"(its {counted[0] if counted else 0:,} results worked out again)",
                flush=True,
            )
        week = season_at(SeasonLength.WEEKLY, now)
        before = week.before()
        # The week before as a closed season (its table rebuilt as the setting would).
        from bot.service.season_rebuild import rebuild_season

        await svc.repository.write(lambda tx: rebuild_season(tx, GUILD, before))
        cases: list[tuple[str, Callable[[], Awaitable[object]]]] = [
            ("current season", lambda: svc.seasons.leaderboard(GUILD)),
            ("past season", lambda: svc.seasons.leaderboard(GUILD, season=before.key)),
            (
                "current, page 3 by wins",
                lambda: svc.seasons.leaderboard(GUILD, sort="wins", page=3),
            ),
            ("all time", lambda: svc.seasons.leaderboard(GUILD, season="all")),
        ]
        for name, call in cases:
            p50, p99 = await timed(args.requests, call)
            print(f"{label}: leaderboard, {name}: p50 {p50:.2f} ms, p99 {p99:.2f} ms", flush=True)

        async def grouped() -> object:
            return await svc.repository.read(
                lambda tx: tx._db.fetchall(
                    "SELECT u, COUNT(*), SUM(w) FROM (SELECT player0 AS u, "
                    "CASE WHEN winner_seat = 0 THEN 1 ELSE 0 END AS w FROM game_results "
                    "WHERE guild_id = ? AND finished_at >= ? AND finished_at < ? AND rated = 1 "
                    "UNION ALL SELECT player1, CASE WHEN winner_seat = 1 THEN 1 ELSE 0 END "
                    "FROM game_results WHERE guild_id = ? AND finished_at >= ? "
                    "AND finished_at < ? AND rated = 1) AS x GROUP BY u ORDER BY 3 DESC LIMIT 10",
                    (GUILD, q.starts_at, q.ends_at, GUILD, q.starts_at, q.ends_at),
                )
            )

        for length in (SeasonLength.WEEKLY, SeasonLength.QUARTERLY):
            q = season_at(length, now)
            p50, p99 = await timed(max(20, args.requests // 10), grouped)
            print(
                f"{label}: for comparison, wins summed from game_results over the "
                f"{length.value} window: p50 {p50:.2f} ms, p99 {p99:.2f} ms",
                flush=True,
            )
    finally:
        await svc.close()


async def main(args: argparse.Namespace) -> None:
    print(
        f"cpus={os.cpu_count()} load={os.getloadavg()[0]:.2f} results={args.results:,} "
        f"players={args.players} days={args.days:g} requests={args.requests}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        root = Path(tmp)
        # pgserver keeps its lock files under the runtime directory.
        os.environ.setdefault("XDG_RUNTIME_DIR", str(root))
        server = None
        try:
            for backend in args.backend:
                if backend == "sqlite":
                    await run("sqlite", root / "seasons.db", args)
                    continue
                pg_url = args.pg_url
                if pg_url is None:
                    import pgserver

                    server = pgserver.get_server(root / "pg", cleanup_mode="stop")
                    pg_url = str(server.get_uri())
                from benchmarks.service import create_pg_database

                await run("postgresql", await create_pg_database(pg_url, "seasons"), args)
        finally:
            if server is not None:
                server.cleanup()
    print(f"load after={os.getloadavg()[0]:.2f}")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--days", type=float, default=730.0, help="spread over this many days")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--backend", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument("--pg-url", default=None)
    parser.add_argument("--dir", default=None, help="where the temporary databases go")
    return parser.parse_args()


if __name__ == "__main__":
    asyncio.run(main(parse_args()))
