"""SQL for one table group: seasons — each season's standings, the seasons
already closed and their podiums (the hall of fame).

A season's standings are the rated results that finished inside its
window (``game_results``, human against human).  They are read on every
``/gin leaderboard``, and a season's Elo ratings (from 1200, game after
game) cannot be summed in SQL, so ``season_standings`` keeps them in the
columns of ``player_stats``: written in the result's own transaction, and
rebuilt from ``game_results`` and ``hands`` (:meth:`SeasonsSql.season_results`,
:meth:`SeasonsSql.season_hands`, both over the ``game_results_guild`` index)
when a server changes its season setting.  Migration 8.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.shards import ShardRange

from ..errors import StorageError
from ..rows import SettingsRow, StatsRow, columns
from .archive import HAND_ENDINGS
from .base import STATS_COLS, TableSql, owned, values
from .stats import LEADERBOARD_SORTS


@dataclass(frozen=True, slots=True)
class SeasonGameRow:
    """One rated result of a season's window, with the players' names and
    its score sheet's hands added up per seat (``undercuts``: scored, by the
    defender; the other seat suffered them)."""

    game_id: int
    player0: int
    player1: int
    name0: str
    name1: str
    winner_seat: int
    total0: int
    total1: int
    hands_won0: int
    hands_won1: int
    gins0: int
    gins1: int
    big_gins0: int
    big_gins1: int
    undercuts0: int
    undercuts1: int
    finished_at: float


@dataclass(frozen=True, slots=True)
class PodiumRow:
    """A closed season, and one place of its podium (``place`` is ``None``
    for a season nobody qualified in)."""

    season: str
    starts_at: float
    ends_at: float
    players: int
    place: int | None
    user_id: int | None
    name: str | None
    rating: float | None
    games: int | None
    wins: int | None


#: A season's rated results (parameters: guild, from, until).
_WINDOW = "r.guild_id = ? AND r.finished_at >= ? AND r.finished_at < ? AND r.rated = 1"


def _per_seat(name: str, test: str) -> str:
    return (
        f"SUM(CASE WHEN {test.format(seat=0)} THEN 1 ELSE 0 END) AS {name}0, "
        f"SUM(CASE WHEN {test.format(seat=1)} THEN 1 ELSE 0 END) AS {name}1"
    )


#: Each game's hands added up per seat, as the all-time statistics count them.
_HAND_SUMS = ", ".join(
    (
        _per_seat("won", "h.winner_seat = {seat}"),
        _per_seat("gin", "h.winner_seat = {seat} AND h.ending = 'gin'"),
        _per_seat("big", "h.winner_seat = {seat} AND h.ending = 'big_gin'"),
        _per_seat("under", "h.winner_seat = {seat} AND h.ending = 'undercut'"),
    )
)
_SUMMED = ", ".join(
    f"COALESCE(h.{name}{seat}, 0)" for name in ("won", "gin", "big", "under") for seat in (0, 1)
)
_KEY = "guild_id = ? AND season = ? AND starts_at = ?"
#: Closed seasons that have a champion.
_CROWNED = (
    "EXISTS (SELECT 1 FROM season_champions c WHERE c.guild_id = s.guild_id "
    "AND c.season = s.season AND c.starts_at = s.starts_at)"
)


class SeasonsSql(TableSql):
    """Season standings, closings and podiums (see the module docstring)."""

    # --- which servers play seasons --------------------------------------------------

    async def seasonal_servers(
        self, shards: ShardRange | None
    ) -> list[tuple[SettingsRow, float | None]]:
        """The settings of every server (of these shards) with seasons on,
        each with when its latest closed season of that length ended."""
        cols = ", ".join(f"s.{name}" for name in columns(SettingsRow).split(", "))
        rows = await self._db.fetchall(
            f"SELECT {cols}, (SELECT MAX(c.ends_at) FROM season_closings c "
            "WHERE c.guild_id = s.guild_id AND c.season = s.season) FROM server_settings s "
            f"WHERE s.season <> 'off'{owned(shards, 's.guild_id')} ORDER BY s.guild_id"
        )
        return [(SettingsRow(*r[:-1]), None if r[-1] is None else float(r[-1])) for r in rows]

    # --- standings -------------------------------------------------------------------

    async def season_stats(
        self, guild_id: int, season: str, starts_at: float, user_id: int
    ) -> StatsRow | None:
        row = await self._db.fetchone(
            f"SELECT {STATS_COLS} FROM season_standings WHERE {_KEY} AND user_id = ?",
            (guild_id, season, starts_at, user_id),
        )
        return None if row is None else StatsRow(*row)

    async def put_season_stats(self, season: str, starts_at: float, row: StatsRow) -> None:
        names = [n for n in STATS_COLS.split(", ") if n not in ("guild_id", "user_id")]
        updates = ", ".join(f"{n} = excluded.{n}" for n in names)
        marks = ", ".join("?" for _ in range(len(names) + 4))
        await self._db.execute(
            f"INSERT INTO season_standings (season, starts_at, {STATS_COLS}) VALUES ({marks}) "
            f"ON CONFLICT (guild_id, season, starts_at, user_id) DO UPDATE SET {updates}",
            (season, starts_at, *values(row)),
        )

    async def clear_season(self, guild_id: int, season: str, starts_at: float) -> None:
        await self._db.execute(
            f"DELETE FROM season_standings WHERE {_KEY}", (guild_id, season, starts_at)
        )

    async def count_season_players(
        self, guild_id: int, season: str, starts_at: float, min_games: int
    ) -> int:
        value = await self._one(
            f"SELECT COUNT(*) FROM season_standings WHERE {_KEY} AND games >= ?",
            (guild_id, season, starts_at, min_games),
        )
        return int(value)

    async def season_leaderboard(
        self,
        guild_id: int,
        season: str,
        starts_at: float,
        sort: str,
        min_games: int,
        limit: int,
        offset: int,
    ) -> list[StatsRow]:
        """One page of a season's table, ordered as the all-time one."""
        expr = LEADERBOARD_SORTS.get(sort)
        if expr is None:  # the service validates first; this keeps SQL injection impossible
            raise StorageError(f"unknown leaderboard sort {sort!r}")
        rows = await self._db.fetchall(
            f"SELECT {STATS_COLS} FROM season_standings WHERE {_KEY} AND games >= ? "
            f"ORDER BY {expr} DESC, rating DESC, games DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, season, starts_at, min_games, limit, offset),
        )
        return [StatsRow(*r) for r in rows]

    # --- rebuilding a season from the stored results ---------------------------------

    async def season_games(
        self, guild_id: int, starts_at: float, ends_at: float
    ) -> list[SeasonGameRow]:
        """The rated results that finished in ``[starts_at, ends_at)``, in
        order, each with its hands added up (one row per game: a season of a
        hundred thousand games reads as many rows, not five times more)."""
        window = (guild_id, starts_at, ends_at)
        rows = await self._db.fetchall(
            "SELECT r.game_id, r.player0, r.player1, g.name0, g.name1, r.winner_seat, r.total0, "
            f"r.total1, {_SUMMED}, r.finished_at FROM game_results r "
            "JOIN games g ON g.id = r.game_id "
            f"LEFT JOIN (SELECT h.game_id, {_HAND_SUMS} FROM hands h "
            "JOIN game_results r ON r.game_id = h.game_id "
            f"WHERE {_WINDOW} AND h.ending IN {HAND_ENDINGS} GROUP BY h.game_id) h "
            f"ON h.game_id = r.game_id WHERE {_WINDOW} ORDER BY r.finished_at, r.game_id",
            (*window, *window),
        )
        return [SeasonGameRow(*r) for r in rows]

    # --- closing seasons ---------------------------------------------------------------

    async def close_season(
        self,
        guild_id: int,
        season: str,
        starts_at: float,
        ends_at: float,
        closed_at: float,
        players: int,
    ) -> bool:
        """Mark the season closed; ``False`` if it already was (by an earlier
        run, or another process): then nothing else may be done for it."""
        changed = await self._db.execute(
            "INSERT INTO season_closings (guild_id, season, starts_at, ends_at, closed_at, "
            "players) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, season, starts_at) "
            "DO NOTHING",
            (guild_id, season, starts_at, ends_at, closed_at, players),
        )
        return changed == 1

    async def put_champion(
        self, guild_id: int, season: str, starts_at: float, place: int, row: StatsRow
    ) -> None:
        await self._db.execute(
            "INSERT INTO season_champions (guild_id, season, starts_at, place, user_id, name, "
            "rating, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                season,
                starts_at,
                place,
                row.user_id,
                row.name,
                row.rating,
                row.games,
                row.wins,
            ),
        )

    async def previous_champion(self, guild_id: int, ended_before: float) -> int | None:
        """The winner of the latest season (of any length) that ended before
        ``ended_before`` and had one: who holds the champion role now."""
        row = await self._db.fetchone(
            "SELECT c.user_id FROM season_champions c JOIN season_closings s "
            "ON s.guild_id = c.guild_id AND s.season = c.season AND s.starts_at = c.starts_at "
            "WHERE c.guild_id = ? AND c.place = 1 AND s.ends_at < ? "
            "ORDER BY s.ends_at DESC, s.closed_at DESC LIMIT 1",
            (guild_id, ended_before),
        )
        return None if row is None else int(row[0])

    # --- looking back ------------------------------------------------------------------

    async def count_crowned_seasons(self, guild_id: int) -> int:
        value = await self._one(
            f"SELECT COUNT(*) FROM season_closings s WHERE s.guild_id = ? AND {_CROWNED}",
            (guild_id,),
        )
        return int(value)

    async def crowned_seasons(self, guild_id: int, limit: int, offset: int) -> list[PodiumRow]:
        """A page of the closed seasons that had a champion, the latest first,
        each with its podium in place order."""
        rows = await self._db.fetchall(
            "SELECT s.season, s.starts_at, s.ends_at, s.players, c.place, c.user_id, c.name, "
            "c.rating, c.games, c.wins FROM (SELECT * FROM season_closings s "
            f"WHERE s.guild_id = ? AND {_CROWNED} ORDER BY s.ends_at DESC, s.season "
            "LIMIT ? OFFSET ?) s JOIN season_champions c ON c.guild_id = s.guild_id "
            "AND c.season = s.season AND c.starts_at = s.starts_at "
            "ORDER BY s.ends_at DESC, s.season, c.place",
            (guild_id, limit, offset),
        )
        return [PodiumRow(*r) for r in rows]

    async def closed_seasons(self, guild_id: int, limit: int) -> list[PodiumRow]:
        """The latest closed seasons (champion or not), without their podiums."""
        rows = await self._db.fetchall(
            "SELECT season, starts_at, ends_at, players FROM season_closings "
            "WHERE guild_id = ? ORDER BY ends_at DESC, season LIMIT ?",
            (guild_id, limit),
        )
        return [
            PodiumRow(r[0], float(r[1]), float(r[2]), int(r[3]), None, None, None, None, None, None)
            for r in rows
        ]
