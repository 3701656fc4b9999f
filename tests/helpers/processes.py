"""The parent side of running the real bot in its own OS process
(:mod:`tests.helpers.bot_process` is the child): start one for some shards
against the fake Discord, and stop it with a signal."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


#: Shards in the two-process tests: each process owns one.
COUNT = 2


#: Starting a bot process (imports, migrations, command sync) on a busy CI core.
START_TIMEOUT = 60.0


async def start_process(
    fake: FakeDiscord, url: str, shard: int, *, count: int = COUNT
) -> asyncio.subprocess.Process:
    """``python -m bot`` as configured for one shard of ``count``, pointed at
    the fake; returns once its gateway session for that shard has its guilds.
    ``url`` is a PostgreSQL URL, or else the path of a SQLite file."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("GIN_", "DISCORD_", "DEV_GUILD"))
    }
    env.update(
        PYTHONPATH=str(ROOT),
        GIN_SHARDS=str(shard),
        GIN_SHARD_COUNT=str(count),
        GIN_RENDER_WORKERS="0",
        DISCORD_TOKEN="fake-token",
    )
    env["GIN_DATABASE_URL" if url.startswith("postgresql://") else "GIN_DB_PATH"] = url
    identified = fake.identify_count
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.helpers.bot_process",
        fake.api_base,
        fake.gateway_url,
        cwd=ROOT,
        env=env,
    )

    def connected() -> bool:
        if proc.returncode is not None:
            raise AssertionError(f"bot process for shard {shard} exited with {proc.returncode}")
        return fake.identify_count > identified and fake.shard_connected(shard, count)

    await fake.wait_for(connected, timeout=START_TIMEOUT, what=f"the process of shard {shard}")
    return proc


async def stop(proc: asyncio.subprocess.Process, sig: int = signal.SIGINT) -> None:
    if proc.returncode is None:
        proc.send_signal(sig)
        try:
            await asyncio.wait_for(proc.wait(), 30)
        except TimeoutError:
            proc.kill()
            await proc.wait()
