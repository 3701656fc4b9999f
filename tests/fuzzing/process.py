"""The bot under fuzz: the real bot in its own OS process, against the fake
Discord, on one SQLite file — started, killed with SIGKILL, started again.
Its log goes to a file the fuzzer reads after every step."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
#: Starting the process (imports, migrations, command sync) on a busy machine.
START_TIMEOUT = 90.0
LOUD = re.compile(r"^(WARNING|ERROR|CRITICAL) ")


class BotProcess:
    """One bot at a time over ``db_path``; ``log_path`` collects every run's log."""

    def __init__(self, fake: FakeDiscord, db_path: Path, log_path: Path) -> None:
        self.fake = fake
        self.db_path = db_path
        self.log_path = log_path
        self.proc: asyncio.subprocess.Process | None = None
        self._read = 0
        self.starts = 0

    async def start(self) -> None:
        """Start the bot and return once its gateway session has its guilds."""
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("GIN_", "DISCORD_", "DEV_GUILD"))
        }
        env.update(
            PYTHONPATH=str(ROOT),
            GIN_DB_PATH=str(self.db_path),
            GIN_RENDER_WORKERS="0",
            DISCORD_TOKEN="fake-token",
        )
        identified = self.fake.identify_count
        with self.log_path.open("ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.fuzzing.bot_main",
                self.fake.api_base,
                self.fake.gateway_url,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=log,
            )
        proc = self.proc
        self.starts += 1

        def connected() -> bool:
            if proc.returncode is not None:
                raise AssertionError(f"the bot process exited with {proc.returncode}")
            return self.fake.identify_count > identified

        await self.fake.wait_for(connected, timeout=START_TIMEOUT, what="the bot process")
        await self.fake.wait_connected(timeout=START_TIMEOUT)

    async def kill9(self) -> None:
        """SIGKILL: no cleanup, no last heartbeat, whatever was in flight is lost."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()

    async def stop(self) -> None:
        """A clean stop (SIGINT), as an operator would."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return
        proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(proc.wait(), 30)
        except TimeoutError:
            proc.kill()
            await proc.wait()

    def new_log(self) -> list[str]:
        """Log lines written since the last call."""
        if not self.log_path.exists():
            return []
        with self.log_path.open("rb") as f:
            f.seek(self._read)
            data = f.read()
        end = data.rfind(b"\n") + 1  # a line still being written waits for next time
        self._read += end
        return data[:end].decode("utf-8", "replace").splitlines()
