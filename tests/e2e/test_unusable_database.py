"""A database file that can't be opened ends the start in one line — only one.

``GIN_DB_PATH`` naming a folder, or a new file in a folder nobody may write
to: aiosqlite used to open the file on its own thread and, when that
failed, tell the thread to stop without waiting for it; the thread then
reported to an event loop already closed by the failed start, and a
24-line "Event loop is closed" traceback followed the one-line error about
half the time.  Real processes, several at once (the traceback was a race),
each asserting its whole stderr.  Discord is pointed at a closed local
port, so nothing could reach the network even if the database opened.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Opens the service the way the bot does, and says why it could not in one line.
OPEN_SERVICE = """
import asyncio, sys
from bot.service import GinService
from bot.storage import DatabaseUnavailableError

async def main() -> int:
    try:
        service = await GinService.open(sys.argv[1])
    except DatabaseUnavailableError as err:
        print(f"cannot open the database ({err.detail})", file=sys.stderr)
        return 2
    await service.close()
    return 0

sys.exit(asyncio.run(main()))
"""

#: ``python -m bot``, with Discord's addresses on a port nobody listens on.
RUN_BOT = """
import sys
import discord
discord.http.Route.BASE = "http://127.0.0.1:{port}/api/v10"
sys.argv = ["gin-bot"]
from bot.__main__ import main
main()
"""

#: Copies of each case, all started together: the traceback came about half the time.
COPIES = 2


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIN_", "DISCORD_"))}
    env.update(PYTHONPATH=str(ROOT), GIN_RENDER_WORKERS="0", **extra)
    return env


def _stderr_of_all(argvs: list[list[str]], env: dict[str, str], cwd: Path) -> list[tuple[int, str]]:
    """Run :data:`COPIES` of each ``argv`` at once: each one's exit status and stderr."""
    procs = [
        subprocess.Popen(
            argv,
            env=env,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for argv in argvs
        for _ in range(COPIES)
    ]
    outs = []
    for proc in procs:
        _, err = proc.communicate(timeout=60)
        outs.append((proc.returncode, err))
    return outs


@contextmanager
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder in which no new file can be made.  Root writes wherever the
    mode forbids it, so for root the folder is made immutable instead (or,
    where ``chattr`` can't, ``/proc``: no file can be made there either)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(folder)], check=False).returncode:
        yield Path("/proc")
        return
    try:
        yield folder
    finally:
        subprocess.run([chattr, "-i", str(folder)], check=True)


def _one_line(outs: list[tuple[int, str]], start: str) -> None:
    for code, err in outs:
        assert code == 2, err
        assert len(err.splitlines()) == 1, err  # the whole stderr: no traceback after it
        assert err.startswith(start) and err.endswith("\n"), err


def test_opening_a_folder_or_a_file_in_a_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with read_only_folder(tmp_path) as read_only:
        argvs = [
            [sys.executable, "-c", OPEN_SERVICE, str(target)]
            for target in (folder, read_only / "gin.db")
        ]
        outs = _stderr_of_all(argvs, _env(), tmp_path)
        assert not (read_only / "gin.db").exists()
    _one_line(outs, "cannot open the database (OperationalError: unable to open")


def test_the_bot_says_one_line_for_a_read_only_folder(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with read_only_folder(tmp_path) as read_only:
        env = _env(
            DISCORD_TOKEN="x" * 60,
            GIN_DB_PATH=str(read_only / "gin.db"),
            GIN_LOG_LEVEL="WARNING",  # the start-up notice is INFO
        )
        outs = _stderr_of_all([[sys.executable, "-c", RUN_BOT.format(port=port)]], env, tmp_path)
    _one_line(outs, "gin-bot: cannot open the database")
