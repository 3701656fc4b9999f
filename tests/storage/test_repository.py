"""The repository (``bot.storage.repository``) on both backends: the
version-guarded write and move log, transactions that fail change nothing,
constraints and foreign keys enforced.  Migrations, SQLite specifics and the
last statement have their own files beside this one."""

from __future__ import annotations

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
from tests.helpers.service import game_update, new_game_row


async def test_version_guard_and_move_log(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:
        gid = await repo.write(lambda tx: tx.insert_game(new_game_row()))
        await repo.write(lambda tx: tx.update_game(gid, 1, game_update('{"x":2}')))
        with pytest.raises(VersionConflictError):
            await repo.write(lambda tx: tx.update_game(gid, 1, game_update('{"x":3}')))
        row = await repo.read(lambda tx: tx.game(gid))
        assert row is not None and row.version == 2
        assert await repo.read(lambda tx: tx.game_state(gid)) == '{"x":2}'
        moves = await repo.read(lambda tx: tx.moves(gid))
        assert [(m.version, m.seat, m.kind) for m in moves] == [(2, 0, "draw_stock")]
    finally:
        await repo.close()


async def test_a_failed_transaction_changes_nothing(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    ran: list[str] = []

    async def txn(tx: Tx) -> None:
        await tx.set_meta("a", "1")
        tx.after_commit(lambda: ran.append("hook"))
        raise RuntimeError("boom")

    try:
        with pytest.raises(RuntimeError, match="boom"):
            await repo.write(txn)
        assert await repo.read(lambda tx: tx.get_meta("a")) is None
        assert ran == []

        async def ok(tx: Tx) -> None:
            await tx.set_meta("a", "2")
            tx.after_commit(lambda: ran.append("hook"))

        await repo.write(ok)
        assert ran == ["hook"]
        assert await repo.read(lambda tx: tx.get_meta("a")) == "2"
    finally:
        await repo.close()


async def test_one_active_game_per_player_is_a_constraint(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:

        async def first(tx: Tx) -> int:
            gid = await tx.insert_game(new_game_row())
            await tx.claim_players(1, [10, 11], gid)
            return gid

        gid = await repo.write(first)

        async def second(tx: Tx) -> int:
            other = await tx.insert_game(new_game_row(p0=12, p1=10))
            await tx.claim_players(1, [12, 10], other)
            return other

        with pytest.raises(StorageError):
            await repo.write(second)
        assert await repo.read(lambda tx: tx.active_game_id(1, 12)) is None
        assert await repo.read(lambda tx: tx.active_game_id(1, 10)) == gid
        # Another server is another matter.
        await repo.write(lambda tx: tx.claim_players(2, [10], gid))
    finally:
        await repo.close()


async def test_foreign_keys_are_enforced(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:
        with pytest.raises((sqlite3.IntegrityError, ConstraintError)):
            await repo.write(lambda tx: tx.claim_players(1, [10], 999))
    finally:
        await repo.close()
