"""SQLite through aiosqlite: one connection, one transaction at a time.

aiosqlite runs every call of a ``sqlite3`` connection on a worker thread of
its own and hands the result back to the event loop, so a statement is an
``await`` and the loop never blocks on the file.  Only its public API is
used here (``Connection``, ``execute``, ``execute_fetchall``,
``executemany``, ``commit``, ``rollback``, ``close``).

One connection serves every write, and an :class:`asyncio.Lock` is
held from ``BEGIN`` until the ``COMMIT`` is queued: with statements awaited
one by one, the lock is what keeps another coroutine's statement out of our
open transaction (the connection itself has only one).  Writes start with
``BEGIN IMMEDIATE``, taking the file's write lock up front, so a second
process on the same file waits at the start instead of failing half-way.
Reads have connections (each with its lock) of their own, a read taking
the least busy one: in WAL mode a reader never waits for a writer — not
even for another program holding ``BEGIN EXCLUSIVE`` — so a hand or a list
of card suggestions is never queued behind a write that waits for the file
(see "Deadlines" below), nor long behind other reads.

Round trips.  Every statement is a hop to aiosqlite's thread and back, and
while a transaction waits for one, the event loop runs whatever else is
ready before it resumes us — measured, those waits were most of the time a
move held the lock.  So a transaction makes as few as it can while it holds
the lock: ``BEGIN`` goes out together with a first ``SELECT`` (a read is
harmless even if ``BEGIN`` fails), and the lock is handed on as the
``COMMIT`` is queued — aiosqlite runs statements in the order they are
awaited, and whoever takes the lock next runs only once we are suspended on
our ``COMMIT``, so its ``BEGIN`` comes after it.  And a transaction whose
only write is its last statement (most moves: one ``UPDATE`` of the game
row after reads) sends the ``COMMIT`` right behind that statement, without
waiting to hear of it (:meth:`SqliteDb.execute_last`): a statement is
atomic, so if it fails or changes no row the ``COMMIT`` commits nothing —
the version check still raises, and nothing was changed.  On the service
benchmark flat out that one round trip less took SQLite from about 1,840 to
2,000 moves/s.  We still await the ``COMMIT``'s result before anyone hears
of the change.  Should that ``COMMIT`` fail and leave its transaction open,
the next ``BEGIN`` finds it and rolls it back first (only then: an open
transaction nobody accounts for is an error, never rolled back), and the
failed transaction's own clean-up does the same under the lock if nobody
comes.

Lone statements.  Even so, every transaction holds its connection for a
round trip, and transactions on a connection take turns: with 200 busy
games the reads and writes queued for their connections for hundreds of
milliseconds (see docs/benchmarks.md, "Busy servers").  But most reads are
one ``SELECT`` (a game row whose state is in memory), and most moves one
``SELECT`` and one guarded ``UPDATE … WHERE version = ?``.  Those statements
need no transaction: SQLite runs a lone statement as a transaction of its
own, so it sees one committed state and commits all it changes, or nothing.
So every read, and every write that may (``lone``), is first run
*lone* (:class:`LoneDb`): its one read goes to the least busy read
connection, its one last write to the write connection, each queued in a
gap between two transactions without taking the lock — at once when no
transaction holds the connection, else together with every other lone
statement when the holder lets go (:meth:`SqliteStore.send_alone`,
:meth:`CountedLock.gap`) — so a connection holds a queue of statements, run
one after another, and none waits for a round trip, or a turn of the loop,
of anyone else's.  A second read, or any other write, is stopped before it is sent
(:class:`~bot.storage.errors.NeedsTransactionError`) and the repository runs
the whole function again in an ordinary transaction.  A write's guard is
what makes its read safe: a change committed in between makes the
``UPDATE`` match nothing, and the move is run again and re-reads.

Both tricks rely on asyncio's tasks starting *lazily*: a task made with
``ensure_future`` runs its first step in a later turn of the loop, so the
statement awaited right after it is queued first.  An eager task factory
(Python 3.12's ``asyncio.eager_task_factory``) runs that first step at once
and would queue the ``COMMIT`` before its ``UPDATE``: the statement would
run outside the transaction meant to hold it, without any error.  So
:meth:`SqliteStore.open` refuses to open under a loop whose tasks start
eagerly (:func:`_check_lazy_tasks`) rather than lose that guarantee quietly.

A file that is locked by another program for longer than ``busy_timeout``,
read-only, on a full disk or gone is not a bug: those errors become
:class:`~bot.storage.errors.DatabaseUnavailableError` (nothing was changed,
the player is told to try again).

Deadlines.  Discord drops an answer that comes after 3 seconds, so a
transaction may be given a ``deadline`` (``time.monotonic()``): the moment
by which it must have started or been refused, counted from when its
operation began, not per statement.  It waits for the lock only until then,
and a ``BEGIN IMMEDIATE`` or lone write that finds the file locked by
another program waits only for the time left.  On the write connection
that wait is ours, not SQLite's: its busy timeout is 0 and such a statement
is tried again, a few milliseconds apart, until the deadline
(:meth:`SqliteStore.wait_turn`) — a statement waiting inside SQLite would
hold aiosqlite's one thread, and every statement queued behind it would
wait out its timeout first, then its own (before the deadlines, two writes
waiting on the one connection took 4–6 s to be refused; with lone
statements queued one behind another, ten moves took 3 s).  A read
connection, which another program's lock hardly ever stops (WAL), keeps
SQLite's busy timeout, lowered to the time left (a statement sent, queued
ahead of the ``BEGIN``, only when it differs by more than
:attr:`SqliteStore.BUSY_SLACK`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Final, Literal, NoReturn, cast

import aiosqlite

from . import migrations
from .errors import BusyError, DatabaseUnavailableError, NeedsTransactionError, StorageError

log = logging.getLogger(__name__)

#: Primary result codes that mean "the file can't be used right now", not
#: "this statement is wrong": busy/locked past the timeout, read-only, I/O
#: error, disk full, can't open, lock protocol.  (``sqlite3`` exposes the
#: code as ``sqlite_errorcode``; the low byte is the primary code.)
UNAVAILABLE_CODES: Final = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PROTOCOL,
    }
)


def unavailable(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` says the file can't be used now (see :data:`UNAVAILABLE_CODES`)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in UNAVAILABLE_CODES


def busy(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` is ``SQLITE_BUSY``: another connection holds the lock."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == sqlite3.SQLITE_BUSY


def reraise(exc: sqlite3.Error) -> NoReturn:
    """Raise ``exc`` again, as :class:`DatabaseUnavailableError` if it says
    the file can't be used now."""
    if unavailable(exc):
        raise DatabaseUnavailableError(f"{type(exc).__name__}: {exc}") from exc
    raise exc


