"""Channel writes paced to Discord's per-channel rate limit.

Discord lets a bot create or edit only a handful of messages per channel in
a few seconds (about 5 per 5 s) and answers the rest with 429.  discord.py
would then sleep and retry, so a busy channel's boards, pings and reveals
would queue behind each other and arrive late in a burst.  Instead every
public write of ours asks :class:`ChannelPacer` for a slot first; a board edit
that waits keeps coalescing with later moves, so under load a channel sees
fewer, fresher boards — and the bot renders fewer images.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Callable

#: Extra spacing, as a share of the window: Discord counts a write when it
#: arrives, we when we send it, and uploads take varying time in between.
MARGIN = 0.1
#: How often a write waiting behind writes still under way looks again.
UNDER_WAY = 0.005


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
        self._sent: dict[int, deque[float]] = {}
        self._open: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}

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
        if len(sent) + busy < self.burst:
            return 0.0
        if not sent:
            return UNDER_WAY
        return max(self.window - (now - sent[0]), UNDER_WAY)

    async def ready(self, channel_id: int) -> None:
        """Wait until ``channel_id`` could take a write, without taking it."""
        while (delay := self.wait_time(channel_id)) > 0:
            await asyncio.sleep(delay)

    @contextlib.asynccontextmanager
    async def write(self, channel_id: int) -> AsyncIterator[None]:
        """Hold one write in ``channel_id`` (first come, first served) for the
        body, which builds and sends it."""
        if self.burst <= 0:
            yield
            return
        lock = self._locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            while (delay := self.wait_time(channel_id)) > 0:
                await asyncio.sleep(delay)
            self._open[channel_id] = self._open.get(channel_id, 0) + 1
        try:
            yield
        finally:
            self._open[channel_id] -= 1
            self._sent.setdefault(channel_id, deque()).append(self.clock())
