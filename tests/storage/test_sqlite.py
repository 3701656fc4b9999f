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
