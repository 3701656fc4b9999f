"""SQL for one table group: finished games looked back on — a server's or a
player's recent games, a player's rated results and hand figures.

Everything here reads what games already leave behind (``game_results``,
``hands``, ``games``): no counter of its own, so a figure can always be
worked out again from the stored results.  The per-player statements use
the ``game_results_player0`` / ``game_results_player1`` indexes (migration 6).

The records below are the shapes of these queries' rows (joins and
aggregates, not one table's columns), so they live beside their SQL.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from .base import TableSql

#: How the hands of a finished game ended (the rest of ``hands.ending`` are
#: the forfeit lines a resigned, timed-out or ended game adds).
HAND_ENDINGS: Final = "('knock', 'undercut', 'gin', 'big_gin', 'dead')"
#: Hands somebody won by playing them out.
WON_ENDINGS: Final = "('knock', 'undercut', 'gin', 'big_gin')"


@dataclass(frozen=True, slots=True)
class PastGameRow:
    """One finished game with its result and where it was played."""

    game_id: int
    player0: int
    player1: int
    name0: str
    name1: str
    winner_seat: int
    reason: str
    rated: int
    ai_level: str | None
    total0: int
    total1: int
    rating_before0: float | None
    rating_after0: float | None
    rating_before1: float | None
    rating_after1: float | None
    finished_at: float
    channel_id: int
    board_message_id: int | None
    summary_channel_id: int | None
    summary_message_id: int | None
    tournament_id: int | None


@dataclass(frozen=True, slots=True)
class RatedResultRow:
    """One rated game of a player: who played, who won, the ratings."""

    game_id: int
    player0: int
    player1: int
    winner_seat: int
    rating_before0: float | None
    rating_after0: float | None
    rating_before1: float | None
    rating_after1: float | None
    finished_at: float


@dataclass(frozen=True, slots=True)
class HandFiguresRow:
    """A player's hands in their rated games, added up."""

    hands: int  # played out (dead hands included)
    hands_won: int
    gins: int  # gin or big gin
    knocks: int  # knocks that were not gin
    undercut: int  # of those, undercut
    knock_deadwood: int  # the knocker's deadwood, summed over those knocks


@dataclass(frozen=True, slots=True)
class BestHandRow:
    game_id: int
    hand_number: int
    ending: str
    points: int


_PAST = (
    "r.game_id, r.player0, r.player1, g.name0, g.name1, r.winner_seat, r.reason, r.rated, "
    "r.ai_level, r.total0, r.total1, r.rating_before0, r.rating_after0, r.rating_before1, "
    "r.rating_after1, r.finished_at, g.channel_id, g.board_message_id, g.summary_channel_id, "
    "g.summary_message_id, g.tournament_id"
)
_RATED = ", ".join(f"r.{f.name}" for f in fields(RatedResultRow))
#: The player's rated games and their seat in each (parameters: guild, user, guild, user).
_MINE = (
    "WITH mine AS ("
    "SELECT game_id, 0 AS seat FROM game_results WHERE guild_id = ? AND player0 = ? AND rated = 1 "
    "UNION ALL "
    "SELECT game_id, 1 AS seat FROM game_results WHERE guild_id = ? AND player1 = ? AND rated = 1"
    ") "
)


def _either_seat(select: str, where: str = "") -> str:
    """``select`` (whose ``FROM`` names ``game_results r``) for one player's
    games: once per seat, each by its own index, joined with ``UNION ALL``
    (a player never sits in both seats), as a table ``u`` to order and cut.
    Parameters: guild, user, guild, user.

    Why not ``player0 = ? OR player1 = ?``: without table statistics SQLite
    answers that from the guild's index, reading every result of the server."""
    return (
        f"SELECT * FROM ({select} WHERE r.guild_id = ? AND r.player0 = ?{where} UNION ALL "
        f"{select} WHERE r.guild_id = ? AND r.player1 = ?{where}) AS u"
    )


