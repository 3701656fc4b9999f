"""Which version each game's posted board shows, written to the database in
groups.

Why: after every board edit the bot records the version the board now shows,
so that after a crash it can edit the boards left behind
(:meth:`~bot.service.moves.MoveDesk.boards_behind`).  One write transaction
per edit made these half of all write transactions of a busy server, and
writes take turns on one connection: with 200 busy games a write waited
0.17 s at the median and 1 s at p99 for its turn (``benchmarks/
discord_latency.py --runs 200x4 --load independent --waits``).  So marks are
committed the way databases commit groups: the first mark is written at
once; marks that arrive while that write is on its way wait for it and then
go together in the next one.  Nothing waits for a timer, and a caller still
returns only once its own mark is committed — so the guarantee is the one of
a write per mark.
"""

from __future__ import annotations

import asyncio
from functools import partial

from bot.storage import Repository, Tx


class BoardMarks:
    """Board versions shown, committed in groups (see the module doc)."""

    def __init__(self, repo: Repository) -> None:
        self._repo = repo
        #: The newest version marked per game since the last write began.
        self._pending: dict[int, int] = {}
        #: Callers waiting for the pending marks to be committed.
        self._waiting: list[asyncio.Future[None]] = []
        self._writer: asyncio.Task[None] | None = None

    async def mark(self, game_id: int, version: int) -> None:
        """Record that ``game_id``'s board shows ``version``; returns once that
        is committed (an older version marked later never moves it back: the
        storage keeps the newest)."""
        if version > self._pending.get(game_id, -1):
            self._pending[game_id] = version
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(done)
        if self._writer is None:
            self._writer = asyncio.ensure_future(self._write())
        await asyncio.shield(done)

    async def _write(self) -> None:
        """Write what is pending, again and again until nothing is."""
        try:
            while self._pending:
                marks = sorted(self._pending.items())
                self._pending = {}
                waiting, self._waiting = self._waiting, []
                try:
                    await self._repo.write(partial(_write, marks), lone=True)
                except BaseException as exc:  # each caller hears of it as of its own write
                    for done in waiting:
                        if not done.done():
                            if isinstance(exc, Exception):
                                done.set_exception(exc)
                            else:
                                done.cancel()
                    if not isinstance(exc, Exception):
                        raise
                else:
                    for done in waiting:
                        if not done.done():
                            done.set_result(None)
        finally:
            self._writer = None
            for done in self._waiting:  # cancelled before they were written
                if not done.done():
                    done.cancel()
            self._waiting.clear()


async def _write(marks: list[tuple[int, int]], tx: Tx) -> None:
    await tx.boards_shown(marks)
