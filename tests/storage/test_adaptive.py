"""The adaptive computer's table (``bot.storage.tables.adaptive``) and its
migration: a player's state is stored and replaced per server, and migration 7
widens the computer level of games and team games to 'adaptive' while keeping
every stored level (SQLite and PostgreSQL)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import LATEST_VERSION, MIGRATIONS, AdaptiveRow, Repository
from bot.storage import migrations as migrations_module
from bot.storage.sqlite import SqliteDb
from tests.helpers.service import new_game_row

#: Migration 7 is the adaptive one (its index is 6).
BEFORE = 6


async def test_a_state_is_kept_per_player_and_server(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:
        assert await repo.read(lambda tx: tx.adaptive_state(1, 10)) is None
        first = AdaptiveRow(1, 10, '{"games": 1, "level": 6.5}', 5.0)
        await repo.write(lambda tx: tx.put_adaptive_state(first))
        await repo.write(lambda tx: tx.put_adaptive_state(AdaptiveRow(2, 10, '{"x": 2}', 6.0)))
        assert await repo.read(lambda tx: tx.adaptive_state(1, 10)) == first
        later = AdaptiveRow(1, 10, '{"games": 2, "level": 7.0}', 9.0)
        await repo.write(lambda tx: tx.put_adaptive_state(later))
        assert await repo.read(lambda tx: tx.adaptive_state(1, 10)) == later
        other = await repo.read(lambda tx: tx.adaptive_state(2, 10))
        assert other is not None and other.state == '{"x": 2}'
        assert await repo.read(lambda tx: tx.adaptive_state(1, 11)) is None
    finally:
        await repo.close()


async def test_games_take_the_adaptive_level(db_target: str | Path) -> None:
    repo = await Repository.open(db_target)
    try:
        game_id = await repo.write(
            lambda tx: tx.insert_game(replace(new_game_row(), ai_level="adaptive"))
        )
        row = await repo.read(lambda tx: tx.game(game_id))
        assert row is not None and row.ai_level == "adaptive"
        with pytest.raises(Exception, match=r"(?i)check"):
            await repo.write(lambda tx: tx.insert_game(replace(new_game_row(), ai_level="master")))
    finally:
        await repo.close()


async def test_migration_7_keeps_every_level_on_sqlite(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "gin.db", isolation_level=None) as conn:
        db = SqliteDb(conn)
        await migrations_module.migrate(db, MIGRATIONS[:BEFORE])
        games = [(1, "hard"), (2, None), (3, "easy")]
        for game_id, level in games:
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, player0, player1, name0, name1, "
                "ai_level, ruleset, state, version, status, hand_number, created_at, "
                "updated_at) VALUES (?, 1, 2, ?, 0, 'a', 'b', ?, '{}', '{}', 1, 'active', 1, 0, 0)",
                (game_id, 10 + game_id, level),
            )
        await db.execute(
            "INSERT INTO team_games (id, guild_id, channel_id, creator_id, status, seats, "
            "ai_level, ruleset, version, created_at, expires_at, updated_at) "
            "VALUES (1, 1, 2, 3, 'lobby', '[]', 'normal', '{}', 1, 0, 0, 0)"
        )
        columns = {r[1] for r in await db.fetchall("PRAGMA table_info(games)")}

        assert await migrations_module.migrate(db) == LATEST_VERSION
        rows = await db.fetchall("SELECT id, ai_level FROM games ORDER BY id")
        assert [tuple(r) for r in rows] == games
        assert await db.fetchone("SELECT ai_level FROM team_games") == ("normal",)
        assert {r[1] for r in await db.fetchall("PRAGMA table_info(games)")} == columns
        await db.execute("UPDATE games SET ai_level = 'adaptive' WHERE id = 2")
        await db.execute("UPDATE team_games SET ai_level = 'adaptive'")
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute("UPDATE games SET ai_level = 'master' WHERE id = 2")
        with pytest.raises(sqlite3.IntegrityError):
            await db.execute("UPDATE team_games SET ai_level = 'master'")
        assert await db.fetchone("PRAGMA integrity_check") == ("ok",)
        assert await db.fetchone("PRAGMA foreign_key_check") is None


async def test_migration_7_keeps_every_level_on_postgresql(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(migrations_module, "MIGRATIONS", MIGRATIONS[:BEFORE])
    repo = await Repository.open(pg_url)
    try:
        hard = await repo.write(lambda tx: tx.insert_game(replace(new_game_row(), ai_level="hard")))
        people = await repo.write(lambda tx: tx.insert_game(new_game_row(p0=12, p1=13)))
    finally:
        await repo.close()
    monkeypatch.setattr(migrations_module, "MIGRATIONS", MIGRATIONS)
    repo = await Repository.open(pg_url)
    try:
        assert await repo.user_version() == LATEST_VERSION
        levels = [await repo.read(lambda tx, g=g: tx.game(g)) for g in (hard, people)]
        assert [r.ai_level if r is not None else "gone" for r in levels] == ["hard", None]
        row = AdaptiveRow(1, 10, "{}", 1.0)
        await repo.write(lambda tx: tx.put_adaptive_state(row))
        assert await repo.read(lambda tx: tx.adaptive_state(1, 10)) == row
    finally:
        await repo.close()
