"""The repository: one database, one async transaction API on both backends.

Transactions
------------
``async with repo.transaction() as tx:`` opens one transaction and yields a
:class:`~bot.storage.tx.Tx`, whose typed statements are each one ``await``;
it commits when the block ends and rolls back if it raises.
:meth:`Repository.write` and :meth:`Repository.read` run a whole function of
a ``Tx`` that way, and run a write again when it lost a race (it changed
nothing, and re-reads everything).  The SQL itself lives in
:mod:`bot.storage.tables`, a module per table group; the backends are
:mod:`bot.storage.sqlite` (aiosqlite, one connection behind a lock) and
:mod:`bot.storage.postgres` (an asyncpg pool).

Durability (SQLite)
-------------------
WAL mode with ``synchronous=NORMAL``: a commit has been written to the WAL
file (the OS has it) before ``COMMIT`` returns, so killing the process at any
moment — even ``kill -9`` — loses nothing that was reported as committed and
never leaves a half-applied transaction.  Only a power cut or OS crash could
roll back the last few commits (never corrupt the file); pass
``synchronous="FULL"`` (``GIN_DB_SYNC=FULL`` in the configuration) to fsync
every commit too.

When the database is away
-------------------------
Every transaction that can't reach the database — the PostgreSQL server is
down or restarting, the SQLite file is locked by another program past
``busy_timeout``, read-only or on a full disk — raises
:class:`~bot.storage.errors.DatabaseUnavailableError` having changed
nothing; the first one of an outage is logged as a warning, and the first
success after it says how long it lasted.  Nothing is kept "for later":
the caller (the service, and through it the player) decides what to do.

No answer waits past Discord's 3 seconds
----------------------------------------
Each operation has a budget (``busy_timeout``, 1.5 s by default): a
transaction that has not *started* by then is refused the same way,
however the time went — waiting for the connection behind other writes,
for another program's lock on the SQLite file, or for a pooled PostgreSQL
connection; and a PostgreSQL transaction still running then, its server no
longer answering, has its connection closed.  The budget is counted from when the operation began
(:meth:`Repository.deadline`), not per statement or per attempt: a write
run again after a lost race shares it, and so does a wait for a lock of
the caller's (:meth:`Repository.holding`: the service's per-game lock, held
by a move that is itself waiting for the database).  Reads on SQLite have a
connection of their own and don't queue behind writes at all.

A refusal for want of time while the database itself answers is a
:class:`~bot.storage.errors.BusyError`, worded as "the bot is very busy" and
reported to the operator at most once a minute, never as an outage.  It is
told from an outage by what happened while it waited: behind this process's
own transactions or game locks, others committed meanwhile (more work than
CPU: busy); nothing committed since it began, or an outage is under way (it
was queued behind a transaction the database isn't answering: unavailable).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any, ClassVar, Final, TypeVar

from . import postgres
from .errors import (
    BusyError,
    ConnectionLostError,
    DatabaseUnavailableError,
    NeedsTransactionError,
    RetryableError,
    StorageError,
)
from .postgres import PgStore, is_postgres_url
from .sqlite import SqliteStore
from .tx import Tx

log = logging.getLogger(__name__)

T = TypeVar("T")

#: The deadline (``time.monotonic()``) of the operation under way, with the
#: task that set it: a task started inside the operation (it copies the
#: context) is not bound by it.
_DEADLINE: ContextVar[tuple[asyncio.Task[Any] | None, float] | None] = ContextVar(
    "storage_deadline", default=None
)

#: Seconds an operation may wait for the database before it is refused: well
#: inside Discord's 3 s for a first answer, with room for the answer itself
#: on a busy machine.
BUDGET: Final = 1.5

#: The detail (for the log) of an operation refused waiting for a caller's lock.
HELD: Final = "its time ran out waiting for an earlier operation on the same game"


class Repository:
    """One database (a SQLite file or a PostgreSQL server) and its transactions."""

    #: Runs of one write that lost a race before we give up: a version guard
    #: that matched nothing, a unique key, a serialization failure, or a
    #: PostgreSQL connection that broke before ``COMMIT``.
    ATTEMPTS: ClassVar[int] = 5
    #: Seconds between two warnings about operations refused as busy.
    BUSY_REPORT: ClassVar[float] = 60.0

    def __init__(
        self,
        store: SqliteStore | PgStore,
        path: Path,
        backend: str = "sqlite",
        budget: float = BUDGET,
    ) -> None:
        self._store = store
        self.path = path
        #: ``"sqlite"`` (the default, a file) or ``"postgresql"`` (a server).
        self.backend = backend
        #: Seconds an operation may wait for the database (see the module docstring).
        self.budget = budget
        self._closed = False
        #: ``time.monotonic()`` of the first failure of the current outage.
        self._down_since: float | None = None
        #: ``time.monotonic()`` of the last committed write (busy or stuck?).
        self._last_write = -float("inf")
        #: Operations refused as busy since the last warning, and its time.
        self._busy_refused = 0
        self._busy_reported = -self.BUSY_REPORT

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        synchronous: str = "NORMAL",
        checkpoint_interval: float | None = 0.1,
        pg_connections: int = 4,
        busy_timeout: float = BUDGET,
    ) -> Repository:
        """Open (creating if needed) and migrate the database at ``path``.
        ``checkpoint_interval=None`` leaves checkpoints to SQLite (inside
        commits).  ``busy_timeout``: the budget, seconds an operation may
        wait for the database — another process's lock, the connection,
        the server — before it is refused (under Discord's 3-second answer
        limit; see the module docstring).  A ``postgresql://`` URL opens that
        server instead, with ``pg_connections`` pooled connections."""
        if is_postgres_url(path):
            url = str(path)
            store: SqliteStore | PgStore = await PgStore.open(url, pg_connections)
            return cls(store, Path(url.split("@")[-1]), "postgresql", busy_timeout)
        db_path = Path(path)
        sync = synchronous.upper()
        if sync not in ("NORMAL", "FULL", "EXTRA"):
            raise StorageError(f"synchronous must be NORMAL, FULL or EXTRA, not {sync!r}")
        if str(db_path) == ":memory:":
            raise StorageError("the game database must be a file (WAL needs one)")
        db_path.parent.mkdir(parents=True, exist_ok=True)
        store = await SqliteStore.open(
            db_path,
            synchronous=sync,
            checkpoint_interval=checkpoint_interval,
            busy_timeout=busy_timeout,
        )
        return cls(store, db_path, budget=busy_timeout)

    async def close(self) -> None:
        """Close the connections (idempotent)."""
        if self._closed:
            return
        self._closed = True
        await self._store.close()

    # --- deadlines ----------------------------------------------------------------------

    @contextlib.contextmanager
    def deadline(self) -> Iterator[float]:
        """The deadline (``time.monotonic()``) of the operation under way in
        this task, starting one of :attr:`budget` seconds if none is: every
        transaction, retry and :meth:`holding` inside the block shares it."""
        task = asyncio.current_task()
        held = _DEADLINE.get()
        if held is not None and held[0] is task:
            yield held[1]
            return
        until = time.monotonic() + self.budget
        token = _DEADLINE.set((task, until))
        try:
            yield until
        finally:
            _DEADLINE.reset(token)

    @contextlib.asynccontextmanager
    async def holding(self, lock: asyncio.Lock) -> AsyncIterator[None]:
        """Hold ``lock`` (the caller's, e.g. a game's) for the block, waiting
        for it only within the operation's deadline, which the block shares:
        an operation queued behind another that waits for the database is
        refused in time, :class:`DatabaseUnavailableError` having done
        nothing, instead of waiting out the other's budget and then its own."""
        with self.deadline() as until:
            try:
                async with asyncio.timeout(until - time.monotonic()):
                    await lock.acquire()
            except TimeoutError:
                self._busy_or_down(BusyError(HELD), until)
                raise BusyError(HELD) from None
            try:
                yield
            finally:
                lock.release()

    # --- transactions -------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def transaction(self, *, write: bool = True, lone: bool = False) -> AsyncIterator[Tx]:
        """One transaction: committed when the block ends, rolled back if it
        raises (the exception then reaches the caller unchanged).  A read
        (``write=False``) sees one consistent snapshot even while another
        process writes.  Callbacks registered with :meth:`Tx.after_commit`
        run after the commit, never after a rollback.  A block that lost a
        race is not run again (it can't be): :meth:`write` does that.
        ``lone``: see :meth:`read` and :meth:`write`."""
        try:
            with self.deadline() as until:
                async with self._transaction(write, until, lone) as db:
                    tx = Tx(db)
                    yield tx
        except BusyError as exc:
            self._busy_or_down(exc, until)
            raise
        except DatabaseUnavailableError as exc:
            if not isinstance(exc, ConnectionLostError):  # that one is run again first
                self._note_down(exc)
            raise
        if write:
            self._last_write = time.monotonic()
        if self._down_since is not None:
            self._note_up()
        for callback in tx.committed():
            try:
                callback()
            except Exception:  # pragma: no cover - a cache hook must not undo a commit
                log.exception("after-commit hook failed")

    def _transaction(
        self, write: bool, deadline: float, lone: bool
    ) -> contextlib.AbstractAsyncContextManager[Any]:
        if isinstance(self._store, SqliteStore):
            return self._store.transaction(write=write, deadline=deadline, lone=lone)
        # PostgreSQL: a pooled connection per transaction, no queue to skip.
        return self._store.transaction(write=write, deadline=deadline)

    def _lone(self, wanted: bool) -> bool:
        """Whether to run a function as lone statements first (SQLite only)."""
        return wanted and isinstance(self._store, SqliteStore)

    async def write(self, fn: Callable[[Tx], Awaitable[T]], *, lone: bool = False) -> T:
        """Run ``fn`` in one write transaction (see :meth:`transaction`).  A
        transaction that lost a race with another process (a version guard
        matched nothing, a serialization failure) or lost its PostgreSQL
        connection before ``COMMIT`` changed nothing and is run again: it
        re-reads everything, so a repeated move now finds the new version and
        is refused as stale.  Every run shares one deadline.

        ``lone``: ``fn`` usually reads one row and then writes one
        statement last that guards itself (an ``UPDATE … WHERE version =
        ?``), so on SQLite its first run sends both alone, outside any
        transaction, never waiting a round trip for a connection (see
        :mod:`bot.storage.sqlite`, "Lone statements").  A run that wants more
        is stopped before sending it and run again as an ordinary write, as
        is every run after a lost race."""
        lone = self._lone(lone)
        with self.deadline():
            for attempt in range(1, self.ATTEMPTS + 1):
                try:
                    if lone:
                        try:
                            async with self.transaction(write=True, lone=True) as tx:
                                return await fn(tx)
                        except NeedsTransactionError:
                            pass
                    async with self.transaction(write=True) as tx:
                        return await fn(tx)
                except RetryableError as exc:
                    lone = False
                    if attempt == self.ATTEMPTS:
                        if isinstance(exc, ConnectionLostError):
                            self._note_down(exc)
                        raise
        raise AssertionError("unreachable")

    async def read(self, fn: Callable[[Tx], Awaitable[T]]) -> T:
        """Run ``fn`` in one read transaction: a consistent snapshot even while
        another process writes (run again if the connection broke, within
        the same deadline).  On SQLite a read of one statement — most reads —
        is sent alone, outside any transaction, never waiting a round trip
        for a connection; one that wants a second is stopped before sending
        it and run again in a transaction (see :mod:`bot.storage.sqlite`,
        "Lone statements")."""
        with self.deadline():
            for attempt in range(1, self.ATTEMPTS + 1):
                try:
                    if self._lone(attempt == 1):
                        try:
                            async with self.transaction(write=False, lone=True) as tx:
                                return await fn(tx)
                        except NeedsTransactionError:
                            pass
                    async with self.transaction(write=False) as tx:
                        return await fn(tx)
                except ConnectionLostError as exc:
                    if attempt == self.ATTEMPTS:
                        self._note_down(exc)
                        raise
        raise AssertionError("unreachable")

    def _note_down(self, exc: DatabaseUnavailableError) -> None:
        if self._down_since is None:
            self._down_since = time.monotonic()
            log.warning(
                "the database is unavailable (%s); refusing changes until it is back",
                exc.detail or type(exc).__name__,
            )
        else:
            log.debug("the database is still unavailable (%s)", exc.detail)

    def _busy_or_down(self, exc: BusyError, until: float) -> None:
        """An operation waited its whole budget behind others: busy (the
        others went through meanwhile — a write committed since it began) or
        stuck behind a database that doesn't answer (nothing committed since:
        an outage, and worded so — :class:`DatabaseUnavailableError` raised
        from here).  Returns when it is busy, after counting it."""
        if self._down_since is not None or self._last_write < until - self.budget:
            raise DatabaseUnavailableError(exc.detail) from exc
        self._note_busy()

    def _note_busy(self) -> None:
        """Count an operation refused for want of time (:class:`BusyError`);
        tell the operator at most once a :attr:`BUSY_REPORT` seconds."""
        self._busy_refused += 1
        now = time.monotonic()
        if now - self._busy_reported >= self.BUSY_REPORT:
            log.warning(
                "%d operation(s) refused in the last %.0f s: each waited %.1f s for the "
                "database behind others (the bot has more work than its CPU)",
                self._busy_refused,
                min(now - self._busy_reported, self.BUSY_REPORT),
                self.budget,
            )
            self._busy_refused = 0
            self._busy_reported = now

    def _note_up(self) -> None:
        if self._down_since is not None:
            log.warning("the database is back after %.1f s", time.monotonic() - self._down_since)
            self._down_since = None

    # --- conveniences -------------------------------------------------------------------

    def _sqlite(self, what: str) -> SqliteStore:
        if not isinstance(self._store, SqliteStore):
            raise StorageError(f"{what} is a SQLite operation")
        return self._store

    async def user_version(self) -> int:
        if isinstance(self._store, SqliteStore):
            row = await self._store.run("PRAGMA user_version")
            return 0 if row is None else int(row[0])
        async with self._store.transaction(write=False) as db:
            return await postgres.schema_version(db)

    async def pragma(self, name: str, value: int | None = None) -> Any:
        """Read one pragma, or set it to ``value`` (for tests and diagnostics;
        ``name`` is ours, never user input)."""
        store = self._sqlite("PRAGMA")
        if not name.replace("_", "").isalnum():
            raise StorageError(f"bad pragma name {name!r}")
        if value is not None:
            await store.run(f"PRAGMA {name} = {int(value):d}")
        row = await store.run(f"PRAGMA {name}")
        return None if row is None else row[0]

    async def integrity_check(self) -> str:
        return await self.read(lambda tx: tx.integrity_check())

    async def checkpoint(self, mode: str = "PASSIVE") -> tuple[int, int, int]:
        """Copy the WAL back into the main file (``TRUNCATE`` also empties it)."""
        store = self._sqlite("a WAL checkpoint")
        if mode not in ("PASSIVE", "FULL", "RESTART", "TRUNCATE"):
            raise StorageError(f"bad checkpoint mode {mode!r}")
        row = await store.run(f"PRAGMA wal_checkpoint({mode})")
        assert row is not None
        return (int(row[0]), int(row[1]), int(row[2]))
