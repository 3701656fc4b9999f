"""The repository: one database file, transactions as functions.

Why whole transactions run *inside* the connection's thread
-----------------------------------------------------------
A ``sqlite3`` connection lives on one worker thread
(:class:`~bot.storage.connection.Connection`).  Awaiting statement by
statement would cost a thread round trip per statement and, worse, let
other coroutines slip their statements into our open transaction on the
shared connection.  So :meth:`Repository.write` and :meth:`Repository.read`
send a single plain function that runs the complete transaction in that
thread (``BEGIN IMMEDIATE`` … ``COMMIT``).  A transaction is therefore
atomic with respect to every other coroutine, costs one round trip, and the
sync :class:`~bot.storage.tx.Tx` methods it calls are ordinary ``sqlite3``
code.  The SQL itself lives in :mod:`bot.storage.tables`, a module per
table group.

Durability
----------
WAL mode with ``synchronous=NORMAL``: a commit has been written to the WAL
file (the OS has it) before ``COMMIT`` returns, so killing the process at any
moment — even ``kill -9`` — loses nothing that was reported as committed and
never leaves a half-applied transaction.  Only a power cut or OS crash could
roll back the last few commits (never corrupt the file); pass
``synchronous="FULL"`` (``GIN_DB_SYNC=FULL`` in the configuration) to fsync
every commit too.  ``busy_timeout`` makes a second process on the same file
wait for the write lock instead of failing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from . import migrations, postgres
from .connection import Connection
from .errors import RetryableError, StorageError
from .postgres import PgPool, is_postgres_url
from .tables.base import Db
from .tx import Tx

log = logging.getLogger(__name__)

T = TypeVar("T")


class Repository:
    """One database file; one connection (its own thread) for every read and write,
    transactions as functions (plus a second one that only checkpoints).

    WAL checkpoints (copying the log back into the main file, with an fsync)
    take tens of milliseconds.  Left to SQLite's automatic checkpoint they
    would run inside whichever commit crosses the threshold and stall every
    move queued behind it, so a second connection — its own thread — runs a
    non-blocking ``PASSIVE`` checkpoint every ``checkpoint_interval`` seconds
    instead.  Small and frequent is best: measured at 1,000 moves/s, a 0.1 s
    interval kept p99 near 3 ms where 1 s gave ~15 ms and 5 s ~80 ms (each
    checkpoint's I/O burst grows with the interval); an idle check costs
    microseconds.  The writer keeps a far higher automatic threshold only as
    a safety net should that task ever stop.
    """

    #: Pages (4 KiB) of WAL after which a commit checkpoints by itself.
    SAFETY_AUTOCHECKPOINT = 16384

    #: How a transaction starts, per backend: (write, read).  SQLite takes the
    #: write lock up front; PostgreSQL's read-committed writes are safe here
    #: because every change of a game is ``UPDATE … WHERE version = ?`` (a
    #: racing writer waits for the row, then matches nothing), and reads take
    #: one consistent snapshot.
    BEGIN: ClassVar[dict[str, tuple[str, str]]] = {
        "sqlite": ("BEGIN IMMEDIATE", "BEGIN"),
        "postgresql": ("BEGIN", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
    }

    def __init__(self, conn: Connection | PgPool, path: Path, backend: str = "sqlite") -> None:
        self._conn = conn
        self.path = path
        #: ``"sqlite"`` (the default, a file) or ``"postgresql"`` (a server).
        self.backend = backend
        self._begin_write, self._begin_read = self.BEGIN[backend]
        self._checkpointer: Connection | None = None
        self._checkpoint_task: asyncio.Task[None] | None = None
        self._closed = False

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        synchronous: str = "NORMAL",
        checkpoint_interval: float | None = 0.1,
        pg_connections: int = 4,
    ) -> Repository:
        """Open (creating if needed) and migrate the database at ``path``.
        ``checkpoint_interval=None`` leaves checkpoints to SQLite (inside
        commits).  A ``postgresql://`` URL opens that server instead."""
        if is_postgres_url(path):
            return await cls._open_postgres(str(path), pg_connections)
        db_path = Path(path)
        sync = synchronous.upper()
        if sync not in ("NORMAL", "FULL", "EXTRA"):
            raise StorageError(f"synchronous must be NORMAL, FULL or EXTRA, not {sync!r}")
        if str(db_path) == ":memory:":
            raise StorageError("the game database must be a file (WAL needs one)")
        db_path.parent.mkdir(parents=True, exist_ok=True)
        conn = await Connection.open(db_path, name="gin-db")
        try:
            repo = cls(conn, db_path)
            await conn.call(repo._setup, sync, checkpoint_interval is not None)
            if checkpoint_interval is not None:
                await repo._start_checkpointer(checkpoint_interval)
        except BaseException:
            await conn.close()
            raise
        return repo

    @classmethod
    async def _open_postgres(cls, url: str, connections: int) -> Repository:
        pool = await PgPool.open(url, connections)
        try:
            await pool.call(postgres.migrate, migrations.MIGRATIONS, migrations.split_statements)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, Path(url.split("@")[-1]), "postgresql")

    def _setup(self, db: sqlite3.Connection, sync: str, own_checkpoints: bool) -> None:
        db.execute("PRAGMA busy_timeout = 10000")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StorageError(f"could not switch {self.path} to WAL mode (got {mode!r})")
        db.execute(f"PRAGMA synchronous = {sync}")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA temp_store = MEMORY")
        db.execute("PRAGMA cache_size = -32768")  # 32 MiB: every active game stays cached
        if own_checkpoints:
            db.execute(f"PRAGMA wal_autocheckpoint = {self.SAFETY_AUTOCHECKPOINT:d}")
        migrations.migrate(db)

    async def _start_checkpointer(self, interval: float) -> None:
        ck = await Connection.open(self.path, name="gin-checkpoint")
        try:
            await ck.call(_execute, "PRAGMA busy_timeout = 10000")
        except BaseException:
            await ck.close()
            raise
        self._checkpointer = ck
        self._checkpoint_task = asyncio.create_task(
            self._checkpoint_loop(ck, interval), name=f"wal-checkpoint:{self.path.name}"
        )

    @staticmethod
    async def _checkpoint_loop(ck: Connection, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await ck.call(_execute, "PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error as exc:  # pragma: no cover - retried next round
                log.warning("WAL checkpoint failed: %s", exc)

    async def close(self) -> None:
        """Stop the checkpointer and close (SQLite checkpoints on the last close)."""
        if self._closed:
            return
        self._closed = True
        task, self._checkpoint_task = self._checkpoint_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._checkpointer is not None:
            await self._checkpointer.close()
            self._checkpointer = None
        await self._conn.close()

    # --- transactions -------------------------------------------------------------------

    #: Runs of one transaction that lost a race before we give up (PostgreSQL
    #: only: SQLite's ``BEGIN IMMEDIATE`` lets one writer in at a time).
    ATTEMPTS: ClassVar[int] = 5

    async def write(self, fn: Callable[[Tx], T]) -> T:
        """Run ``fn`` in one write transaction in the connection's thread:
        committed if it returns, rolled back if it raises (the exception then
        reaches the caller unchanged).  A transaction that lost a race with
        another process (a version guard matched nothing, a serialization
        failure) changed nothing and is run again: it re-reads everything, so
        a repeated move now finds the new version and is refused as stale."""
        for attempt in range(1, self.ATTEMPTS + 1):
            try:
                return await self._conn.call(_run, fn, self._begin_write)
            except RetryableError:
                if attempt == self.ATTEMPTS:
                    raise
        raise AssertionError("unreachable")

    async def read(self, fn: Callable[[Tx], T]) -> T:
        """Run ``fn`` in one read transaction: a consistent snapshot even while
        another process writes."""
        return await self._conn.call(_run, fn, self._begin_read)

    # --- conveniences -------------------------------------------------------------------

    async def user_version(self) -> int:
        if self.backend == "postgresql":
            return await self._conn.call(postgres.schema_version)
        return await self._conn.call(migrations.user_version)

    def _sqlite_only(self, what: str) -> None:
        if self.backend != "sqlite":
            raise StorageError(f"{what} is a SQLite operation")

    async def pragma(self, name: str) -> Any:
        """Read one pragma (for tests and diagnostics); ``name`` is ours, not user input."""
        self._sqlite_only("PRAGMA")
        if not name.replace("_", "").isalnum():
            raise StorageError(f"bad pragma name {name!r}")
        return await self._conn.call(lambda db: db.execute(f"PRAGMA {name}").fetchone()[0])

    async def integrity_check(self) -> str:
        return await self.read(lambda tx: tx.integrity_check())

    async def checkpoint(self, mode: str = "PASSIVE") -> tuple[int, int, int]:
        """Copy the WAL back into the main file (``TRUNCATE`` also empties it)."""
        self._sqlite_only("a WAL checkpoint")
        if mode not in ("PASSIVE", "FULL", "RESTART", "TRUNCATE"):
            raise StorageError(f"bad checkpoint mode {mode!r}")

        def run(db: sqlite3.Connection) -> tuple[int, int, int]:
            row = db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
            return (int(row[0]), int(row[1]), int(row[2]))

        return await self._conn.call(run)


def _execute(db: sqlite3.Connection, sql: str) -> None:
    db.execute(sql)


def _run(db: Db, fn: Callable[[Tx], T], begin: str) -> T:
    """One transaction in the connection's thread: ``fn`` commits or rolls back whole."""
    db.execute(begin)
    tx = Tx(db)
    try:
        result = fn(tx)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            try:
                db.execute("ROLLBACK")
            except Exception:  # pragma: no cover - keep the first error
                log.exception("rollback failed")
        raise
    for callback in tx.committed():
        try:
            callback()
        except Exception:  # pragma: no cover - a cache hook must not undo a commit
            log.exception("after-commit hook failed")
    return result
