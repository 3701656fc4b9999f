"""The command line, run as an operator would: ``python -m bot …`` in its own
process, in a folder of its own, with only the settings each test gives.

``--help`` and ``--version`` start nothing; ``check`` reports on a fresh
folder, a database with games, and refuses a newer schema or a bad URL in
one line; ``backup`` copies a database while another process writes games
into it; ``health`` reads the heartbeat file.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest

from bot.storage import LATEST_VERSION

ROOT = Path(__file__).resolve().parents[2]
#: What the invite asks for: View Channels, Send Messages, Embed Links, Attach
#: Files, Read Message History, Create Public Threads, Send Messages in Threads.
INVITE_PERMISSIONS = 309237763072
SCOPES = "scope=bot+applications.commands"


def gin_bot(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``gin-bot ARGS`` in ``cwd`` with only ``env`` as settings."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(("GIN_", "DISCORD_", "DEV_"))}
    full.update(env, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        env=full,
        cwd=cwd,
        timeout=120,
    )


def one_line(proc: subprocess.CompletedProcess[str], status: int) -> str:
    """The single stderr line of a refusal with exit ``status``."""
    assert proc.returncode == status, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("gin-bot"), lines[0]
    return lines[0]


# --- help and version ----------------------------------------------------------------------


def test_help_and_version_start_nothing(tmp_path: Path) -> None:
    # No token: had anything tried to run the bot, it would exit 2 saying so.
    shown = gin_bot(tmp_path, "--help")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("usage: gin-bot")
    for command in ("run", "check", "backup", "health", "--log-level", "--version"):
        assert command in shown.stdout
    ran = gin_bot(tmp_path, "--version")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == f"gin-bot {version('gin-bot')}"
    sub = gin_bot(tmp_path, "backup", "--help")
    assert sub.returncode == 0 and "PATH" in sub.stdout and "pg_dump" in sub.stdout
    assert list(tmp_path.iterdir()) == []  # no database, no file: nothing started


def test_usage_mistakes_are_one_line(tmp_path: Path) -> None:
    line = one_line(gin_bot(tmp_path, "--log-level", "loud"), 2)
    assert "--log-level" in line and "DEBUG" in line
    line = one_line(gin_bot(tmp_path, "launch"), 2)
    assert "launch" in line and "check" in line
    line = one_line(gin_bot(tmp_path, "check", GIN_LOG_LEVEL="chatty"), 2)
    assert "GIN_LOG_LEVEL" in line


# --- check ---------------------------------------------------------------------------------


def test_check_on_a_fresh_folder_reads_its_env_file_and_creates_the_database(
    tmp_path: Path,
) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-the-env-file\nGIN_DB_PATH=games/gin.db\n")
    (tmp_path / "games").mkdir()
    proc = gin_bot(tmp_path, "check")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"schema version {LATEST_VERSION}" in proc.stdout, proc.stdout
    assert "0 games (0 in progress), 0 players" in proc.stdout
    assert f"client_id=<APP_ID>&{SCOPES}&permissions={INVITE_PERMISSIONS}" in proc.stdout
    assert (tmp_path / "games" / "gin.db").is_file()  # the .env of the working directory
    with sqlite3.connect(tmp_path / "games" / "gin.db") as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION


def test_check_counts_games_and_names_the_application(tmp_path: Path) -> None:
    db = tmp_path / "gin.db"
    writer = subprocess.run(
        [sys.executable, "-m", "tests.cli.writer", str(db), "3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert writer.returncode == 0, writer.stderr
    proc = gin_bot(
        tmp_path, "check", DISCORD_TOKEN="t", GIN_DB_PATH=str(db), GIN_APPLICATION_ID="1234"
    )
    assert proc.returncode == 0, proc.stderr
    assert "3 games (3 in progress), 3 players, 2 servers" in proc.stdout, proc.stdout
    assert f"client_id=1234&{SCOPES}&permissions={INVITE_PERMISSIONS}" in proc.stdout
    assert "<APP_ID>" not in proc.stdout


def test_check_without_a_token_reports_then_fails(tmp_path: Path) -> None:
    proc = gin_bot(tmp_path, "check")
    assert f"schema version {LATEST_VERSION}" in proc.stdout
    assert "DISCORD_TOKEN" in one_line(proc, 1)


def test_check_refuses_a_newer_schema_untouched(tmp_path: Path) -> None:
    db = tmp_path / "gin.db"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 999")
    line = one_line(gin_bot(tmp_path, "check", DISCORD_TOKEN="t", GIN_DB_PATH=str(db)), 1)
    assert "newer than this bot" in line and "999" in line
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 999


@pytest.mark.parametrize(
    ("env", "status", "words"),
    [
        ({"GIN_DATABASE_URL": "mysql://gin@localhost/gin"}, 2, "must be a PostgreSQL URL"),
        ({"GIN_DATABASE_URL": "postgresql://gin:s3cret@localhost:99999/gin"}, 2, "port"),
        ({"GIN_DATABASE_URL": "postgresql://gin:s3cret@127.0.0.1:1/gin"}, 1, "cannot open"),
        ({"GIN_DB_PATH": "."}, 2, "is a folder"),
    ],
)
def test_check_refuses_a_database_it_cannot_use_in_one_line(
    tmp_path: Path, env: dict[str, str], status: int, words: str
) -> None:
    line = one_line(gin_bot(tmp_path, "check", DISCORD_TOKEN="t", **env), status)
    assert words in line and "s3cret" not in line


# --- backup --------------------------------------------------------------------------------


def test_backup_while_another_process_writes_games(tmp_path: Path) -> None:
    db = tmp_path / "gin.db"
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.cli.writer", str(db), "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert writer.stdout is not None
        committed = [int(writer.stdout.readline()) for _ in range(30)]
        copy = tmp_path / "copy.db"
        proc = gin_bot(tmp_path, "backup", str(copy), GIN_DB_PATH=str(db))
        # The writer was still at it (a game every few ms) when the copy was done.
        assert writer.poll() is None, writer.stderr.read() if writer.stderr else ""
    finally:
        writer.terminate()
        writer.wait(30)
    assert proc.returncode == 0, proc.stderr
    assert f"to {copy}" in proc.stdout and "integrity ok" in proc.stdout
    assert not copy.with_name("copy.db-wal").exists()  # one self-contained file
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        ids = {row[0] for row in conn.execute("SELECT id FROM games")}
        # Every game committed before the copy began, each with its players' seats.
        assert set(committed) <= ids
        seated = conn.execute("SELECT COUNT(*) FROM active_players").fetchone()[0]
        assert seated == len(ids)
    # The copy is a database the bot opens as it is.
    checked = gin_bot(tmp_path, "check", DISCORD_TOKEN="t", GIN_DB_PATH=str(copy))
    assert checked.returncode == 0, checked.stderr
    assert f"{len(ids)} games" in checked.stdout


def test_backup_into_a_folder_refuses_to_overwrite_and_sends_postgresql_to_pg_dump(
    tmp_path: Path,
) -> None:
    db = tmp_path / "gin.db"
    sqlite3.connect(db).close()
    keep = tmp_path / "backups"
    keep.mkdir()
    made = gin_bot(tmp_path, "backup", str(keep), GIN_DB_PATH=str(db))
    assert made.returncode == 0, made.stderr
    (copy,) = keep.iterdir()
    assert copy.name.startswith("gin-") and copy.suffix == ".db"
    line = one_line(gin_bot(tmp_path, "backup", str(copy), GIN_DB_PATH=str(db)), 1)
    assert "already exists" in line
    line = one_line(gin_bot(tmp_path, "backup", "x.db", GIN_DB_PATH=str(tmp_path / "no.db")), 1)
    assert "no database file" in line and not (tmp_path / "no.db").exists()
    url = "postgresql://gin:s3cret@localhost/gin"
    line = one_line(gin_bot(tmp_path, "backup", "x.db", GIN_DATABASE_URL=url), 1)
    assert "pg_dump" in line and "s3cret" not in line


# --- health --------------------------------------------------------------------------------


def test_health_reads_the_heartbeat_file(tmp_path: Path) -> None:
    beat = tmp_path / "alive"
    assert "GIN_HEALTH_FILE" in one_line(gin_bot(tmp_path, "health"), 1)
    assert "no heartbeat" in one_line(gin_bot(tmp_path, "health", GIN_HEALTH_FILE=str(beat)), 1)
    beat.touch()
    fresh = gin_bot(tmp_path, "health", GIN_HEALTH_FILE=str(beat))
    assert fresh.returncode == 0, fresh.stderr
    old = time.time() - 3600
    os.utime(beat, (old, old))
    stale = one_line(gin_bot(tmp_path, "health", GIN_HEALTH_FILE=str(beat)), 1)
    assert "not connected" in stale
