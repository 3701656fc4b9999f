"""Interaction latency through the fake Discord on loopback.

Usage: python benchmarks/discord_latency.py [--games 1 50] [--turns 20]
       [--think 0] [--same-process]

For each N, N games are played at once by slash commands; for every
``/gin draw`` and ``/gin discard`` we time INTERACTION_CREATE sent → the
interaction callback received by the fake (the bot has committed the move and
rendered the private hand image by then).  Reports p50/p99 per action.

The bot runs in its own process (as in production, where Discord is not in
our process); ``--same-process`` runs it beside the fake instead.  ``--think``
is each player's mean pause between moves in seconds (0: every player clicks
again the instant their answer arrives — a stress test, not a real table).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.discord_ui import GinBot
from bot.engine import ActionKind
from bot.service import GinService
from tests.fakediscord import FakeDiscord, FakeUser


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


CHILD = """
import asyncio, sys, discord, yarl
from bot.discord_ui import GinBot
from bot.service import GinService
discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])

async def main():
    service = await GinService.open(sys.argv[3])
    bot = GinBot(service, ai_delay=0, board_coalesce=0.4, timer_tick=3600)
    bot._connection.guild_ready_timeout = 0.05
    async with bot:
        await bot.start("fake-token")

try:
    asyncio.run(main())
except KeyboardInterrupt:
    pass
"""


async def play_game(
    fake: FakeDiscord,
    svc: GinService,
    users: tuple[FakeUser, FakeUser],
    turns: int,
    lat: dict[str, list[float]],
    think: float,
    rng: random.Random,
) -> None:
    a, b = users
    by_id = {a.id: a, b.id: b}
    res = await fake.slash(
        a, "gin", subcommand="challenge", options={"opponent": b, "target": 500}, settle=False
    )
    assert res.message is not None
    accept = next(c for c in res.message.custom_ids() if c.startswith("gin:c:accept:"))
    await fake.click(b, res.message, accept, settle=False)
    snap = None
    while snap is None:
        snap = await svc.active_game_for(fake.guild_id, a.id)
        await asyncio.sleep(0.01)
    for _ in range(turns * 2):
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        snap = await svc.get_game(snap.id)
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


async def run(n_games: int, turns: int, think: float, same_process: bool) -> dict[str, list[float]]:
    lat: dict[str, list[float]] = {"draw": [], "discard": []}
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        async with FakeDiscord(default_timeout=30) as fake:
            users = [(fake.add_user(f"p{i}a"), fake.add_user(f"p{i}b")) for i in range(n_games)]
            if same_process:
                service = await GinService.open(db)
                bot = GinBot(service, ai_delay=0, board_coalesce=0.4, timer_tick=3600)
                async with fake.run_bot(bot):
                    elapsed = await drive(fake, bot.service, users, turns, lat, think, rng)
                    await bot.publisher.idle()
            else:
                root = Path(__file__).resolve().parent.parent
                child = subprocess.Popen(
                    [sys.executable, "-c", CHILD, fake.api_base, fake.gateway_url, str(db)],
                    cwd=root,
                    env={**os.environ, "PYTHONPATH": str(root)},
                )
                try:
                    await fake.wait_for(lambda: fake.commands, what="bot start", timeout=30)
                    await asyncio.sleep(0.3)
                    svc = await GinService.open(db)
                    try:
                        elapsed = await drive(fake, svc, users, turns, lat, think, rng)
                    finally:
                        await svc.close()
                finally:
                    child.send_signal(signal.SIGINT)
                    child.wait(timeout=30)
            moves = len(lat["draw"]) + len(lat["discard"])
            print(f"  {n_games} games: {moves} timed moves in {elapsed:.1f}s")
    return lat


async def drive(
    fake: FakeDiscord,
    svc: GinService,
    users: list[tuple[FakeUser, FakeUser]],
    turns: int,
    lat: dict[str, list[float]],
    think: float,
    rng: random.Random,
) -> float:
    start = time.perf_counter()
    await asyncio.gather(*(play_game(fake, svc, u, turns, lat, think, rng) for u in users))
    return time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, nargs="+", default=[1, 50])
    p.add_argument("--turns", type=int, default=20)
    p.add_argument("--think", type=float, default=0.0)
    p.add_argument("--same-process", action="store_true")
    args = p.parse_args()
    rows = []
    for n in args.games:
        lat = asyncio.run(run(n, args.turns, args.think, args.same_process))
        for action in ("draw", "discard"):
            ms = [x * 1000 for x in lat[action]]
            rows.append((n, action, len(ms), statistics.median(ms), pct(ms, 0.99)))
    print(f"{'games':>6} {'action':<8}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}")
    for n, action, count, p50, p99 in rows:
        print(f"{n:>6} {action:<8}{count:>7}{p50:>9.1f}{p99:>9.1f}")


if __name__ == "__main__":
    main()
