"""A transaction's last statement, sent with its COMMIT (``Db.execute_last``).

Most moves read the game row and write only that row: on SQLite the
``UPDATE`` and the ``COMMIT`` then go out together and the lock is handed on
at once.  These tests pin what makes that safe: the next transaction starts
only after our ``COMMIT``, a statement that fails or changes nothing commits
nothing, an earlier write keeps the old order, nothing may follow.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import (
    Repository,
    StorageError,
    Tx,
    VersionConflictError,
)
from bot.storage.errors import ConstraintError
from tests.helpers.service import bump_game, game_update, new_game_row


async def _handed_on_early(repo: Repository, game_id: int, *, earlier_write: bool) -> bool:
    """Whether a transaction queued behind a move is already running when
    the move hears of its last statement."""
    entered = asyncio.Event()
    seen: list[bool] = []

    async def first(tx: Tx) -> None:
        if earlier_write:
            await tx.set_meta("earlier", "1")
        await bump_game(tx, game_id)
        seen.append(entered.is_set())

    async def second(tx: Tx) -> None:
        entered.set()
        await tx.set_meta("second", "1")

    async def later() -> None:
        await asyncio.sleep(0)  # queued behind first for the lock
        await repo.write(second)

    await asyncio.gather(repo.write(first), later())
    return seen[0]


async def test_the_lock_is_handed_on_before_the_last_statement_is_heard_of(
    tmp_path: Path,
) -> None:
    """While the UPDATE is on its way the next transaction already holds the
    lock — and its BEGIN still comes after our COMMIT (else it would fail
    inside our open transaction).  With an earlier write in the transaction
    the next one waits for our block to end, as every transaction did."""
    repo = await Repository.open(tmp_path / "gin.db")
    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))
        assert await _handed_on_early(repo, gid, earlier_write=False)
        assert not await _handed_on_early(repo, gid, earlier_write=True)
        assert await repo.read(lambda tx: tx.game_state(gid)) == "2"
        assert await repo.read(lambda tx: tx.get_meta("second")) == "1"
    finally:
        await repo.close()


async def test_many_moves_at_once_lose_and_double_nothing(db_target: str | Path) -> None:
    """Two hundred read-then-write transactions on eight rows (one at a time
    per row, as the service's game locks make them), with ordinary writes
    and reads in between: every one is counted exactly once."""
    repo = await Repository.open(db_target)
    try:
        rows = [new_game_row(p0=p, p1=p + 1, state="0") for p in range(10, 26, 2)]
        games = [await repo.write(lambda tx, r=r: tx.insert_game(r)) for r in rows]
        counts = dict.fromkeys(games, 0)
        locks = {gid: asyncio.Lock() for gid in games}

        async def move(i: int) -> None:
            gid = games[i % len(games)]
            async with locks[gid]:
                await repo.write(lambda tx: bump_game(tx, gid))
            counts[gid] += 1
            if i % 5 == 0:
                await repo.write(lambda tx: tx.set_meta(f"k{i}", "1"))
            if i % 7 == 0:
                await repo.read(lambda tx: tx.game(gid))

        await asyncio.gather(*(move(i) for i in range(200)))
        for gid, n in counts.items():
            row = await repo.read(lambda tx, g=gid: tx.game(g))
            assert row is not None and row.version == 1 + n
            assert await repo.read(lambda tx, g=gid: tx.game_state(g)) == str(n)
            moves = await repo.read(lambda tx, g=gid: tx.moves(g))
            assert [m.version for m in moves] == list(range(2, n + 2))
    finally:
        await repo.close()


async def test_a_last_statement_that_changes_no_row_commits_nothing(
    db_target: str | Path,
) -> None:
    repo = await Repository.open(db_target)
    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))

        async def stale(tx: Tx) -> None:
            await tx.game(gid)
            await tx.update_game(gid, 7, game_update("99"), last=True)

        with pytest.raises(VersionConflictError):
            await repo.write(stale)
        row = await repo.read(lambda tx: tx.game(gid))
        assert row is not None and row.version == 1
        assert await repo.read(lambda tx: tx.moves(gid)) == []
        assert await repo.write(lambda tx: bump_game(tx, gid)) == 2  # and the next one goes ahead
    finally:
        await repo.close()


async def test_a_failing_last_statement_commits_nothing(db_target: str | Path) -> None:
    """The statement fails inside the database (a NOT NULL column): its
    COMMIT is already on its way and commits the reads before it — nothing.
    A transaction queued behind it goes ahead."""
    repo = await Repository.open(db_target)
    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))

        async def failing(tx: Tx) -> None:
            await tx.game(gid)
            await tx._db.execute_last("UPDATE games SET state = NULL WHERE id = ?", (gid,))

        results = await asyncio.gather(
            repo.write(failing), repo.write(lambda tx: bump_game(tx, gid)), return_exceptions=True
        )
        assert isinstance(results[0], sqlite3.IntegrityError | ConstraintError)
        assert results[1] == 2
        assert await repo.read(lambda tx: tx.game_state(gid)) == "1"
    finally:
        await repo.close()


async def test_an_earlier_write_is_not_committed_without_the_last(db_target: str | Path) -> None:
    """With a write before it, the last statement is awaited before the
    COMMIT as usual, so when it fails the earlier write is rolled back."""
    repo = await Repository.open(db_target)
    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))

        async def failing(tx: Tx) -> None:
            await tx.set_meta("earlier", "1")
            await tx._db.execute_last("UPDATE games SET state = NULL WHERE id = ?", (gid,))

        with pytest.raises((sqlite3.IntegrityError, ConstraintError)):
            await repo.write(failing)
        assert await repo.read(lambda tx: tx.get_meta("earlier")) is None
    finally:
        await repo.close()


async def test_no_statement_may_follow_the_last(tmp_path: Path) -> None:
    """A programming error, refused loudly; what went out with the COMMIT is
    committed (it can no longer be called back), and nobody is held up."""
    repo = await Repository.open(tmp_path / "gin.db")
    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))

        async def too_many(tx: Tx) -> None:
            await bump_game(tx, gid)
            await tx.set_meta("after", "1")

        with pytest.raises(StorageError, match="after the transaction's last"):
            await repo.write(too_many)
        assert await repo.read(lambda tx: tx.get_meta("after")) is None
        assert await repo.read(lambda tx: tx.game_state(gid)) == "1"
        assert await repo.write(lambda tx: bump_game(tx, gid)) == 3
    finally:
        await repo.close()


async def test_a_failed_commit_sent_with_the_last_statement_holds_nobody_up(
    tmp_path: Path,
) -> None:
    """A COMMIT that fails leaves SQLite's transaction open (here: a deferred
    foreign key, checked only at COMMIT).  The next transaction's BEGIN was
    queued right behind it, so it must already know of the failure when it
    hears of its own BEGIN: it ends the leftover and goes ahead."""
    repo = await Repository.open(tmp_path / "gin.db")
    try:
        await repo.write(
            lambda tx: tx._db.execute(
                "CREATE TABLE probe (game INTEGER REFERENCES games (id) "
                "DEFERRABLE INITIALLY DEFERRED)"
            )
        )
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))

        async def bad(tx: Tx) -> None:
            await tx.game(gid)
            await tx._db.execute_last("INSERT INTO probe (game) VALUES (999)")

        for _ in range(2):
            results = await asyncio.gather(
                repo.write(bad), repo.write(lambda tx: bump_game(tx, gid)), return_exceptions=True
            )
            assert isinstance(results[0], sqlite3.IntegrityError | ConstraintError)
            assert isinstance(results[1], int)
        await asyncio.sleep(0.05)  # a clean-up's turn, had nobody come next
        assert await repo.read(lambda tx: tx.game_state(gid)) == "2"
        assert await repo.read(lambda tx: tx._db.fetchall("SELECT * FROM probe")) == []
        other = sqlite3.connect(tmp_path / "gin.db", timeout=0, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # nothing left open: the write lock is free
        other.execute("ROLLBACK")
        other.close()
    finally:
        await repo.close()
