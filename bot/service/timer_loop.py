"""The loop that keeps clocks honest: expires challenges, sends half-time
reminders and forfeits players whose turn ran out, handing each to a
callback that posts it.  It sleeps until the next thing is due (or
:meth:`TimerLoop.wake`), never longer than ``tick`` seconds.

While the database is unavailable it waits — 1 s, then twice as long each
time, at most ``tick`` — and tries again; nothing was changed meanwhile.  Its
first pass after an outage gives every running turn clock back the time
since the last heartbeat, as a restart does: nobody could move while the
database was away, so nobody is forfeited for it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.storage import DatabaseUnavailableError

from .models import Challenge
from .views import TimerNotice, TournamentProgress

if TYPE_CHECKING:
    from .service import GinService

log = logging.getLogger(__name__)


class TimerLoop:
    """Runs :meth:`tick` whenever something is due."""

    def __init__(
        self,
        service: GinService,
        *,
        on_expired: Callable[[Challenge], Awaitable[None]],
        on_timer: Callable[[TimerNotice], Awaitable[None]],
        on_tournament: Callable[[TournamentProgress], Awaitable[None]] | None = None,
        tick: float = 15.0,
    ) -> None:
        self._service = service
        self._on_expired = on_expired
        self._on_timer = on_timer
        self._on_tournament = on_tournament
        self.tick_seconds = tick
        self._wakeup = asyncio.Event()

    def wake(self) -> None:
        """Re-plan now (a new deadline may be sooner than the current sleep)."""
        self._wakeup.set()

    async def tick(self) -> None:
        """One pass: expired challenges, due reminders and forfeits."""
        service = self._service
        for challenge in await service.challenges.expire_challenges():
            await self._quietly(self._on_expired(challenge))
        for notice in await service.clocks.due_timers():
            await self._quietly(self._on_timer(notice))
        # Sign-ups that closed, and tournament matches whose players are free now.
        for progress in await service.tournaments.advance_tournaments():
            if self._on_tournament is not None:
                await self._quietly(self._on_tournament(progress))

    async def run(self) -> None:
        """Tick until cancelled (see the module docstring for outages)."""
        service = self._service
        backoff = 0.0  # > 0: the database was unavailable last time
        while True:
            try:
                if backoff:
                    credit = await service.clocks.restore_clocks()
                    log.info("timers: the database is back; clocks given %.0f s back", credit)
                await self.tick()
                wait = self.tick_seconds
                for next_at in (
                    await service.clocks.next_timer_at(),
                    await service.tournaments.next_tournament_at(),
                ):
                    if next_at is not None:
                        wait = max(0.05, min(wait, next_at - service.clock()))
                backoff = 0.0
            except DatabaseUnavailableError:
                backoff = min(self.tick_seconds, max(1.0, 2 * backoff))
                wait = backoff
            except Exception:
                log.exception("timer tick failed")
                wait = self.tick_seconds
            self._wakeup.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wakeup.wait(), timeout=wait)

    @staticmethod
    async def _quietly(post: Awaitable[None]) -> None:
        # A failed post must not stop the other notices: the move is committed.
        try:
            await post
        except Exception:
            log.exception("could not post a timer notice")
