"""Turn clocks: reminders, forfeits at the deadline, and the heartbeat that
gives back the time the bot was down."""

from __future__ import annotations

from bot.storage import Tx

from .core import MovePath, ServiceContext
from .games import Step, StepKind
from .models import TimerKind
from .timers import downtime_credit
from .views import TimerNotice, report_of


class ClockDesk:
    """Due timers, the next wake-up, the heartbeat."""

    def __init__(self, ctx: ServiceContext, path: MovePath) -> None:
        self._ctx = ctx
        self._path = path

    async def _restore_clocks(self, tx: Tx) -> float:
        ctx = self._ctx
        now = ctx.clock()
        stored = await tx.get_meta(ctx.heartbeat_key)
        credit = downtime_credit(now, None if stored is None else float(stored))
        if credit > 0:
            await tx.shift_timers(credit, ctx.shards)
        await tx.set_meta(ctx.heartbeat_key, repr(now))
        return credit

    async def due_timers(self) -> list[TimerNotice]:
        """Forfeit every player whose turn deadline has passed (committed, as
        "timeout") and report each due half-time reminder once.  Also records
        the heartbeat used for downtime credit."""
        ctx = self._ctx
        now = ctx.clock()
        events: list[TimerNotice] = []
        for due in await ctx.repo.read(lambda tx: tx.due_deadlines(now, ctx.shards)):
            result = await self._path.move(due.game_id, Step(StepKind.TIMEOUT, due_at=now))
            if result is not None:
                events.append(
                    TimerNotice(
                        TimerKind.FORFEIT,
                        due.game_id,
                        result.snapshot.channel_id,
                        result.actor_id,
                        due.turn_deadline,
                        report_of(result, None),
                    )
                )

        async def reminders(tx: Tx) -> list[TimerNotice]:
            await tx.set_meta(ctx.heartbeat_key, repr(now))
            return [
                TimerNotice(TimerKind.REMINDER, r.game_id, r.channel_id, r.user_id, r.turn_deadline)
                for r in await tx.take_due_reminders(now, ctx.shards)
            ]

        events.extend(await ctx.repo.write(reminders))
        return events

    async def next_timer_at(self) -> float | None:
        """The earliest pending reminder or deadline (``None``: no clock runs)."""
        return await self._ctx.repo.read(lambda tx: tx.next_timer_at(self._ctx.shards))

    async def restore_clocks(self) -> float:
        """Give running turn clocks back the time since the last heartbeat
        (at opening, and after the database was unavailable: nobody could
        move); the seconds."""
        return await self._ctx.repo.write(self._restore_clocks)

    async def heartbeat(self) -> None:
        """Record that the bot is alive now (see :mod:`bot.service.timers`)."""
        ctx = self._ctx
        now = ctx.clock()
        await ctx.repo.write(lambda tx: tx.set_meta(ctx.heartbeat_key, repr(now)))
