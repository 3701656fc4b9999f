"""SQL for one table group: the daily puzzle — the puzzles by day, each
player's answer per server, and the days whose solvers a server was told of.

``puzzle_answers`` has one row per (server, player, day): a second answer
inserts nothing, so it can never count twice, whoever races.  A day is
closed for a server once (``puzzle_closings``), so its solvers are posted
once whichever process closes it.  Migration 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.shards import ShardRange

from .base import TableSql, owned


@dataclass(frozen=True, slots=True)
class PuzzleRow:
    day: str
    kind: str
    data: str  # JSON
    made_at: float


@dataclass(frozen=True, slots=True)
class PuzzleAnswerRow:
    guild_id: int
    user_id: int
    day: str
    choice: str
    correct: bool
    answered_at: float


class PuzzlesSql(TableSql):
    """The daily puzzle's tables (see the module docstring)."""

    # --- the puzzles -------------------------------------------------------------------

    async def puzzle(self, day: str) -> PuzzleRow | None:
        row = await self._db.fetchone(
            "SELECT day, kind, data, made_at FROM puzzles WHERE day = ?", (day,)
        )
        return None if row is None else PuzzleRow(str(row[0]), str(row[1]), str(row[2]), row[3])

    async def put_puzzle(self, row: PuzzleRow) -> bool:
        """Store a day's puzzle; ``False`` if the day has one already (made
        by another process: the same puzzle, as it is made from the day)."""
        changed = await self._db.execute(
            "INSERT INTO puzzles (day, kind, data, made_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (day) DO NOTHING",
            (row.day, row.kind, row.data, row.made_at),
        )
        return changed == 1

    # --- the answers -------------------------------------------------------------------

    async def answer_puzzle(self, row: PuzzleAnswerRow) -> bool:
        """Record a player's answer; ``False`` (and nothing changed) if they
        had answered this day's puzzle in this server already."""
        changed = await self._db.execute(
            "INSERT INTO puzzle_answers (guild_id, user_id, day, choice, correct, answered_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, day) DO NOTHING",
            (
                row.guild_id,
                row.user_id,
                row.day,
                row.choice,
                1 if row.correct else 0,
                row.answered_at,
            ),
        )
        return changed == 1

    async def puzzle_answer(self, guild_id: int, user_id: int, day: str) -> PuzzleAnswerRow | None:
        row = await self._db.fetchone(
            "SELECT guild_id, user_id, day, choice, correct, answered_at FROM puzzle_answers "
            "WHERE guild_id = ? AND user_id = ? AND day = ?",
            (guild_id, user_id, day),
        )
        return None if row is None else _answer(row)

    async def solved_days(self, guild_id: int, user_id: int, since: str) -> list[str]:
        """The days from ``since`` on whose puzzle the player solved, latest first."""
        rows = await self._db.fetchall(
            "SELECT day FROM puzzle_answers WHERE guild_id = ? AND user_id = ? AND day >= ? "
            "AND correct = 1 ORDER BY day DESC",
            (guild_id, user_id, since),
        )
        return [str(r[0]) for r in rows]

    async def day_answers(self, guild_id: int, day: str) -> list[PuzzleAnswerRow]:
        """Every answer to ``day``'s puzzle in a server, the earliest first."""
        rows = await self._db.fetchall(
            "SELECT guild_id, user_id, day, choice, correct, answered_at FROM puzzle_answers "
            "WHERE day = ? AND guild_id = ? ORDER BY answered_at, user_id",
            (day, guild_id),
        )
        return [_answer(r) for r in rows]

    # --- closing a day -----------------------------------------------------------------

    async def puzzle_days_to_close(
        self, since: str, before: str, shards: ShardRange | None
    ) -> list[tuple[int, str]]:
        """(server, day) of the days from ``since`` up to ``before`` that have
        answers and are not closed yet, oldest first."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT a.guild_id, a.day FROM puzzle_answers a WHERE a.day >= ? "
            f"AND a.day < ?{owned(shards, 'a.guild_id')} AND NOT EXISTS (SELECT 1 FROM "
            "puzzle_closings c WHERE c.guild_id = a.guild_id AND c.day = a.day) "
            "ORDER BY a.day, a.guild_id",
            (since, before),
        )
        return [(int(r[0]), str(r[1])) for r in rows]

    async def close_puzzle_day(self, guild_id: int, day: str, at: float) -> bool:
        """Mark a server's day told; ``False`` if it was already."""
        changed = await self._db.execute(
            "INSERT INTO puzzle_closings (guild_id, day, closed_at) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id, day) DO NOTHING",
            (guild_id, day, at),
        )
        return changed == 1


def _answer(row: tuple[Any, ...]) -> PuzzleAnswerRow:
    guild_id, user_id, day, choice, correct, at = row
    return PuzzleAnswerRow(int(guild_id), int(user_id), str(day), str(choice), bool(correct), at)
