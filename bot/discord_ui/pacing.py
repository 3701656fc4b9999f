"""Channel writes paced to Discord's per-channel rate limit.

Discord lets a bot create or edit only a handful of messages per channel in
a few seconds (about 5 per 5 s) and answers the rest with 429.  discord.py
would then sleep and retry, so a busy channel's boards, pings and reveals
would queue behind each other and arrive late in a burst.  Instead every
public write of ours asks :class:`ChannelPacer` for a slot first; a board edit
that waits keeps coalescing with later moves, so under load a channel sees
fewer, fresher boards — and the bot renders fewer images.

With a thread per game every game is a channel of its own, so what the
pacer keeps per channel is let go once the channel has been quiet for a
window: its lock when nobody holds or waits for it, its count of writes under
way when none is, and its recent writes once they are older than the window
(looked at whenever that channel is asked about, and for every channel at
most once a window: :meth:`ChannelPacer.sweep`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Callable

from .keyed import KeyedLocks

#: Extra spacing, as a share of the window: Discord counts a write when it
#: arrives, we when we send it, and uploads take varying time in between.
MARGIN = 0.1
#: How often a write waiting behind writes still under way looks again.
UNDER_WAY = 0.005
#: Slots of the window a tidy-up write leaves free for what players wait for.
HEADROOM = 2
#: How often a tidy-up write waiting for room looks again (seconds; at most a
#: tenth of the window, for short windows such as the tests').
TIDY_POLL = 0.25
#: A tidy-up write waits at most this long for room, then goes as a normal one.
TIDY_PATIENCE = 30.0


class ChannelPacer:
    """At most ``burst`` writes per ``window`` seconds in each channel (with a
    :data:`MARGIN`, so they also arrive that way).

    A write holds its place from the moment it is let through until it has
    finished, and is counted from when it finished: whatever the time between
    the two (building the message from the state at that moment, rendering,
    uploading), the writes reach Discord at least a window apart per burst.
    """

    def __init__(
        self,
        burst: int = 5,
        window: float = 5.0,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.window = window * (1 + MARGIN)
        self.clock = clock
        #: When each channel's recent writes finished (only those in the window).
        self._sent: dict[int, deque[float]] = {}
        #: Writes under way per channel (only channels with some).
        self._open: dict[int, int] = {}
        self._locks: KeyedLocks[int] = KeyedLocks()
        #: Normal writes waiting for a slot, per channel (only channels with some).
        self._waiting: dict[int, int] = {}
        self._swept = clock()

    def wait_time(self, channel_id: int) -> float:
        """Seconds until ``channel_id`` may take one more write (0: now; a write
        still under way blocks until it finishes: :data:`UNDER_WAY`)."""
        if self.burst <= 0:
            return 0.0
        sent = self._sent.get(channel_id)
        busy = self._open.get(channel_id, 0)
        if sent is None:
            return 0.0 if busy < self.burst else UNDER_WAY
        now = self.clock()
        while sent and now - sent[0] >= self.window:
            sent.popleft()
        if not sent:
            del self._sent[channel_id]  # quiet for a window: nothing to remember
            return 0.0 if busy < self.burst else UNDER_WAY
        if len(sent) + busy < self.burst:
            return 0.0
        return max(self.window - (now - sent[0]), UNDER_WAY)

    async def ready(self, channel_id: int) -> None:
        """Wait until ``channel_id`` could take a write, without taking it."""
        while (delay := self.wait_time(channel_id)) > 0:
            await asyncio.sleep(delay)

    def _room(self, channel_id: int) -> bool:
        """Whether a tidy-up write may go now: no normal write waits, and
        after it :data:`HEADROOM` slots of the window are still free."""
        if self._waiting.get(channel_id):
            return False
        self.wait_time(channel_id)  # drops writes that left the window
        used = len(self._sent.get(channel_id, ())) + self._open.get(channel_id, 0)
        return used + 1 + min(HEADROOM, self.burst - 1) <= self.burst

    @contextlib.asynccontextmanager
    async def write(self, channel_id: int, *, tidy: bool = False) -> AsyncIterator[None]:
        """Hold one write in ``channel_id`` (first come, first served) for the
        body, which builds and sends it.

        ``tidy``: a write nobody waits for (an old board losing its buttons, a
        ping saying the turn passed) goes only while the channel has room to
        spare — never ahead of a board, reveal or ping players are waiting
        for, and never taking the last slots of the window, so a busy thread
        does not stall the next move's board behind its own housekeeping
        (bounded: after :data:`TIDY_PATIENCE` it goes like any write)."""
        if self.burst <= 0:
            yield
            return
        if tidy:
            give_up = self.clock() + TIDY_PATIENCE
            poll = min(TIDY_POLL, self.window / 10)
            while not self._room(channel_id) and self.clock() < give_up:
                await asyncio.sleep(poll)
        self._waiting[channel_id] = self._waiting.get(channel_id, 0) + (0 if tidy else 1)
        try:
            async with self._locks.hold(channel_id):
                while (delay := self.wait_time(channel_id)) > 0:
                    await asyncio.sleep(delay)
                self._open[channel_id] = self._open.get(channel_id, 0) + 1
        finally:
            waiting = self._waiting[channel_id] - (0 if tidy else 1)
            if waiting:
                self._waiting[channel_id] = waiting
            else:
                del self._waiting[channel_id]
        try:
            yield
        finally:
            left = self._open[channel_id] - 1
            if left:
                self._open[channel_id] = left
            else:
                del self._open[channel_id]
            now = self.clock()
            self._sent.setdefault(channel_id, deque()).append(now)
            if now - self._swept >= self.window:
                self.sweep(now)

    def sweep(self, now: float | None = None) -> None:
        """Forget every channel quiet for a window (``now``: the clock's time;
        tests pass a later one instead of waiting)."""
        now = self.clock() if now is None else now
        self._swept = now
        for channel_id in list(self._sent):
            sent = self._sent[channel_id]
            while sent and now - sent[0] >= self.window:
                sent.popleft()
            if not sent:
                del self._sent[channel_id]

    def sizes(self) -> dict[str, int]:
        """What this keeps per channel (tests, the soak benchmark)."""
        return {
            "pacer.sent": len(self._sent),
            "pacer.open": len(self._open),
            "pacer.locks": len(self._locks),
            "pacer.waiting": len(self._waiting),
        }
