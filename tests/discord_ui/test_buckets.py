"""Idle rate-limit buckets are forgotten (``bot/discord_ui/buckets.py``): on
discord.py's real HTTP client, those idle a minute with nothing under way go;
a bucket in use, with a request waiting, or still inside its window stays."""

from __future__ import annotations

import asyncio

import discord

from bot.discord_ui.buckets import IDLE, forget_idle, sweep_forever


async def test_only_idle_finished_buckets_are_forgotten() -> None:
    loop = asyncio.get_running_loop()
    http = discord.http.HTTPClient(loop)
    try:
        names = ["idle", "recent", "outgoing", "waiting", "limited"]
        buckets = {name: http.get_ratelimit(name) for name in names}
        now = loop.time()
        for name, bucket in buckets.items():
            bucket._last_request = now - (1 if name == "recent" else IDLE + 1)
        buckets["outgoing"].outgoing = 1
        buckets["waiting"]._pending_requests.append(loop.create_future())
        buckets["limited"].expires = now + 5  # its window has not reset yet
        assert forget_idle(http, now) == 1
        assert sorted(http._buckets) == sorted(set(names) - {"idle"})
        # The one in use is kept until it is idle like the others.
        buckets["outgoing"].outgoing = 0
        assert forget_idle(http, now) == 1 and "outgoing" not in http._buckets
        # A request to a forgotten route just makes a fresh bucket.
        assert http.get_ratelimit("idle") is not buckets["idle"]
    finally:
        await http.close()


async def test_the_sweep_runs_until_cancelled() -> None:
    loop = asyncio.get_running_loop()
    http = discord.http.HTTPClient(loop)
    try:
        http.get_ratelimit("old")._last_request = loop.time() - 1.0
        task = asyncio.create_task(sweep_forever(http, every=0.01, idle=0.5))
        for _ in range(100):
            await asyncio.sleep(0.01)
            if not http._buckets:
                break
        assert not http._buckets
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert task.cancelled()
    finally:
        await http.close()