def _int(value: Any) -> int:
    """A count or sum as an int (PostgreSQL's SUM of BIGINT is a numeric)."""
    return 0 if value is None else int(value)


class ArchiveSql(TableSql):
    """Finished games looked back on (see the module docstring)."""

    async def count_finished_games(self, guild_id: int, user_id: int | None = None) -> int:
        if user_id is None:
            value = await self._one(
                "SELECT COUNT(*) FROM game_results WHERE guild_id = ?", (guild_id,)
            )
        else:
            value = await self._one(
                "SELECT (SELECT COUNT(*) FROM game_results WHERE guild_id = ? AND player0 = ?) "
                "+ (SELECT COUNT(*) FROM game_results WHERE guild_id = ? AND player1 = ?)",
                (guild_id, user_id, guild_id, user_id),
            )
        return int(value)

    async def finished_games(
        self, guild_id: int, user_id: int | None, limit: int, offset: int
    ) -> list[PastGameRow]:
        """A server's (or one player's) finished games, the latest first."""
        select = f"SELECT {_PAST} FROM game_results r JOIN games g ON g.id = r.game_id"
        if user_id is None:
            sql = f"{select} WHERE r.guild_id = ? ORDER BY r.finished_at DESC, r.game_id DESC"
            params: tuple[int, ...] = (guild_id,)
        else:
            sql = f"{_either_seat(select)} ORDER BY u.finished_at DESC, u.game_id DESC"
            params = (guild_id, user_id, guild_id, user_id)
        rows = await self._db.fetchall(f"{sql} LIMIT ? OFFSET ?", (*params, limit, offset))
        return [PastGameRow(*r) for r in rows]

    async def rated_results(self, guild_id: int, user_id: int) -> list[RatedResultRow]:
        """A player's rated games in the order they finished."""
        rows = await self._db.fetchall(
            _either_seat(f"SELECT {_RATED} FROM game_results r", " AND r.rated = 1")
            + " ORDER BY u.finished_at, u.game_id",
            (guild_id, user_id, guild_id, user_id),
        )
        return [RatedResultRow(*r) for r in rows]

    async def hand_figures(self, guild_id: int, user_id: int) -> HandFiguresRow:
        """The hands of a player's rated games, added up from the score sheets."""
        mine_dead = "CASE m.seat WHEN 0 THEN h.deadwood0 ELSE h.deadwood1 END"
        knock = "h.knocker_seat = m.seat AND h.ending IN ('knock', 'undercut')"
        row = await self._db.fetchone(
            f"{_MINE}SELECT COUNT(*), "
            f"SUM(CASE WHEN h.winner_seat = m.seat AND h.ending IN {WON_ENDINGS} "
            "THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN h.winner_seat = m.seat AND h.ending IN ('gin', 'big_gin') "
            "THEN 1 ELSE 0 END), "
            f"SUM(CASE WHEN {knock} THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN h.knocker_seat = m.seat AND h.ending = 'undercut' THEN 1 ELSE 0 END), "
            f"SUM(CASE WHEN {knock} THEN {mine_dead} ELSE 0 END) "
            f"FROM hands h JOIN mine m ON m.game_id = h.game_id WHERE h.ending IN {HAND_ENDINGS}",
            (guild_id, user_id, guild_id, user_id),
        )
        assert row is not None  # an aggregate always returns its row
        return HandFiguresRow(*(_int(v) for v in row))

    async def best_hand(self, guild_id: int, user_id: int) -> BestHandRow | None:
        """The hand of a rated game that won the player the most points
        (the earliest of equals)."""
        row = await self._db.fetchone(
            f"{_MINE}SELECT h.game_id, h.hand_number, h.ending, h.points "
            "FROM hands h JOIN mine m ON m.game_id = h.game_id "
            f"WHERE h.winner_seat = m.seat AND h.ending IN {WON_ENDINGS} "
            "ORDER BY h.points DESC, h.finished_at, h.game_id, h.hand_number LIMIT 1",
            (guild_id, user_id, guild_id, user_id),
        )
        return None if row is None else BestHandRow(*row)
