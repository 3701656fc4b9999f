"""SQL for one table group: one active game per player: the active_players table."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from ..errors import DuplicateKeyError, StorageError
from .base import TableSql


class PlayersSql(TableSql):
    """One active game per player: the active_players table."""

    async def active_game_id(self, guild_id: int, user_id: int) -> int | None:
        row = await self._db.fetchone(
            "SELECT game_id FROM active_players WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return None if row is None else int(row[0])

    async def claim_players(self, guild_id: int, user_ids: Iterable[int], game_id: int) -> None:
        """Mark users as busy in ``game_id``; the primary key refuses a second
        active game even if a check above was somehow bypassed."""
        try:
            await self._db.executemany(
                "INSERT INTO active_players (guild_id, user_id, game_id) VALUES (?, ?, ?)",
                [(guild_id, u, game_id) for u in user_ids],
            )
        except DuplicateKeyError:
            raise  # PostgreSQL: a lost race; the repository runs the transaction again
        except sqlite3.IntegrityError as exc:
            if exc.sqlite_errorname not in (
                "SQLITE_CONSTRAINT_PRIMARYKEY",
                "SQLITE_CONSTRAINT_UNIQUE",
            ):
                raise
            raise StorageError(f"a player of game {game_id} is already in a game") from exc

    async def release_players(self, game_id: int) -> None:
        await self._db.execute("DELETE FROM active_players WHERE game_id = ?", (game_id,))
