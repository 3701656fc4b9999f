"""Standings: the leaderboard, player statistics and score sheets."""

from __future__ import annotations

import math

from bot.storage import LEADERBOARD_SORTS, Tx

from .convert import sheet_ending, stats_from_row
from .core import ServiceContext
from .models import (
    LeaderboardPage,
    PlayerStats,
    ScoreSheet,
    ScoreSheetRow,
    UnknownSortError,
)

_SORT_ALIASES = {
    "elo": "rating",
    "winrate": "win_rate",
    "win_percent": "win_rate",
    "points": "total_points",
    "streak": "current_streak",
    "undercuts": "undercuts_scored",
}


class StandingsDesk:
    """Rated tables and score sheets."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    async def leaderboard(
        self,
        guild_id: int,
        *,
        sort: str = "rating",
        page: int = 1,
        min_games: int = 0,
        page_size: int = 10,
    ) -> LeaderboardPage:
        """Rated players of a server, best first by ``sort``; ties by rating."""
        key = sort.strip().lower().replace("-", "_").replace(" ", "_")
        key = _SORT_ALIASES.get(key, key)
        if key not in LEADERBOARD_SORTS:
            raise UnknownSortError(
                "err.leaderboard.unknown_sort", sort=sort, sorts=", ".join(LEADERBOARD_SORTS)
            )
        size = min(max(page_size, 1), 100)
        least = max(min_games, 0)

        async def txn(tx: Tx) -> LeaderboardPage:
            total = await tx.count_players(guild_id, least)
            pages = max(1, math.ceil(total / size))
            number = min(max(page, 1), pages)
            offset = (number - 1) * size
            rows = await tx.leaderboard(guild_id, key, least, size, offset)
            return LeaderboardPage(
                guild_id=guild_id,
                sort=key,
                page=number,
                pages=pages,
                min_games=least,
                rows=tuple(stats_from_row(r, offset + i + 1) for i, r in enumerate(rows)),
            )

        return await self._ctx.repo.read(txn)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """Rated statistics, with the player's place on the rating board."""

        async def txn(tx: Tx) -> PlayerStats | None:
            row = await tx.stats(guild_id, user_id)
            return (
                None
                if row is None
                else stats_from_row(row, await tx.rating_rank(guild_id, row.rating))
            )

        return await self._ctx.repo.read(txn)

    async def ai_stats(self, guild_id: int, user_id: int) -> dict[str, dict[str, int]]:
        """Games against the computer by difficulty (only levels played)."""
        rows = await self._ctx.repo.read(lambda tx: tx.ai_stats(guild_id, user_id))
        return {r.level: {"games": r.games, "wins": r.wins, "losses": r.losses} for r in rows}

    async def score_sheet(self, game_id: int) -> ScoreSheet:
        """Every finished hand so far (and how the game ended, once it has)."""

        async def txn(tx: Tx) -> ScoreSheet:
            snapshot = await self._ctx.cache.load(tx, game_id)
            rows = tuple(
                ScoreSheetRow(
                    hand_number=h.hand_number,
                    end=sheet_ending(h.ending),
                    winner_seat=h.winner_seat,
                    points=h.points,
                    deadwood=(h.deadwood0, h.deadwood1),
                    totals=(h.total0, h.total1),
                )
                for h in await tx.hands(game_id)
            )
            game = snapshot.game
            return ScoreSheet(
                game_id, game.names, rows, snapshot.status, game.result, game.public_view()
            )

        return await self._ctx.repo.read(txn)
