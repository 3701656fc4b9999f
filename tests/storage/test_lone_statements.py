"""Lone statements (SQLite): reads of one statement, and moves of one read
and one guarded ``UPDATE`` (``Repository.write(fn, lone=True)``), sent
outside any transaction.

Each statement is queued alone between two transactions, never holding a
connection for a round trip.  These tests pin what makes that safe: a move
reads while the write connection is busy, a lone read never runs inside
another transaction's older snapshot, a lost race or anything more than
one read and one last write runs the function again in a transaction, and a
refused statement changes nothing and leaves the connection free.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import DatabaseUnavailableError, Repository, Tx
from tests.helpers.service import bump_game, game_update, new_game_row
from tests.storage.test_deadlines import write_locked


async def _state(repo: Repository, game_id: int) -> str | None:
    return await repo.read(lambda tx: tx.game_state(game_id))


async def _reads_while_a_write_is_open(repo: Repository, game_id: int, *, lone: bool) -> bool:
    """Whether a move gets through its reads while another write transaction
    holds the write connection (the move then commits once it is free)."""
    held = asyncio.Event()
    opened = asyncio.Event()
    read = asyncio.Event()

    async def hold(tx: Tx) -> None:
        await tx.set_meta("other", "1")
        opened.set()
        await held.wait()

    async def move(tx: Tx) -> int:
        row = await tx.game(game_id)
        assert row is not None
        read.set()
        await tx.update_game(game_id, row.version, game_update("moved"), last=True)
        return row.version + 1

    other = asyncio.ensure_future(repo.write(hold))
    await asyncio.wait_for(opened.wait(), 5)
    moving = asyncio.ensure_future(repo.write(move, lone=lone))
    try:
        await asyncio.wait_for(read.wait(), 0.5)
        got_through = True
    except TimeoutError:
        got_through = False
    held.set()
    await other
    await moving
    return got_through


async def test_a_lone_move_reads_while_the_write_connection_is_busy(tmp_path: Path) -> None:
    """An ordinary write waits for the connection before its first read; a
    lone move reads on a read connection and only queues its statement."""
    repo = await Repository.open(tmp_path / "gin.db")
    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))
        assert not await _reads_while_a_write_is_open(repo, gid, lone=False)
        assert await _reads_while_a_write_is_open(repo, gid, lone=True)
        row = await repo.read(lambda tx: tx.game(gid))
        assert row is not None and row.version == 3
        assert await _state(repo, gid) == "moved"
        assert await repo.read(lambda tx: tx.get_meta("other")) == "1"
    finally:
        await repo.close()


async def test_a_move_that_wants_another_write_runs_again_as_a_write(
    tmp_path: Path,
) -> None:
    """A write before the last statement (a move that ends a hand writes its
    record too) is stopped before it is sent; the function then runs again
    as an ordinary write, and everything lands exactly once."""
    repo = await Repository.open(tmp_path / "gin.db")
    runs = 0

    async def with_record(tx: Tx) -> None:
        nonlocal runs
        runs += 1
        row = await tx.game(gid)
        assert row is not None
        await tx.update_game(gid, row.version, game_update(str(runs)), last=False)
        await tx.set_meta("record", str(runs))

    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))
        await repo.write(with_record, lone=True)
        assert runs == 2
        row = await repo.read(lambda tx: tx.game(gid))
        assert row is not None and row.version == 2  # one UPDATE, not two
        assert await _state(repo, gid) == "2"
        assert await repo.read(lambda tx: tx.get_meta("record")) == "2"
    finally:
        await repo.close()


async def test_a_lone_move_that_lost_a_race_reads_again(tmp_path: Path) -> None:
    """A change committed between the move's read and its statement
    makes the guard match nothing; the run after it reads the new row."""
    repo = await Repository.open(tmp_path / "gin.db")
    seen: list[str] = []

    async def move(tx: Tx) -> int:
        state = await tx.game_state(gid)
        assert state is not None
        seen.append(state)
        if len(seen) == 1:  # another writer gets in first (possible: we hold nothing)
            await repo.write(lambda other: bump_game(other, gid))
        return await bump_game(tx, gid)

    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))
        assert await repo.write(move, lone=True) == 3
        assert seen == ["0", "1"]
        assert await _state(repo, gid) == "2"
    finally:
        await repo.close()


async def test_a_read_of_two_statements_runs_again_in_a_transaction(tmp_path: Path) -> None:
    """The second statement is stopped before it is sent; the read then runs
    again in one transaction and both statements see the same commit."""
    repo = await Repository.open(tmp_path / "gin.db")
    runs = 0

    async def both(tx: Tx) -> tuple[str | None, str | None]:
        nonlocal runs
        runs += 1
        return await tx.get_meta("a"), await tx.get_meta("b")

    try:
        await repo.write(lambda tx: tx.set_meta("a", "1"))
        await repo.write(lambda tx: tx.set_meta("b", "2"))
        assert await repo.read(lambda tx: tx.get_meta("a")) == "1"  # one statement: one run
        assert await repo.read(both) == ("1", "2")
        assert runs == 2
    finally:
        await repo.close()


async def test_a_lone_read_never_runs_inside_an_older_snapshot(tmp_path: Path) -> None:
    """Every read connection is inside a transaction that began before a
    write: a lone read queued meanwhile waits for them to end and sees the
    write — run inside one of them it would see the value before."""
    from bot.storage.sqlite import SqliteStore

    repo = await Repository.open(tmp_path / "gin.db")
    held = asyncio.Event()
    entered = 0

    async def old(tx: Tx) -> str | None:
        nonlocal entered
        value = await tx.get_meta("k")
        await tx.get_meta("other")  # two statements: a transaction
        entered += 1
        await held.wait()
        return value

    try:
        await repo.write(lambda tx: tx.set_meta("k", "1"))
        olds = [asyncio.ensure_future(repo.read(old)) for _ in range(SqliteStore.READERS)]
        while entered < SqliteStore.READERS:
            await asyncio.sleep(0.001)
        await repo.write(lambda tx: tx.set_meta("k", "2"))
        lone = asyncio.ensure_future(repo.read(lambda tx: tx.get_meta("k")))
        await asyncio.sleep(0.02)
        held.set()
        assert await lone == "2"
        assert [await o for o in olds] == ["1"] * SqliteStore.READERS
    finally:
        held.set()
        await repo.close()


class _RolledBack(Exception):
    pass


async def test_lone_statements_never_land_in_another_transaction(tmp_path: Path) -> None:
    """Snapshot moves of several games, side by side with ordinary writes of
    several statements that roll back: were a lone ``UPDATE`` run inside one
    of those, it would be rolled back with it and a move lost."""
    repo = await Repository.open(tmp_path / "gin.db")
    games = 4
    moves = 12
    try:
        gids = [
            await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))
            for _ in range(games)
        ]
        locks = {gid: asyncio.Lock() for gid in gids}

        async def player(gid: int) -> None:
            for _ in range(moves):
                async with locks[gid]:
                    await repo.write(lambda tx: bump_game(tx, gid), lone=True)

        async def undone(tx: Tx, n: int) -> None:
            await tx.set_meta("undone", str(n))
            await asyncio.sleep(0)
            await tx.set_meta("undone2", str(n))
            raise _RolledBack

        async def spoiler() -> None:
            for n in range(moves * 2):
                with pytest.raises(_RolledBack):
                    await repo.write(lambda tx: undone(tx, n))  # noqa: B023 - awaited at once

        await asyncio.gather(*(player(gid) for gid in gids), spoiler(), spoiler())
        assert [await _state(repo, gid) for gid in gids] == [str(moves)] * games
        for gid in gids:
            row = await repo.read(lambda tx: tx.game(gid))  # noqa: B023 - awaited at once
            assert row is not None and row.version == 1 + moves
        assert await repo.read(lambda tx: tx.get_meta("undone")) is None
    finally:
        await repo.close()


async def test_a_refused_lone_statement_changes_nothing(tmp_path: Path) -> None:
    """Another program holds the file's write lock past the budget: the
    move's read goes through (WAL), its statement is refused, nothing
    changed — and the write connection is free for the next move."""
    path = tmp_path / "gin.db"
    repo = await Repository.open(path, busy_timeout=0.3)
    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row(state="0")))
        with write_locked(path), pytest.raises(DatabaseUnavailableError):
            await repo.write(lambda tx: bump_game(tx, gid), lone=True)
        assert await _state(repo, gid) == "0"
        assert await repo.write(lambda tx: bump_game(tx, gid), lone=True) == 2
        assert await _state(repo, gid) == "1"
        raw = sqlite3.connect(path)
        try:  # committed for every connection, not only ours
            assert raw.execute("SELECT state FROM games WHERE id = ?", (gid,)).fetchone() == ("1",)
        finally:
            raw.close()
    finally:
        await repo.close()


async def test_a_lone_write_waits_out_a_short_lock_of_another_program(tmp_path: Path) -> None:
    """The write connection waits for another program's lock in Python (its
    busy timeout is 0): a lock let go well before the deadline costs the
    move nothing but the wait, and moves queued behind it go through too."""
    path = tmp_path / "gin.db"
    repo = await Repository.open(path, busy_timeout=2.0)
    try:
        gids = [
            await repo.write(lambda tx: tx.insert_game(new_game_row(state="0"))) for _ in range(5)
        ]
        other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            other.execute("BEGIN EXCLUSIVE")
            moves = [
                asyncio.ensure_future(repo.write(lambda tx, g=g: bump_game(tx, g), lone=True))
                for g in gids
            ]
            await asyncio.sleep(0.2)
            assert not any(m.done() for m in moves)  # all waiting for the file
            other.execute("ROLLBACK")
            assert await asyncio.gather(*moves) == [2] * len(gids)
        finally:
            other.close()
        assert [await _state(repo, g) for g in gids] == ["1"] * len(gids)
    finally:
        await repo.close()
