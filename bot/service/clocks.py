"""Turn clocks: reminders, forfeits at the deadline, and the heartbeat that
gives back the time the bot was down."""

from __future__ import annotations

from bot.storage import Tx

from .core import ServiceCore
from .games import Step, StepKind
from .models import (
    TimerEvent,
    TimerKind,
)
from .timers import downtime_credit


class ClockDesk(ServiceCore):
    """Due timers, the next wake-up, the heartbeat."""

    async def _restore_clocks(self, tx: Tx) -> float:
        now = self.clock()
        stored = await tx.get_meta(self.heartbeat_key)
        credit = downtime_credit(now, None if stored is None else float(stored))
        if credit > 0:
            await tx.shift_timers(credit, self.shards)
        await tx.set_meta(self.heartbeat_key, repr(now))
        return credit

    async def due_timers(self) -> list[TimerEvent]:
        """Forfeit every player whose turn deadline has passed (committed, as
        "timeout") and report each due half-time reminder once.  Also records
        the heartbeat used for downtime credit."""
        now = self.clock()
        events: list[TimerEvent] = []
        for due in await self._repo.read(lambda tx: tx.due_deadlines(now, self.shards)):
            result = await self._move(due.game_id, Step(StepKind.TIMEOUT, due_at=now))
            if result is not None:
                events.append(
                    TimerEvent(
                        TimerKind.FORFEIT,
                        due.game_id,
                        result.snapshot.channel_id,
                        result.actor_id,
                        due.turn_deadline,
                        result,
                    )
                )

        async def reminders(tx: Tx) -> list[TimerEvent]:
            await tx.set_meta(self.heartbeat_key, repr(now))
            return [
                TimerEvent(TimerKind.REMINDER, r.game_id, r.channel_id, r.user_id, r.turn_deadline)
                for r in await tx.take_due_reminders(now, self.shards)
            ]

        events.extend(await self._repo.write(reminders))
        return events

    async def next_timer_at(self) -> float | None:
        """The earliest pending reminder or deadline (``None``: no clock runs)."""
        return await self._repo.read(lambda tx: tx.next_timer_at(self.shards))

    async def restore_clocks(self) -> float:
        """Give running turn clocks back the time since the last heartbeat
        (after the database was unavailable: nobody could move); the seconds."""
        return await self._repo.write(self._restore_clocks)

    async def heartbeat(self) -> None:
        """Record that the bot is alive now (see :mod:`bot.service.timers`)."""
        now = self.clock()
        await self._repo.write(lambda tx: tx.set_meta(self.heartbeat_key, repr(now)))