#: What SQLite says to a ``BEGIN`` while a transaction is open.
LEFTOVER: Final = "within a transaction"

#: The detail (for the log) of a transaction refused at its deadline.
QUEUED: Final = "its time ran out waiting for the connection (busy with other transactions)"


def _reads(sql: str) -> bool:
    return sql.lstrip()[:6].upper() == "SELECT"


class SqliteDb:
    """Statements on the shared aiosqlite connection (the
    :class:`~bot.storage.tables.base.Db` protocol), inside one transaction
    of :class:`SqliteStore`, which holds the lock.  ``begin`` is sent with
    the first statement (``None``: outside any transaction)."""

    __slots__ = (
        "_begin",
        "_conn",
        "_deadline",
        "_last",
        "_store",
        "_wrote",
        "began",
        "committing",
    )

    dialect: Final = "sqlite"

    def __init__(
        self,
        conn: aiosqlite.Connection,
        begin: str | None = None,
        store: SqliteStore | None = None,
        deadline: float | None = None,
    ) -> None:
        self._conn = conn
        self._begin = begin
        self._store = store
        #: The operation's deadline (a busy ``BEGIN`` is tried again until then).
        self._deadline = deadline
        #: ``BEGIN`` has been queued: there may be a transaction to end (even
        #: if we were cancelled before hearing whether it succeeded).
        self.began = False
        #: A statement that may have changed something has been sent.
        self._wrote = False
        #: :meth:`execute_last` has run: no statement may follow.
        self._last = False
        #: The ``COMMIT`` that :meth:`execute_last` sent (``None``: not sent yet).
        self.committing: asyncio.Future[None] | None = None

    def _check_open(self, *, writes: bool) -> None:
        if self._last:
            raise StorageError("a statement after the transaction's last one")
        if writes:
            self._wrote = True

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        reads = _reads(sql)
        self._check_open(writes=not reads)
        rows: Any
        try:
            if self._begin is not None and reads:
                rows = await self._begin_with(sql, params)
            else:
                if self._begin is not None:
                    await self._begin_with(None, ())
                rows = await self._conn.execute_fetchall(sql, params)
        except sqlite3.Error as exc:
            reraise(exc)
        return cast("list[tuple[Any, ...]]", rows)  # sqlite3's fetchall: a list of tuples

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._check_open(writes=True)
        try:
            if self._begin is not None:
                await self._begin_with(None, ())
            cursor = await self._conn.execute(sql, params)
        except sqlite3.Error as exc:
            reraise(exc)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._check_open(writes=True)
        try:
            if self._begin is not None:
                await self._begin_with(None, ())
            await self._conn.executemany(sql, rows)
        except sqlite3.Error as exc:
            reraise(exc)

    async def execute_last(self, sql: str, params: Sequence[Any] = ()) -> int:
        """The transaction's last statement; where it is the only write, sent
        together with the ``COMMIT`` (see the protocol and the module
        docstring).

        The order is what makes this safe.  The ``COMMIT`` goes into a task,
        whose first step queues it in the next turn of the loop (tasks start
        lazily: checked at open, see :func:`_check_lazy_tasks`); the lock is
        handed on by a callback queued behind that step; and the statement
        is queued at once, as we await it.  So aiosqlite runs the statement,
        then our ``COMMIT``, then whatever the next holder of the lock sends."""
        store = self._store
        if self._begin is not None or self._wrote or store is None:
            rowcount = await self.execute(sql, params)
            self._last = True
            return rowcount
        self._check_open(writes=True)
        self._last = True
        self.committing = asyncio.ensure_future(store.commit())
        store.hand_on_soon()
        try:
            cursor = await self._conn.execute(sql, params)
        except sqlite3.Error as exc:
            reraise(exc)
        return cursor.rowcount

    async def _begin_with(self, sql: str | None, params: Sequence[Any]) -> Any:
        """Send ``BEGIN`` — with the read ``sql`` queued right behind it, so
        both take one round trip — and return that read's rows.

        Both go into tasks, each queuing its statement on its first step, in
        a later turn of the loop and in the order they were made (tasks start
        lazily: checked at open, see :func:`_check_lazy_tasks`): ``BEGIN``
        first — behind the busy timeout :meth:`SqliteStore._take` may have
        just queued the same way — then the read.  On the write connection a
        ``BEGIN`` that finds the file locked by another program is tried
        again until the deadline (:meth:`SqliteStore.wait_turn`)."""
        begin, self._begin = self._begin, None
        assert begin is not None
        begun = asyncio.ensure_future(self._conn.execute(begin))
        first = (
            None if sql is None else asyncio.ensure_future(self._conn.execute_fetchall(sql, params))
        )
        self.began = True
        store = self._store
        attempt = 0
        while True:
            try:
                await begun
                break
            except sqlite3.OperationalError as exc:
                if first is not None:  # ran outside our transaction: its rows don't count
                    with contextlib.suppress(sqlite3.Error):
                        await first
                    first = None
                attempt += 1
                if busy(exc) and store is not None and store.waits_in_python:
                    if not await store.wait_turn(self._deadline, attempt):
                        raise
                elif LEFTOVER in str(exc) and store is not None and store.failed_commits:
                    # A COMMIT that failed after the lock was handed on left its
                    # transaction open (see SqliteStore.transaction): end it.
                    await self._conn.rollback()
                    store.failed_commits = 0
                else:
                    raise
                begun = asyncio.ensure_future(self._conn.execute(begin))
        if first is not None:
            return await first
        return None if sql is None else await self._conn.execute_fetchall(sql, params)


