"""SQL for one table group: achievements earned, and the few facts about a
player's finished games that achievements ask for (how many, the latest
results).

``achievements`` has one row per (server, player, achievement): inserting an
earned one again changes nothing, so a transaction run twice (a lost race
re-run by the repository) or a restart never awards it twice.  Migration 8.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import TableSql


@dataclass(frozen=True, slots=True)
class EarnedRow:
    achievement: str
    earned_at: float
    game_id: int | None


#: A player's counted results (not ended by a moderator), once per seat by
#: its own index (parameters: guild, user, guild, user).
_COUNTED = "reason <> 'ended'"


class AchievementsSql(TableSql):
    """Achievements earned (see the module docstring)."""

    async def award(
        self, guild_id: int, user_id: int, achievement: str, at: float, game_id: int | None
    ) -> bool:
        """Record an achievement; ``False`` if the player had it already."""
        changed = await self._db.execute(
            "INSERT INTO achievements (guild_id, user_id, achievement, earned_at, game_id) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, achievement) DO NOTHING",
            (guild_id, user_id, achievement, at, game_id),
        )
        return changed == 1

    async def earned(self, guild_id: int, user_id: int) -> list[EarnedRow]:
        """A player's achievements in a server, the latest first."""
        rows = await self._db.fetchall(
            "SELECT achievement, earned_at, game_id FROM achievements "
            "WHERE guild_id = ? AND user_id = ? ORDER BY earned_at DESC, achievement",
            (guild_id, user_id),
        )
        return [EarnedRow(*r) for r in rows]

    async def counted_games(self, guild_id: int, user_id: int) -> int:
        """The player's finished games that counted (people and the computer)."""
        value = await self._one(
            "SELECT (SELECT COUNT(*) FROM game_results WHERE guild_id = ? AND player0 = ? "
            f"AND {_COUNTED}) + (SELECT COUNT(*) FROM game_results WHERE guild_id = ? "
            f"AND player1 = ? AND {_COUNTED})",
            (guild_id, user_id, guild_id, user_id),
        )
        return int(value)

    async def latest_wins(self, guild_id: int, user_id: int, count: int) -> list[bool]:
        """Whether the player won each of their latest ``count`` counted games,
        the latest first."""
        one_seat = (
            "SELECT finished_at, game_id, CASE WHEN winner_seat = {seat} THEN 1 ELSE 0 END "
            "AS won FROM game_results WHERE guild_id = ? AND player{seat} = ? AND "
            f"{_COUNTED} ORDER BY finished_at DESC, game_id DESC LIMIT ?"
        )
        rows = await self._db.fetchall(
            f"SELECT won FROM (SELECT * FROM ({one_seat.format(seat=0)}) AS a UNION ALL "
            f"SELECT * FROM ({one_seat.format(seat=1)}) AS b) AS u "
            "ORDER BY finished_at DESC, game_id DESC LIMIT ?",
            (guild_id, user_id, count, guild_id, user_id, count, count),
        )
        return [bool(r[0]) for r in rows]
