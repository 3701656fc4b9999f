"""Storage: migrations, pragmas, the version-guarded write, transactions."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.config import Config
from bot.storage import (
    LATEST_VERSION,
    MIGRATIONS,
    Repository,
    StorageError,
    Tx,
    VersionConflictError,
)
from bot.storage import migrations as migrations_module
from bot.storage.errors import ConstraintError
from bot.storage.postgres import pg_statements
from bot.storage.sqlite import SqliteDb
from tests.service_helpers import game_update, new_game_row

TABLES = {
    "meta",
    "server_settings",
    "games",
    "active_players",
    "moves",
    "hands",
    "game_results",
    "player_stats",
    "ai_stats",
    "challenges",
}


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {r[0] for r in rows}


async def test_migrates_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "gin.db"
    repo = await Repository.open(path)
    try:
        assert await repo.user_version() == LATEST_VERSION == len(MIGRATIONS)
        assert str(await repo.pragma("journal_mode")).lower() == "wal"
        assert await repo.pragma("foreign_keys") == 1
        assert await repo.pragma("synchronous") == 1  # NORMAL
        assert await repo.integrity_check() == "ok"
    finally:
        await repo.close()
    assert _tables(path) >= TABLES


async def test_reopening_keeps_data_and_runs_nothing_again(db_target: str | Path) -> None:
    path = db_target
    repo = await Repository.open(path)
    game_id = await repo.write(lambda tx: tx.insert_game(new_game_row()))
    await repo.write(lambda tx: tx.set_meta("k", "v"))
    await repo.close()

    repo = await Repository.open(path)
    try:
        assert await repo.user_version() == LATEST_VERSION
        row = await repo.read(lambda tx: tx.game(game_id))
        assert row is not None and row.players == (10, 11)
        assert await repo.read(lambda tx: tx.get_meta("k")) == "v"
    finally:
        await repo.close()


async def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "gin.db"
    await (await Repository.open(path)).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(StorageError, match="newer than this bot"):
        await Repository.open(path)


async def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "gin.db", isolation_level=None) as conn:
        db = SqliteDb(conn)
        broken = (*MIGRATIONS, "CREATE TABLE extra (a INTEGER);\nSELECT * FROM no_such_table;")
        with pytest.raises(sqlite3.OperationalError):
            await migrations_module.migrate(db, broken)
        assert await migrations_module.user_version(db) == LATEST_VERSION
        names = {r[0] for r in await db.fetchall("SELECT name FROM sqlite_master")}
        assert "extra" not in names and "games" in names
        # ...and a fixed migration then applies on top.
        fixed = (*MIGRATIONS, "CREATE TABLE extra (a INTEGER);")
        assert await migrations_module.migrate(db, fixed) == LATEST_VERSION + 1


def test_default_path(tmp_path: Path) -> None:
    assert Config.from_env({}, cwd=tmp_path).db_path == tmp_path / "gin.db"
    env = {"GIN_DB_PATH": str(tmp_path / "x" / "games.sqlite")}
    assert Config.from_env(env, cwd=tmp_path).db_path == tmp_path / "x" / "games.sqlite"


async def test_configured_path_is_used(tmp_path: Path) -> None:
    config = Config.from_env({"GIN_DB_PATH": str(tmp_path / "env.db")})
    repo = await Repository.open(config.db_path, synchronous=config.db_sync)
    await repo.close()
    assert (tmp_path / "env.db").exists()


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


async def test_memory_databases_are_refused() -> None:
    with pytest.raises(StorageError):
        await Repository.open(":memory:")


# --- PostgreSQL: the same migrations, translated -------------------------------------------


async def _pg_columns(conn: asyncpg.Connection) -> dict[str, list[str]]:
    rows = await conn.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = 'public' ORDER BY table_name, ordinal_position"
    )
    out: dict[str, list[str]] = {}
    for table, column in rows:
        out.setdefault(table, []).append(column)
    return out


async def test_postgresql_gets_the_same_schema(tmp_path: Path, pg_url: str) -> None:
    pg = pg_url
    await (await Repository.open(pg)).close()
    lite = tmp_path / "gin.db"
    await (await Repository.open(lite)).close()
    with sqlite3.connect(lite) as db:
        sqlite_columns = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in TABLES}
    conn = await asyncpg.connect(pg)
    try:
        columns = await _pg_columns(conn)
        assert await conn.fetchval("SELECT version FROM schema_version") == LATEST_VERSION
    finally:
        await conn.close()
    assert {t: columns[t] for t in TABLES} == sqlite_columns
    # Ids are 64-bit and times double precision, not SQLite's loose types.
    statements = migrations_module.split_statements(MIGRATIONS[0])
    games = next(s for s in statements if s.lstrip().startswith("CREATE TABLE games"))
    (pg_games,) = pg_statements(games)
    assert "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" in pg_games
    assert re.search(r"guild_id\s+BIGINT", pg_games)
    assert re.search(r"turn_deadline\s+DOUBLE PRECISION", pg_games)
    assert "INTEGER" not in pg_games and "REAL" not in pg_games


async def test_postgresql_refuses_a_newer_schema(pg_url: str) -> None:
    pg = pg_url
    await (await Repository.open(pg)).close()
    conn = await asyncpg.connect(pg)
    try:
        await conn.execute("UPDATE schema_version SET version = version + 1")
    finally:
        await conn.close()
    with pytest.raises(StorageError, match="newer than this bot"):
        await Repository.open(pg)


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