class LoneDb:
    """A function's statements, each sent alone outside any transaction (see
    "Lone statements" in the module docstring): at most one read, and — for
    a write — one last statement that guards itself.  Anything more raises
    :class:`NeedsTransactionError` before it is sent, nothing changed."""

    __slots__ = ("_deadline", "_last", "_read", "_store", "_write")

    dialect: Final = "sqlite"

    def __init__(self, store: SqliteStore, deadline: float | None, *, write: bool) -> None:
        self._store = store
        self._deadline = deadline
        self._write = write
        self._read = False
        self._last = False

    def _more(self, what: str) -> NoReturn:
        raise NeedsTransactionError(what)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if self._last:
            raise StorageError("a statement after the transaction's last one")
        if not _reads(sql):
            self._more("a write before the last statement")
        if self._read:
            self._more("a second read")
        self._read = True
        store = self._store
        rows = await (store._reader() or store).send_alone(sql, params, self._deadline, fetch=True)
        return cast("list[tuple[Any, ...]]", rows)  # sqlite3's fetchall: a list of tuples

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._more("a write before the last statement")

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._more("a write before the last statement")

    async def execute_last(self, sql: str, params: Sequence[Any] = ()) -> int:
        """The write's one statement, which must guard itself (an ``UPDATE …
        WHERE version = ?``: its read may be older than the file by now)."""
        if not self._write:
            raise StorageError("a write in a read transaction")
        if self._last:
            raise StorageError("a statement after the transaction's last one")
        self._last = True
        return int(await self._store.send_alone(sql, params, self._deadline, fetch=False))


