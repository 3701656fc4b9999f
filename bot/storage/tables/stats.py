"""SQL for one table group: rated statistics, the leaderboard, games against the computer."""

from __future__ import annotations

from typing import Final

from ..errors import StorageError
from ..rows import AiStatsRow, StatsRow, columns, placeholders
from .base import STATS_COLS, TableSql, values

#: Leaderboard sort keys → the SQL expression they order by (descending).
#: Rows exist only for players with at least one rated game, so ``games > 0``.
LEADERBOARD_SORTS: Final[dict[str, str]] = {
    "rating": "rating",
    "games": "games",
    "wins": "wins",
    "losses": "losses",
    "win_rate": "CAST(wins AS DOUBLE PRECISION) / games",
    "hands_won": "hands_won",
    "gins": "gins",
    "big_gins": "big_gins",
    "undercuts_scored": "undercuts_scored",
    "undercuts_suffered": "undercuts_suffered",
    "total_points": "total_points",
    "best_game": "best_game",
    "current_streak": "current_streak",
    "best_streak": "best_streak",
}


class StatsSql(TableSql):
    """Rated statistics, the leaderboard, games against the computer."""

    async def stats(self, guild_id: int, user_id: int) -> StatsRow | None:
        row = await self._db.fetchone(
            f"SELECT {STATS_COLS} FROM player_stats WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return None if row is None else StatsRow(*row)

    async def put_stats(self, row: StatsRow) -> None:
        names = [n for n in STATS_COLS.split(", ") if n not in ("guild_id", "user_id")]
        updates = ", ".join(f"{n} = excluded.{n}" for n in names)
        await self._db.execute(
            f"INSERT INTO player_stats ({STATS_COLS}) VALUES ({placeholders(StatsRow)}) "
            f"ON CONFLICT (guild_id, user_id) DO UPDATE SET {updates}",
            values(row),
        )

    async def rating_rank(self, guild_id: int, rating: float) -> int:
        value = await self._one(
            "SELECT COUNT(*) FROM player_stats WHERE guild_id = ? AND rating > ?",
            (guild_id, rating),
        )
        return int(value) + 1

    async def count_players(self, guild_id: int, min_games: int) -> int:
        value = await self._one(
            "SELECT COUNT(*) FROM player_stats WHERE guild_id = ? AND games >= ?",
            (guild_id, min_games),
        )
        return int(value)

    async def leaderboard(
        self, guild_id: int, sort: str, min_games: int, limit: int, offset: int
    ) -> list[StatsRow]:
        expr = LEADERBOARD_SORTS.get(sort)
        if expr is None:  # the service validates first; this keeps SQL injection impossible
            raise StorageError(f"unknown leaderboard sort {sort!r}")
        rows = await self._db.fetchall(
            f"SELECT {STATS_COLS} FROM player_stats WHERE guild_id = ? AND games >= ? "
            f"ORDER BY {expr} DESC, rating DESC, games DESC, user_id "
            "LIMIT ? OFFSET ?",
            (guild_id, min_games, limit, offset),
        )
        return [StatsRow(*r) for r in rows]

    async def bump_ai_stats(self, guild_id: int, user_id: int, level: str, won: bool) -> None:
        await self._db.execute(
            "INSERT INTO ai_stats (guild_id, user_id, level, games, wins, losses) "
            "VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, user_id, level) DO UPDATE SET "
            "games = ai_stats.games + 1, wins = ai_stats.wins + excluded.wins, "
            "losses = ai_stats.losses + excluded.losses",
            (guild_id, user_id, level, int(won), int(not won)),
        )

    async def ai_stats(self, guild_id: int, user_id: int) -> list[AiStatsRow]:
        rows = await self._db.fetchall(
            f"SELECT {columns(AiStatsRow)} FROM ai_stats WHERE guild_id = ? AND user_id = ? "
            "ORDER BY level",
            (guild_id, user_id),
        )
        return [AiStatsRow(*r) for r in rows]
