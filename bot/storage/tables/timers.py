"""SQL for one table group: turn clocks: due deadlines, reminders taken once, downtime credit."""

from __future__ import annotations

from bot.shards import ShardRange

from ..rows import TimerRow
from .base import TURN_USER, TableSql, owned


class TimersSql(TableSql):
    """Turn clocks: due deadlines, reminders taken once, downtime credit."""

    def due_deadlines(self, now: float, shards: ShardRange | None = None) -> list[TimerRow]:
        """Active games whose turn deadline has passed (in ``shards``' guilds)."""
        rows = self._db.execute(
            f"SELECT id, version, channel_id, {TURN_USER}, turn_deadline FROM games "
            "WHERE status = 'active' AND next_timer_at <= ? AND turn_deadline <= ?"
            f"{owned(shards)} ORDER BY id",
            (now, now),
        ).fetchall()
        return [TimerRow(*r) for r in rows]

    def take_due_reminders(self, now: float, shards: ShardRange | None = None) -> list[TimerRow]:
        """Mark due reminders as sent and return them: each is returned once,
        by exactly one caller, even across processes."""
        rows = self._db.execute(
            "UPDATE games SET reminder_sent = 1, next_timer_at = turn_deadline "
            "WHERE status = 'active' AND next_timer_at <= ? AND reminder_sent = 0 "
            f"AND reminder_at <= ? AND turn_deadline > ?{owned(shards)} "
            f"RETURNING id, version, channel_id, {TURN_USER}, turn_deadline",
            (now, now, now),
        ).fetchall()
        return sorted((TimerRow(*r) for r in rows), key=lambda t: t.game_id)

    def next_timer_at(self, shards: ShardRange | None = None) -> float | None:
        row = self._db.execute(
            "SELECT MIN(next_timer_at) FROM games "
            f"WHERE status = 'active' AND next_timer_at IS NOT NULL{owned(shards)}"
        ).fetchone()
        return None if row is None or row[0] is None else float(row[0])

    def shift_timers(self, seconds: float, shards: ShardRange | None = None) -> int:
        """Move every running turn clock (of ``shards``' guilds) forward: downtime credit."""
        cur = self._db.execute(
            "UPDATE games SET turn_deadline = turn_deadline + ?, reminder_at = reminder_at + ?, "
            "next_timer_at = next_timer_at + ? "
            f"WHERE status = 'active' AND turn_deadline IS NOT NULL{owned(shards)}",
            (seconds, seconds, seconds),
        )
        return cur.rowcount
