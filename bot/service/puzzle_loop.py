"""The daily puzzle's small periodic task: make today's and tomorrow's
puzzles ahead of time, and close each day that is over, handing its solvers
to a callback that posts them.

**Making a puzzle never blocks the bot.**  It is seconds of CPU (self-play
and thousands of play-outs, :func:`~.puzzle_maker.make_puzzle`), so
:func:`make_in_process` runs it in a spawned worker process of its own, at
a lower priority, which ends with the job (and dies with the bot, as the
render workers do).  A thread would not do: the work is pure Python and
would hold the interpreter's lock against the event loop.  It runs shortly after start-up
(:data:`START_DELAY`: today's and tomorrow's) and then once a day for the day after, so today's
puzzle is in the database long before midnight — on every shard the same,
as it is made from the day alone.

Nothing is kept in memory between passes, as in
:class:`~.season_loop.SeasonLoop`: which puzzles exist and which days are
closed is in the database, so a restart or a second process picks up where
this one left off.  While the database is unavailable it waits and tries again.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from datetime import date, timedelta
from typing import Final

from bot.ai.puzzles import Puzzle
from bot.storage import DatabaseUnavailableError

from .puzzle_maker import make_puzzle
from .puzzles import Maker, PuzzleDay, PuzzleDesk, day_of, next_day_at

log = logging.getLogger(__name__)

#: ``prctl`` option: the signal a process gets when its parent dies (Linux).
PR_SET_PDEATHSIG: Final = 1
#: How much lower the worker's priority is than the bot's.
NICENESS: Final = 10
#: Seconds after midnight before the first pass of a new day (the clock of
#: another process may be a little behind).
AFTER_MIDNIGHT: Final = 1.0
#: Seconds after start-up before the first pass: a bot that has just started
#: has boards to catch up and computer turns owed, and usually finds today's
#: puzzle made already (by itself before a restart, or by another shard).
START_DELAY: Final = 30.0


def _start_worker(parent: int) -> None:
    """The worker's initializer: a lower priority, and death with the bot."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:  # the bot died before the request took effect
        os._exit(0)


async def make_in_process(day: date) -> Puzzle:
    """``day``'s puzzle, made in a worker process started for it (see the
    module doc); the worker is gone when this returns or is cancelled."""
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(os.getpid(),),
    )
    workers = []
    try:
        future = pool.submit(make_puzzle, day)
        workers = list((getattr(pool, "_processes", None) or {}).values())
        return await asyncio.wrap_future(future)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            if worker.is_alive():
                worker.kill()  # cancelled mid-way (the bot is stopping)


class PuzzleLoop:
    """Runs :meth:`tick` at every tick and just after each midnight (UTC)."""

    def __init__(
        self,
        desk: PuzzleDesk,
        *,
        on_day: Callable[[PuzzleDay], Awaitable[None]],
        clock: Callable[[], float],
        make: Maker = make_in_process,
        tick: float = 600.0,
        start_delay: float = START_DELAY,
    ) -> None:
        self._desk = desk
        self.start_delay = start_delay
        self._on_day = on_day
        self._clock = clock
        self._make = make
        self.tick_seconds = tick

    async def tick(self) -> list[PuzzleDay]:
        """One pass: make the puzzles of today and tomorrow that are missing,
        then close the days that are over and post each (a failed post is
        logged; the day stays closed — it is never posted twice)."""
        today = day_of(self._clock())
        for day in (today, today + timedelta(days=1)):
            try:
                if await self._desk.ensure(day, self._make):
                    log.info("made the puzzle of %s", day)
            except DatabaseUnavailableError:
                raise
            except Exception:
                log.exception("could not make the puzzle of %s", day)
        days = await self._desk.close_due()
        for closed in days:
            try:
                await self._on_day(closed)
            except Exception:
                log.exception("could not post the puzzle solvers in guild %s", closed.guild_id)
        return days

    async def run(self) -> None:
        """Tick until cancelled, from :data:`START_DELAY` seconds on."""
        await asyncio.sleep(self.start_delay)
        backoff = 0.0
        while True:
            try:
                await self.tick()
                now = self._clock()
                wait = max(0.05, min(self.tick_seconds, next_day_at(now) + AFTER_MIDNIGHT - now))
                backoff = 0.0
            except DatabaseUnavailableError:
                backoff = min(self.tick_seconds, max(1.0, 2 * backoff))
                wait = backoff
            except Exception:
                log.exception("puzzle tick failed")
                wait = self.tick_seconds
            await asyncio.sleep(wait)