class CountedLock(asyncio.Lock):
    """An :class:`asyncio.Lock` that says how many are waiting for it: one
    that is free with nobody waiting is taken at once, so a transaction
    then needs no timer for its deadline (asyncio's lock makes a newcomer
    queue behind a waiter it has just woken, even though it is free).

    It also keeps *gaps* for lone statements (see "Lone statements" in the
    module docstring): :meth:`gap` returns when no transaction holds the
    connection — at once if it is free, else at the next release, which
    wakes every statement waiting for a gap before the next transaction,
    so all of them queue between the two (each queues before its next
    ``await``: the next holder's ``BEGIN`` goes out from a task made after
    it took the lock, so behind them)."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting = 0
        self._gap: list[asyncio.Future[None]] = []

    async def acquire(self) -> Literal[True]:
        self.waiting += 1
        try:
            return await super().acquire()
        finally:
            self.waiting -= 1

    def free(self) -> bool:
        """Nobody holds the lock or has been woken to take it."""
        return not self.locked() and not self.waiting

    async def gap(self) -> None:
        if self.free():
            return
        waiter = asyncio.get_running_loop().create_future()
        self._gap.append(waiter)
        try:
            await waiter
        finally:
            if not waiter.done():  # cancelled (a deadline): no longer waiting
                self._gap.remove(waiter)

    def release(self) -> None:
        gap, self._gap = self._gap, []
        for waiter in gap:  # woken first: their steps run before the next holder's
            if not waiter.done():
                waiter.set_result(None)
        super().release()


class SqliteStore:
    """The game file: one aiosqlite connection for every write,
    :data:`READERS` for reads (each a store of its own, :attr:`_readers`), and
    one that only checkpoints the WAL (see :meth:`open`)."""

    #: Read connections.  A read holds its connection for a round trip or
    #: two to aiosqlite's thread, each waiting for the event loop (and the
    #: interpreter lock) to come round: with one connection, 200 busy games
    #: (~230 reads a second) queued their reads for 0.4 s at the median and
    #: 1.5 s at p99 while the loop itself answered in under 8 ms (see
    #: docs/benchmarks.md, "Busy servers").  Each is a thread and a page cache.
    READERS: Final = 3
    #: Pages (4 KiB) of WAL after which a commit checkpoints by itself.
    SAFETY_AUTOCHECKPOINT: Final = 16384
    #: Seconds the busy timeout may differ from a transaction's time left
    #: before a ``PRAGMA busy_timeout`` is sent to match it (see _take).
    BUSY_SLACK: Final = 0.05
    #: The longest pause, in seconds, between two tries of a statement that
    #: found the file locked by another program (see :meth:`wait_turn`).
    RETRY_MAX: Final = 0.02

    def __init__(self, conn: aiosqlite.Connection, path: Path, busy_timeout: float) -> None:
        self.path = path
        self._conn = conn
        #: The longest a statement waits for another program's lock.
        self.busy_timeout = busy_timeout
        #: The connection's busy timeout now (lowered while time runs short).
        self._busy = busy_timeout
        #: The read connections' own stores (none: reads use this one).
        self._readers: list[SqliteStore] = []
        self._db = SqliteDb(conn)  # outside transactions: set-up, pragmas
        self._lock = CountedLock()
        self._cleanups: set[asyncio.Task[Any]] = set()
        #: COMMITs that failed since the last rollback: each may have left its
        #: transaction open for the next ``BEGIN`` to find.
        self.failed_commits = 0
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpoint_task: asyncio.Task[None] | None = None
        #: SQLite's busy timeout is 0 and a statement that finds the file
        #: locked is tried again from here (the write connection, see
        #: :meth:`wait_turn`).
        self.waits_in_python = False

    @classmethod
    async def open(
        cls,
        path: Path,
        *,
        synchronous: str,
        checkpoint_interval: float | None,
        busy_timeout: float,
    ) -> SqliteStore:
        """Connect, set the pragmas, migrate.

        WAL checkpoints (copying the log back into the main file, with an
        fsync) take tens of milliseconds.  Left to SQLite's automatic
        checkpoint they would run inside whichever commit crosses the
        threshold and stall every move queued behind it, so a second
        connection runs a non-blocking ``PASSIVE`` checkpoint every
        ``checkpoint_interval`` seconds instead (``None``: leave it to
        SQLite).  Small and frequent is best: measured at 1,000 moves/s, a
        0.1 s interval kept p99 near 3 ms where 1 s gave ~15 ms and 5 s ~80 ms
        (each checkpoint's I/O burst grows with the interval).  The writer
        keeps a far higher automatic threshold only as a safety net.

        Raises :class:`~bot.storage.errors.StorageError` before connecting
        if the running loop starts tasks eagerly (see the module docstring)."""
        await _check_lazy_tasks()
        conn = await _connect(path, busy_timeout)
        store = cls(conn, path, busy_timeout)
        try:
            await store._use_wal(busy_timeout)
            await store._setup(synchronous, own_checkpoints=checkpoint_interval is not None)
            await store._wait_in_python()
            if checkpoint_interval is not None:
                await store._start_checkpointer(checkpoint_interval, busy_timeout)
            await store._open_readers(busy_timeout)
        except BaseException:
            await store.close()
            raise
        return store

    async def _use_wal(self, busy_timeout: float) -> None:
        """Switch the file to WAL mode (a no-op once it is).  The switch takes
        the file's exclusive lock and SQLite does not wait for it: two
        processes (or connections) opening a new file at once got "database
        is locked" one time in ten.  So it is tried again, every 10 ms, for
        as long as any other statement would wait (``busy_timeout``)."""
        deadline = time.monotonic() + busy_timeout
        while True:
            try:
                row = await self._db.fetchone("PRAGMA journal_mode = WAL")
                break
            except DatabaseUnavailableError:
                if time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(0.01)
        mode = None if row is None else row[0]
        if str(mode).lower() != "wal":
            raise StorageError(f"could not switch {self.path} to WAL mode (got {mode!r})")

    async def _setup(self, sync: str, *, own_checkpoints: bool) -> None:
        conn = self._conn
        await conn.execute(f"PRAGMA synchronous = {sync}")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute("PRAGMA temp_store = MEMORY")
        await conn.execute("PRAGMA cache_size = -8192")  # 8 MiB: the pages live games touch
        if own_checkpoints:
            await conn.execute(f"PRAGMA wal_autocheckpoint = {self.SAFETY_AUTOCHECKPOINT:d}")
        await migrations.migrate(self._db)

    async def _wait_in_python(self) -> None:
        """From now on the write connection never waits inside SQLite for
        another program's lock: its busy timeout is 0, and a ``BEGIN`` or a
        lone statement that finds the file locked is tried again by
        :meth:`wait_turn` until its deadline.  A statement waiting inside
        SQLite holds aiosqlite's one thread, and every statement queued
        behind it — lone statements are queued without waiting for each
        other — would wait out its timeout first, then its own."""
        await self._conn.execute("PRAGMA busy_timeout = 0")
        self._busy = 0.0
        self.waits_in_python = True

    async def wait_turn(self, deadline: float | None, attempt: int) -> bool:
        """After ``attempt`` tries that found the file locked by another
        program: wait a little (2 ms, doubling up to :data:`RETRY_MAX`) and
        say whether to try again — ``False`` once ``deadline`` (or, without
        one, the busy timeout) would pass."""
        limit = time.monotonic() + self.busy_timeout if deadline is None else deadline
        pause = min(self.RETRY_MAX, 0.002 * 2 ** (attempt - 1))
        if time.monotonic() + pause >= limit:
            return False
        await asyncio.sleep(pause)
        return True

    async def _open_readers(self, busy_timeout: float) -> None:
        """The read connections, after migrating (they never write:
        ``query_only``).  Their page cache is SQLite's default: every commit
        of the writer empties it anyway (a reader starts each transaction
        afresh once the WAL changed), so a large one would only hold memory."""
        for _ in range(self.READERS):
            conn = await _connect(self.path, busy_timeout)
            self._readers.append(SqliteStore(conn, self.path, busy_timeout))
            await conn.execute("PRAGMA query_only = 1")
            await conn.execute("PRAGMA temp_store = MEMORY")

    def _reader(self) -> SqliteStore | None:
        """The read connection with the fewest reads on it or waiting for it
        (the first of equals), or ``None`` if this store has none."""
        return min(
            self._readers,
            key=lambda r: int(r._lock.locked()) + r._lock.waiting,
            default=None,
        )

    async def _start_checkpointer(self, interval: float, busy_timeout: float) -> None:
        self._checkpointer = await _connect(self.path, busy_timeout)
        self._checkpoint_task = asyncio.create_task(
            self._checkpoint_loop(self._checkpointer, interval),
            name=f"wal-checkpoint:{self.path.name}",
        )

    @staticmethod
    async def _checkpoint_loop(ck: aiosqlite.Connection, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await ck.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error as exc:  # pragma: no cover - retried next round
                log.warning("WAL checkpoint failed: %s", exc)

    @contextlib.asynccontextmanager
    async def transaction(
        self, *, write: bool, deadline: float | None = None, lone: bool = False
    ) -> AsyncIterator[SqliteDb | LoneDb]:
        """``BEGIN IMMEDIATE`` (a write) or ``BEGIN`` … ``COMMIT``; rolled
        back if the body raises.  Returns once the ``COMMIT`` has succeeded
        (a failed one has changed nothing); the lock is handed on as soon as
        the ``COMMIT`` is queued (see the module docstring).  A read runs on
        the least busy read connection.  Refused, having done nothing, if it cannot
        start by ``deadline`` (``time.monotonic()``; ``None``: no limit).

        ``lone``: no transaction, each statement sent alone (:class:`LoneDb`,
        see "Lone statements" in the module docstring)."""
        if lone:
            yield LoneDb(self, deadline, write=write)
            return
        reads = None if write else self._reader()
        if reads is not None:
            async with reads.transaction(write=False, deadline=deadline) as db:
                yield db
            return
        db = SqliteDb(self._conn, "BEGIN IMMEDIATE" if write else "BEGIN", self, deadline)
        await self._take(deadline)
        try:
            yield db
        except BaseException:
            if db.committing is not None:
                # The last statement went out with its COMMIT (and the lock
                # with it): nothing to roll back, only to hear how it ended.
                with contextlib.suppress(sqlite3.Error, DatabaseUnavailableError):
                    await asyncio.shield(db.committing)
                raise
            try:
                if db.began:  # a no-op if BEGIN itself failed
                    await self._rollback()
            finally:
                self._lock.release()
            raise
        if db.committing is not None:
            await db.committing
            return
        if not db.began:  # no statement, no transaction
            self._lock.release()
            return
        commit = self.commit()  # queued when first awaited, below
        # No await between these two lines: the next holder of the lock can
        # only run once we are suspended, with the COMMIT already queued.
        self._lock.release()
        await commit

    async def _take(self, deadline: float | None) -> None:
        """Take the lock, waiting for it only until ``deadline``, then bound
        the connection's busy timeout by the time left, so that a ``BEGIN``
        finding the file locked by another program gives up by the deadline
        too.  When the time is up first: :class:`DatabaseUnavailableError`,
        nothing done, the lock not held.

        The ``PRAGMA busy_timeout`` goes into a task, queued ahead of the
        statements our caller sends next the same way (a ``BEGIN``, a lone
        statement): awaited here, it held the connection for a round trip of
        its own — and under load, when every operation had waited a different
        time and each sent one, that round trip lengthened every wait behind
        it, which made the next ones send theirs too."""
        lock = self._lock
        if deadline is None or not (lock.locked() or lock.waiting):
            await lock.acquire()  # free, nobody before us: taken at once, no timer needed
        else:
            try:
                async with asyncio.timeout(deadline - time.monotonic()):
                    await lock.acquire()
            except TimeoutError:
                raise BusyError(QUEUED) from None
        left = self.busy_timeout if deadline is None else deadline - time.monotonic()
        left = min(self.busy_timeout, left)
        try:
            if left <= 0:
                raise BusyError(QUEUED)
            if not self.waits_in_python and abs(left - self._busy) > self.BUSY_SLACK:
                task = asyncio.ensure_future(
                    self._conn.execute(f"PRAGMA busy_timeout = {round(left * 1000):d}")
                )
                self._cleanups.add(task)
                task.add_done_callback(self._pragma_done)
                self._busy = left
        except BaseException:
            self._lock.release()
            raise

    def _pragma_done(self, task: asyncio.Task[Any]) -> None:
        self._cleanups.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.warning("setting the busy timeout failed: %s", exc)  # pragma: no cover

    async def send_alone(
        self, sql: str, params: Sequence[Any], deadline: float | None, *, fetch: bool
    ) -> Any:
        """One statement on this connection outside any transaction (SQLite
        runs it as a transaction of its own): its rows (``fetch``) or the
        number of rows it changed, once it has run — committed, if it
        writes.  It is queued in a gap between two transactions, never into
        one (:meth:`CountedLock.gap`), without taking the lock: statements
        queue one behind another, however many at once, and none holds the
        connection for a round trip or even a turn of the loop.

        Unless the connection's busy timeout would let it wait for another
        program's lock past ``deadline``: then it takes the lock, which
        lowers the timeout first (:meth:`_send_locked`)."""
        attempt = 0
        while True:  # a try per gap, until one is not refused for another program's lock
            try:
                async with asyncio.timeout(
                    None if deadline is None else deadline - time.monotonic()
                ):
                    await self._lock.gap()
            except TimeoutError:
                raise BusyError(QUEUED) from None
            left = self.busy_timeout if deadline is None else deadline - time.monotonic()
            if self.failed_commits or self._busy > left + self.BUSY_SLACK:
                return await self._send_locked(sql, params, deadline, fetch=fetch)
            # Queued as the statement's coroutine first runs, now, in this gap.
            try:
                if fetch:
                    return await self._conn.execute_fetchall(sql, params)
                return (await self._conn.execute(sql, params)).rowcount
            except sqlite3.Error as exc:
                attempt += 1
                if not (
                    busy(exc) and self.waits_in_python and await self.wait_turn(deadline, attempt)
                ):
                    reraise(exc)

    async def _send_locked(
        self, sql: str, params: Sequence[Any], deadline: float | None, *, fetch: bool
    ) -> Any:
        """:meth:`send_alone` under the lock: a failed ``COMMIT``'s transaction
        rolled back first, the busy timeout bounded by the time left (both
        queued ahead of the statement), the lock handed on once it is queued."""
        await self._take(deadline)
        try:
            if self.failed_commits:  # a failed COMMIT may have left its transaction open
                await self._rollback()
                self.failed_commits = 0
            sent = asyncio.ensure_future(
                self._conn.execute_fetchall(sql, params) if fetch else self._rowcount(sql, params)
            )
        except BaseException:
            self._lock.release()
            raise
        self.hand_on_soon()
        try:
            return await sent
        except sqlite3.Error as exc:
            reraise(exc)

    async def _rowcount(self, sql: str, params: Sequence[Any]) -> int:
        cursor = await self._conn.execute(sql, params)
        return cursor.rowcount

    def hand_on_soon(self) -> None:
        """Release the lock from a callback, so after every task or callback
        already queued (the ``COMMIT`` that :meth:`SqliteDb.execute_last` has
        just sent on its way)."""
        asyncio.get_running_loop().call_soon(self._lock.release)

    async def commit(self) -> None:
        """``COMMIT`` (queued as this coroutine first runs).  One that failed
        may have left its transaction open: counted here, straight from the
        result — before whoever's ``BEGIN`` was queued behind it hears of its
        own, so that ``BEGIN`` knows to end it (see :meth:`SqliteDb._begin_with`);
        with nobody behind, :meth:`_end_leftover` does."""
        try:
            await self._conn.commit()
        except sqlite3.Error as exc:
            self.failed_commits += 1
            task = asyncio.ensure_future(self._end_leftover())
            self._cleanups.add(task)
            task.add_done_callback(self._cleanups.discard)
            reraise(exc)

    async def _end_leftover(self) -> None:
        """After a failed ``COMMIT``: roll back what it may have left open,
        under the lock (so never anyone else's transaction)."""
        async with self._lock:
            if self.failed_commits:
                await self._rollback()
                self.failed_commits = 0

    async def _rollback(self) -> None:
        try:
            await self._conn.rollback()
        except Exception:  # pragma: no cover - keep the first error
            log.exception("rollback failed")

    async def run(self, sql: str) -> tuple[Any, ...] | None:
        """One statement outside any transaction (pragmas, checkpoints): its
        first row.  Ours only, never built from input."""
        async with self._lock:
            if not self.waits_in_python:
                return await self._db.fetchone(sql)
            # A checkpoint may wait for readers, as it did before set-up ended.
            ms = round(self.busy_timeout * 1000)
            await self._conn.execute(f"PRAGMA busy_timeout = {ms:d}")
            try:
                return await self._db.fetchone(sql)
            finally:
                await self._conn.execute("PRAGMA busy_timeout = 0")

    async def close(self) -> None:
        """Stop the checkpointer and the reads, then close (SQLite
        checkpoints on the last close)."""
        readers, self._readers = self._readers, []
        for reads in readers:
            await reads.close()
        task, self._checkpoint_task = self._checkpoint_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        ck, self._checkpointer = self._checkpointer, None
        if ck is not None:
            await ck.close()
        async with self._lock:
            await self._conn.close()


EAGER_TASKS: Final = (
    "SQLite storage needs asyncio tasks that start lazily, but this event loop's task "
    "factory ({factory!r}) runs a task's first step at once: the COMMIT sent with a "
    "transaction's last statement would run before that statement.  Remove the eager "
    "task factory (loop.set_task_factory(None))."
)


async def _check_lazy_tasks() -> None:
    """Raise :class:`StorageError` if a new task runs before its creator
    yields (an eager task factory, whatever its name): the statement order
    of :meth:`SqliteDb.execute_last` and :meth:`SqliteDb._begin_with`
    depends on it not doing so.  One probe task, at open only."""
    started = False

    async def probe() -> None:
        nonlocal started
        started = True

    task = asyncio.ensure_future(probe())
    eager = started  # no await since the task was made: only an eager start set it
    await task
    if eager:
        factory = asyncio.get_running_loop().get_task_factory()
        raise StorageError(EAGER_TASKS.format(factory=factory))


#: Rows aiosqlite fetches per hop when a cursor is iterated (its default).
ITER_CHUNK_SIZE: Final = 64


async def _connect(path: Path, busy_timeout: float) -> aiosqlite.Connection:
    """An aiosqlite connection in autocommit mode (we write ``BEGIN`` ourselves).

    ``timeout`` is sqlite3's busy timeout: how long a statement waits for
    another process's lock before giving up (then: "unavailable").

    The file is opened here, on a thread of asyncio's default executor
    (which the loop waits for as it shuts down), and aiosqlite's thread is
    handed the open connection.  Left to ``aiosqlite.connect``, a file that
    can't be opened (``GIN_DB_PATH`` naming a folder, a new file in a
    read-only one) told its thread to stop without waiting for it: the
    thread then reported to an event loop already closed by the failed
    start, printing an "Event loop is closed" traceback after our one line."""
    try:
        raw = await asyncio.to_thread(
            sqlite3.connect,
            path,
            isolation_level=None,
            timeout=busy_timeout,
            check_same_thread=False,  # opened here, used only on aiosqlite's thread
        )
    except sqlite3.Error as exc:
        reraise(exc)
    return await aiosqlite.Connection(lambda: raw, ITER_CHUNK_SIZE)
