"""SQL for one table group: turn clocks: due deadlines, reminders taken once, downtime credit."""

from __future__ import annotations

from ..rows import TimerRow
from .base import TURN_USER, TableSql


class TimersSql(TableSql):
    """Turn clocks: due deadlines, reminders taken once, downtime credit."""

    def due_deadlines(self, now: float) -> list[TimerRow]:
        """Active games whose turn deadline has passed."""
        rows = self._db.execute(
            f"SELECT id, version, channel_id, {TURN_USER}, turn_deadline FROM games "
            "WHERE status = 'active' AND next_timer_at <= ? AND turn_deadline <= ? ORDER BY id",
            (now, now),
        ).fetchall()
        return [TimerRow(*r) for r in rows]

    def take_due_reminders(self, now: float) -> list[TimerRow]:
        """Mark due reminders as sent and return them: each is returned once,
        by exactly one caller, even across processes."""
        rows = self._db.execute(
            "UPDATE games SET reminder_sent = 1, next_timer_at = turn_deadline "
            "WHERE status = 'active' AND next_timer_at <= ? AND reminder_sent = 0 "
            "AND reminder_at <= ? AND turn_deadline > ? "
            f"RETURNING id, version, channel_id, {TURN_USER}, turn_deadline",
            (now, now, now),
        ).fetchall()
        return sorted((TimerRow(*r) for r in rows), key=lambda t: t.game_id)

    def next_timer_at(self) -> float | None:
        row = self._db.execute(
            "SELECT MIN(next_timer_at) FROM games "
            "WHERE status = 'active' AND next_timer_at IS NOT NULL"
        ).fetchone()
        return None if row is None or row[0] is None else float(row[0])

    def shift_timers(self, seconds: float) -> int:
        """Move every running turn clock forward (downtime credit)."""
        cur = self._db.execute(
            "UPDATE games SET turn_deadline = turn_deadline + ?, reminder_at = reminder_at + ?, "
            "next_timer_at = next_timer_at + ? "
            "WHERE status = 'active' AND turn_deadline IS NOT NULL",
            (seconds, seconds, seconds),
        )
        return cur.rowcount
