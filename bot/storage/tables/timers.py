"""SQL for one table group: turn clocks: due deadlines, reminders taken once, downtime credit."""

from __future__ import annotations

from bot.shards import ShardRange

from ..rows import TimerRow
from .base import TURN_USER, TableSql, owned


class TimersSql(TableSql):
    """Turn clocks: due deadlines, reminders taken once, downtime credit."""

    async def due_deadlines(self, now: float, shards: ShardRange | None = None) -> list[TimerRow]:
        """Active games whose turn deadline has passed (in ``shards``' guilds)."""
        rows = await self._db.fetchall(
            f"SELECT id, version, channel_id, {TURN_USER}, turn_deadline FROM games "
            "WHERE status = 'active' AND next_timer_at <= ? AND turn_deadline <= ?"
            f"{owned(shards)} ORDER BY id",
            (now, now),
        )
        return [TimerRow(*r) for r in rows]

    async def take_due_reminders(
        self, now: float, shards: ShardRange | None = None
    ) -> list[TimerRow]:
        """Mark due reminders as sent and return them: each is returned once,
        by exactly one caller, even across processes."""
        rows = await self._db.fetchall(
            "UPDATE games SET reminder_sent = 1, next_timer_at = turn_deadline "
            "WHERE status = 'active' AND next_timer_at <= ? AND reminder_sent = 0 "
            f"AND reminder_at <= ? AND turn_deadline > ?{owned(shards)} "
            f"RETURNING id, version, channel_id, {TURN_USER}, turn_deadline",
            (now, now, now),
        )
        return sorted((TimerRow(*r) for r in rows), key=lambda t: t.game_id)

    async def next_timer_at(self, shards: ShardRange | None = None) -> float | None:
        row = await self._db.fetchone(
            "SELECT MIN(next_timer_at) FROM games "
            f"WHERE status = 'active' AND next_timer_at IS NOT NULL{owned(shards)}"
        )
        return None if row is None or row[0] is None else float(row[0])

    async def shift_timers(self, seconds: float, shards: ShardRange | None = None) -> int:
        """Move every running turn clock (of ``shards``' guilds) forward: downtime credit."""
        changed = await self._db.execute(
            "UPDATE games SET turn_deadline = turn_deadline + ?, reminder_at = reminder_at + ?, "
            "next_timer_at = next_timer_at + ? "
            f"WHERE status = 'active' AND turn_deadline IS NOT NULL{owned(shards)}",
            (seconds, seconds, seconds),
        )
        return changed
