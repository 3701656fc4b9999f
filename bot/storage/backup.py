"""``gin-bot backup``: a consistent copy of a live SQLite database.

Copying ``gin.db`` with ``cp`` while the bot runs is not a backup: in WAL
mode the latest commits live in ``gin.db-wal`` until a checkpoint moves them
into the main file, and a copy taken mid-checkpoint can hold half of one.
SQLite's online backup API reads one snapshot (a read transaction, which in
WAL mode never blocks the bot's writes) page by page into a new file, so the
copy holds exactly the transactions committed when it started — every game
whole, none half-written.  The copy is written beside the target under a
temporary name, turned into a single self-contained file (no ``-wal``),
checked with ``PRAGMA integrity_check``, and only then renamed into place.

PostgreSQL has its own tool for this: ``pg_dump``.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .errors import StorageError

#: Seconds the copy waits for a lock (only a WAL recovery or a checkpoint
#: in TRUNCATE mode holds one long enough to matter).
BUSY_TIMEOUT = 10.0


@dataclass(frozen=True, slots=True)
class BackupResult:
    """Where the copy went and what it holds."""

    path: Path
    size: int
    schema_version: int
    games: int


def backup_target(dest: Path) -> Path:
    """``dest``, or a time-stamped file inside it when it is a folder."""
    if dest.is_dir():
        return dest / time.strftime("gin-%Y%m%d-%H%M%S.db")
    return dest


def backup_sqlite(source: Path, dest: Path) -> BackupResult:
    """Copy the database at ``source`` to ``dest`` (a new file, or a folder
    to put a time-stamped one in); :class:`StorageError` with a one-line
    reason if it can't."""
    if not source.is_file():
        raise StorageError(f"there is no database file at {source}")
    target = backup_target(dest)
    if target.exists():
        raise StorageError(f"{target} already exists; name a new file (or a folder)")
    if not target.parent.is_dir():
        raise StorageError(f"the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.partial")
    try:
        _copy(source, partial)
        result = _verify(partial)
        os.replace(partial, target)
    except sqlite3.Error as err:
        raise StorageError(f"the backup failed: {err}") from err
    except OSError as err:
        raise StorageError(f"the backup failed: {err.strerror or err} ({err.filename})") from err
    finally:
        for leftover in (partial, partial.with_name(partial.name + "-journal")):
            with contextlib.suppress(OSError):
                leftover.unlink(missing_ok=True)
    return BackupResult(target, target.stat().st_size, result[0], result[1])


def _copy(source: Path, partial: Path) -> None:
    """One snapshot of ``source`` into ``partial``.  ``mode=rw``: a mistyped
    path is refused, never created; not ``ro``, which would leave an empty
    ``-wal`` and ``-shm`` behind when the bot is not running (the last
    connection to close removes them, and a read-only one can't)."""
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True, timeout=BUSY_TIMEOUT)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # all pages in one step: one read transaction, one snapshot
            # The copy is one file on its own: no -wal beside it to lose.
            dst.execute("PRAGMA journal_mode = DELETE")
        finally:
            dst.close()
    finally:
        src.close()


def _verify(path: Path) -> tuple[int, int]:
    """The copy's schema version and number of games, once it proves sound."""
    conn = sqlite3.connect(path)
    try:
        problems = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise StorageError(f"the copy failed its integrity check: {problems[0]}")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        has_games = conn.execute(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'"
        ).fetchone()[0]
        games = int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]) if has_games else 0
    finally:
        conn.close()
    return version, games
