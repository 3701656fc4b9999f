"""The small periodic task that ends seasons: it closes every season that
has ended (:meth:`~bot.service.seasons.SeasonDesk.close_due`) and hands
each to a callback that posts the podium and moves the champion's role.

It sleeps until the next season of its servers can close, never longer than
``tick`` seconds (a moderator may turn seasons on meanwhile).  Nothing is
kept in memory between passes: which seasons are closed is in the database,
so a restart (or a second process) picks up exactly where this one left
off, and a season that ended while the bot was down is closed and posted
once on the first pass after it comes back.  While the database is
unavailable it waits and tries again, like the timer loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.storage import DatabaseUnavailableError

from .seasons import SeasonDesk, SeasonEnd

log = logging.getLogger(__name__)


class SeasonLoop:
    """Runs :meth:`tick` whenever a season may have ended."""

    def __init__(
        self,
        desk: SeasonDesk,
        *,
        on_end: Callable[[SeasonEnd], Awaitable[None]],
        clock: Callable[[], float],
        tick: float = 60.0,
    ) -> None:
        self._desk = desk
        self._on_end = on_end
        self._clock = clock
        self.tick_seconds = tick

    async def tick(self) -> list[SeasonEnd]:
        """One pass: close what has ended and post each (a failed post is
        logged; the season stays closed — it is never posted twice)."""
        ends = await self._desk.close_due()
        for end in ends:
            try:
                await self._on_end(end)
            except Exception:
                log.exception("could not post the end of a season in guild %s", end.guild_id)
        return ends

    async def run(self) -> None:
        """Tick until cancelled."""
        backoff = 0.0
        while True:
            try:
                await self.tick()
                wait = self.tick_seconds
                next_at = await self._desk.next_end_at()
                if next_at is not None:
                    wait = max(0.05, min(wait, next_at - self._clock()))
                backoff = 0.0
            except DatabaseUnavailableError:
                backoff = min(self.tick_seconds, max(1.0, 2 * backoff))
                wait = backoff
            except Exception:
                log.exception("season tick failed")
                wait = self.tick_seconds
            await asyncio.sleep(wait)
