"""SQL for group play: partnership games (and their lobbies) and tournaments.

Both are a row with a JSON state and a version, saved whole by a
version-checked ``UPDATE`` (like a game), so two processes or a double click
can never both change one: the loser's transaction matches nothing, is run
again by the repository, and then sees the winner's change.
"""

from __future__ import annotations

from typing import Any

from bot.shards import ShardRange

from ..errors import VersionConflictError
from ..rows import TeamGameRow, TournamentRow, columns
from .base import TableSql, owned, values

TEAM_COLS = columns(TeamGameRow)
TOURNAMENT_COLS = columns(TournamentRow)


class GroupsSql(TableSql):
    """Partnership games and tournaments."""

    async def _insert(self, table: str, row: Any) -> int:
        names = list(row.__dataclass_fields__)[1:]  # without id
        value = await self._one(
            f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))}) "
            "RETURNING id",
            values(row)[1:],
        )
        return int(value)

    async def _save(self, table: str, row: Any, version: int) -> None:
        """Write every column of ``row`` if the stored row is still at ``version``
        (``row.version`` is the new one)."""
        names = list(row.__dataclass_fields__)[1:]
        sets = ", ".join(f"{n} = ?" for n in names)
        changed = await self._db.execute(
            f"UPDATE {table} SET {sets} WHERE id = ? AND version = ?",
            (*values(row)[1:], row.id, version),
        )
        if changed != 1:
            raise VersionConflictError(f"{table} {row.id} is no longer at version {version}")

    # --- partnership games -----------------------------------------------------------

    async def insert_team_game(self, row: TeamGameRow) -> int:
        return await self._insert("team_games", row)

    async def team_game(self, team_id: int) -> TeamGameRow | None:
        row = await self._db.fetchone(
            f"SELECT {TEAM_COLS} FROM team_games WHERE id = ?", (team_id,)
        )
        return None if row is None else TeamGameRow(*row)

    async def save_team_game(self, row: TeamGameRow, version: int) -> None:
        await self._save("team_games", row, version)

    async def place_team(self, team_id: int, channel_id: int) -> list[int]:
        """Move a partnership game and its active tables to ``channel_id`` (its
        thread); returns the tables moved."""
        await self._db.execute(
            "UPDATE team_games SET channel_id = ? WHERE id = ?", (channel_id, team_id)
        )
        rows = await self._db.fetchall(
            "UPDATE games SET channel_id = ?, board_message_id = NULL, board_posted_at = NULL "
            "WHERE team_game_id = ? AND status = 'active' RETURNING id",
            (channel_id, team_id),
        )
        return sorted(int(r[0]) for r in rows)

    # --- tournaments -------------------------------------------------------------------

    async def insert_tournament(self, row: TournamentRow) -> int:
        return await self._insert("tournaments", row)

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        row = await self._db.fetchone(
            f"SELECT {TOURNAMENT_COLS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return None if row is None else TournamentRow(*row)

    async def save_tournament(self, row: TournamentRow, version: int) -> None:
        await self._save("tournaments", row, version)

    async def current_tournament(self, guild_id: int) -> TournamentRow | None:
        """The server's open (sign-up or running) tournament, else its latest."""
        row = await self._db.fetchone(
            f"SELECT {TOURNAMENT_COLS} FROM tournaments WHERE guild_id = ? "
            "ORDER BY CASE WHEN status IN ('signup', 'running') THEN 0 ELSE 1 END, id DESC "
            "LIMIT 1",
            (guild_id,),
        )
        return None if row is None else TournamentRow(*row)

    async def tournaments_to_advance(
        self, now: float, shards: ShardRange | None = None
    ) -> list[int]:
        """Tournaments whose sign-up has closed, and running ones (a match may
        be waiting for a player to finish another game)."""
        rows = await self._db.fetchall(
            "SELECT id FROM tournaments WHERE (status = 'running' OR "
            f"(status = 'signup' AND signup_ends <= ?)){owned(shards)} ORDER BY id",
            (now,),
        )
        return [int(r[0]) for r in rows]

    async def next_signup_end(self, shards: ShardRange | None = None) -> float | None:
        row = await self._db.fetchone(
            f"SELECT MIN(signup_ends) FROM tournaments WHERE status = 'signup'{owned(shards)}"
        )
        return None if row is None or row[0] is None else float(row[0])
