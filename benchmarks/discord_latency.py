"""Interaction latency through the fake Discord on loopback.

Usage: python benchmarks/discord_latency.py [--games 1 50] [--turns 20]

For each N, N games are played at once by slash commands; for every
``/gin draw`` and ``/gin discard`` we time INTERACTION_CREATE sent → the
interaction callback received by the fake (the bot has committed the move and
rendered the private hand image by then).  Reports p50/p99 per action.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client import GinBot
from bot.engine import ActionKind
from tests.fakediscord import FakeDiscord, FakeUser


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play_game(
    fake: FakeDiscord,
    bot: GinBot,
    users: tuple[FakeUser, FakeUser],
    turns: int,
    lat: dict[str, list[float]],
) -> None:
    a, b = users
    by_id = {a.id: a, b.id: b}
    res = await fake.slash(
        a, "gin", subcommand="challenge", options={"opponent": b, "target": 500}, settle=False
    )
    assert res.message is not None
    accept = next(c for c in res.message.custom_ids() if c.startswith("gin:c:accept:"))
    await fake.click(b, res.message, accept, settle=False)
    snap = await bot.service.active_game_for(fake.guild_id, a.id)
    assert snap is not None
    for _ in range(turns * 2):
        snap = await bot.service.get_game(snap.id)
        game = snap.game
        seat = game.turn
        if seat is None:
            return
        user = by_id[snap.players[seat]]
        legal = game.legal(seat)
        if ActionKind.DISCARD in legal:
            card = game.best_discard(seat).code
            r = await fake.slash(
                user, "gin", subcommand="discard", options={"card": card}, settle=False
            )
            lat["discard"].append(r.latency)
        elif ActionKind.DRAW_STOCK in legal:
            r = await fake.slash(
                user, "gin", subcommand="draw", options={"source": "stock"}, settle=False
            )
            lat["draw"].append(r.latency)
        else:
            await fake.slash(user, "gin", subcommand="pass", settle=False)


async def run(n_games: int, turns: int) -> dict[str, list[float]]:
    lat: dict[str, list[float]] = {"draw": [], "discard": []}
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(default_timeout=30) as fake:
            users = [(fake.add_user(f"p{i}a"), fake.add_user(f"p{i}b")) for i in range(n_games)]
            bot = GinBot(Path(tmp) / "bench.db", ai_delay=0, board_coalesce=0.4, timer_tick=3600)
            async with fake.run_bot(bot):
                start = time.perf_counter()
                await asyncio.gather(*(play_game(fake, bot, u, turns, lat) for u in users))
                elapsed = time.perf_counter() - start
                await bot.play.idle()
            moves = len(lat["draw"]) + len(lat["discard"])
            print(f"  {n_games} games: {moves} timed moves in {elapsed:.1f}s")
    return lat


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, nargs="+", default=[1, 50])
    p.add_argument("--turns", type=int, default=20)
    args = p.parse_args()
    rows = []
    for n in args.games:
        lat = asyncio.run(run(n, args.turns))
        for action in ("draw", "discard"):
            ms = [x * 1000 for x in lat[action]]
            rows.append((n, action, len(ms), statistics.median(ms), pct(ms, 0.99)))
    print(f"{'games':>6} {'action':<8}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}")
    for n, action, count, p50, p99 in rows:
        print(f"{n:>6} {action:<8}{count:>7}{p50:>9.1f}{p99:>9.1f}")


if __name__ == "__main__":
    main()
