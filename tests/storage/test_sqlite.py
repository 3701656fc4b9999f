"""SQLite (``bot.storage.sqlite``): no in-memory databases, a failed COMMIT or a
BEGIN cancelled on its way leaves nothing open, and a new file opened by
several connections at once."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import (
    LATEST_VERSION,
    Repository,
    StorageError,
    Tx,
)


async def test_memory_databases_are_refused() -> None:
    with pytest.raises(StorageError):
        await Repository.open(":memory:")


async def test_a_failed_commit_changes_nothing_and_holds_nobody_up(tmp_path: Path) -> None:
    """SQLite keeps a transaction open when its COMMIT fails (here: a foreign
    key checked only at COMMIT).  The lock was already handed on, so the
    next transaction finds it, rolls it back and goes ahead; with nobody
    next, the failed transaction's own clean-up ends it."""
    repo = await Repository.open(tmp_path / "gin.db")

    async def bad(tx: Tx) -> None:
        await tx._db.execute("PRAGMA defer_foreign_keys = ON")
        await tx.set_meta("bad", "1")
        await tx.claim_players(1, [10], 999)  # no game 999: refused at COMMIT

    async def good(tx: Tx) -> None:
        await tx.set_meta("good", "1")

    try:
        results = await asyncio.gather(repo.write(bad), repo.write(good), return_exceptions=True)
        assert isinstance(results[0], sqlite3.IntegrityError) and results[1] is None
        assert await repo.read(lambda tx: tx.get_meta("bad")) is None
        assert await repo.read(lambda tx: tx.get_meta("good")) == "1"
        with pytest.raises(sqlite3.IntegrityError):
            await repo.write(bad)
        await asyncio.sleep(0.05)  # the clean-up's turn
        other = sqlite3.connect(tmp_path / "gin.db", timeout=0, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # the file's write lock is free again
        other.execute("ROLLBACK")
        other.close()
        assert await repo.read(lambda tx: tx.get_meta("bad")) is None
        await repo.write(lambda tx: tx.set_meta("after", "1"))
        assert await repo.read(lambda tx: tx.get_meta("after")) == "1"
    finally:
        await repo.close()


async def test_a_transaction_cancelled_while_it_begins_leaves_nothing_open(
    tmp_path: Path,
) -> None:
    """Cancelled while its ``BEGIN`` is on its way (a shutdown, a timeout):
    the BEGIN still runs, so the transaction is rolled back, not left open
    for the next one to trip over."""
    repo = await Repository.open(tmp_path / "gin.db")
    try:
        task = asyncio.ensure_future(repo.write(lambda tx: tx.set_meta("cancelled", "1")))
        await asyncio.sleep(0)  # the task is waiting for its BEGIN
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await repo.write(lambda tx: tx.set_meta("next", "1"))
        assert await repo.read(lambda tx: tx.get_meta("cancelled")) is None
        assert await repo.read(lambda tx: tx.get_meta("next")) == "1"
    finally:
        await repo.close()


async def test_opening_a_new_file_from_several_connections_at_once(tmp_path: Path) -> None:
    """Switching a new file to WAL takes its exclusive lock, which SQLite
    does not wait for: three connections opening the same new file at the
    same moment (as two bot processes starting together do) must all get
    it, over and over."""
    for round_ in range(40):
        path = tmp_path / f"gin{round_}.db"
        repos = await asyncio.gather(*(Repository.open(path) for _ in range(3)))
        try:
            assert [await r.user_version() for r in repos] == [LATEST_VERSION] * 3
        finally:
            for repo in repos:
                await repo.close()


async def test_reads_go_side_by_side_on_their_connections(tmp_path: Path) -> None:
    """A read still inside its transaction holds only its own connection: the
    next reads take the others (each sees the latest commit), and one more
    read than there are connections waits for the first to end."""
    from bot.storage.sqlite import SqliteStore

    repo = await Repository.open(tmp_path / "gin.db")
    await repo.write(lambda tx: tx.set_meta("k", "1"))
    held = asyncio.Event()
    entered = 0

    async def slow(tx: Tx) -> str | None:
        nonlocal entered
        value = await tx.get_meta("k")
        await tx.get_meta("other")  # two statements: a transaction, not lone statements
        entered += 1
        await held.wait()  # the transaction stays open
        return value

    try:
        slow_reads = [
            asyncio.ensure_future(repo.read(slow)) for _ in range(SqliteStore.READERS - 1)
        ]

        async def all_entered(n: int) -> None:
            while entered < n:
                await asyncio.sleep(0.001)

        # Each slow read on a connection of its own (on one, they'd queue).
        await asyncio.wait_for(all_entered(SqliteStore.READERS - 1), 5)
        await repo.write(lambda tx: tx.set_meta("k", "2"))
        # The last free connection answers while the others are held ...
        assert await asyncio.wait_for(repo.read(lambda tx: tx.get_meta("k")), 5) == "2"
        # ... and with every connection held, a read waits for one.
        last = asyncio.ensure_future(repo.read(slow))
        await asyncio.wait_for(all_entered(SqliteStore.READERS), 5)
        blocked = asyncio.ensure_future(repo.read(lambda tx: tx.get_meta("k")))
        await asyncio.sleep(0.05)
        assert not blocked.done()
        held.set()
        assert await blocked == "2"
        assert [await r for r in slow_reads] == ["1"] * (SqliteStore.READERS - 1)
        assert await last == "2"
    finally:
        held.set()
        await repo.close()
