"""Start-up problems end in one clear line on stderr and exit status 2."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, code: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` (or ``code`` that ends in its ``main()``) with ``env``."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(("GIN_", "DISCORD_"))}
    full.update({"DISCORD_TOKEN": "x" * 60, "GIN_RENDER_WORKERS": "0", **env})
    full["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-c", code] if code else [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        env=full,
        cwd=tmp_path,
        timeout=60,
    )


def one_line(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_database_path_not_writable(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder should be")
    line = one_line(run_bot(tmp_path, GIN_DB_PATH=str(blocker / "gin.db")))
    assert "cannot open the database" in line and "GIN_DB_PATH" in line


def test_database_from_a_newer_bot(tmp_path: Path) -> None:
    db = tmp_path / "gin.db"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 999")
    line = one_line(run_bot(tmp_path, GIN_DB_PATH=str(db)))
    assert "newer than this bot" in line and str(db) in line
    with sqlite3.connect(db) as conn:  # refused, not touched
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 999


def test_postgresql_unreachable_or_malformed(tmp_path: Path) -> None:
    with socket.socket() as s:  # a port with nobody listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql://gin:s3cret@127.0.0.1:{port}/gin"
    line = one_line(run_bot(tmp_path, GIN_DATABASE_URL=url))
    assert "cannot open the database" in line and "GIN_DATABASE_URL" in line
    assert f"gin:***@127.0.0.1:{port}" in line and "s3cret" not in line
    line = one_line(run_bot(tmp_path, GIN_DATABASE_URL="mysql://x/y"))
    assert "GIN_DATABASE_URL must be a PostgreSQL URL" in line


def test_discord_unreachable(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    wrapper = (
        "import discord\n"
        f"discord.http.Route.BASE = 'http://127.0.0.1:{port}/api/v10'\n"
        "from bot.__main__ import main\n"
        "main()\n"
    )
    line = one_line(run_bot(tmp_path, GIN_DB_PATH=str(tmp_path / "gin.db"), code=wrapper))
    assert line.startswith("gin-bot: cannot reach Discord")


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://gin:s3cret@localhost:notaport/gin",
        "postgresql://gin:s3cret@localhost:99999/gin",
        "postgresql://gin:s3cret@localhost:0/gin",
        "postgresql://gin:s3cret@localhost/gin?sslmode=bogus",
        "postgresql://gin:s3cret@[::1/gin",
        "postgresql://gin:s3cret@localhost/gin?target_session_attrs=zzz",
        "postgresql://gin:s3c@ret@localhost/gin",
        "postgresql://gin:s3cret@localhost/gin?a",
    ],
)
def test_malformed_database_url(tmp_path: Path, url: str) -> None:
    line = one_line(run_bot(tmp_path, GIN_DATABASE_URL=url))
    assert line.startswith("gin-bot: GIN_DATABASE_URL postgresql://gin:***@"), line
    assert "is malformed" in line
    assert "s3c" not in line and "ret@" not in line  # the password, never


def test_missing_token_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DISCORD_TOKEN"] = ""
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "DISCORD_TOKEN" in proc.stderr


def test_rejected_token_prints_one_line_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m bot``'s main() against a fake Discord that refuses the token."""
    import threading

    from bot.__main__ import main

    ready = threading.Event()
    stop: list[asyncio.AbstractEventLoop] = []

    def serve() -> None:
        async def run() -> None:
            async with FakeDiscord(token="the-right-token"):
                stop.append(asyncio.get_running_loop())
                ready.set()
                await asyncio.Event().wait()

        with contextlib.suppress(asyncio.CancelledError, RuntimeError):
            asyncio.run(run())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(10)
    monkeypatch.setenv("DISCORD_TOKEN", "a-wrong-token")
    monkeypatch.setenv("GIN_DB_PATH", str(tmp_path / "gin.db"))
    monkeypatch.chdir(tmp_path)
    try:
        with pytest.raises(SystemExit) as exit_info:
            main()
    finally:
        loop = stop[0]
        for task in asyncio.all_tasks(loop):
            loop.call_soon_threadsafe(task.cancel)
        thread.join(10)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "rejected the token" in err and len(err.strip().splitlines()) == 1
