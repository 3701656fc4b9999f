"""Forgetting discord.py's idle rate-limit buckets sooner than it does.

discord.py keeps one rate-limit bucket per route and channel (every game's
thread has its own) and per interaction token, and forgets one only five
minutes after its last request, and only when a new bucket is made while it
holds 256 or more.  A busy server makes a few buckets a game: a bot that
plays a game a second holds over a thousand for those five minutes, each
with its lock, event and queue — memory that follows the last five minutes'
traffic and shows in a soak as growth.

A bucket idle for :data:`IDLE` seconds, with no request under way or
waiting and its window over, holds nothing worth keeping (a fresh bucket
learns the same limits from the next answer), so :func:`sweep_forever`
drops those every :data:`EVERY` seconds.  It reads discord.py's private
``HTTPClient._buckets`` (pinned to 2.7.x; ``tests/discord_ui/test_buckets.py``
fails if those names change).
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

#: Seconds without a request before a bucket may be forgotten.
IDLE: Final = 60.0
#: Seconds between two sweeps.
EVERY: Final = 30.0


def forget_idle(http: Any, now: float, idle: float = IDLE) -> int:
    """Drop the buckets of ``http`` (a ``discord.http.HTTPClient``) idle for
    ``idle`` seconds at ``now`` (the event loop's clock), with nothing
    outgoing or waiting and no rate-limit window still running; how many."""
    buckets = http._buckets
    stale = [
        key
        for key, bucket in buckets.items()
        if now - bucket._last_request >= idle
        and bucket.outgoing == 0
        and not bucket._pending_requests
        and (bucket.expires is None or bucket.expires <= now)
    ]
    for key in stale:
        del buckets[key]
    return len(stale)


async def sweep_forever(http: Any, every: float = EVERY, idle: float = IDLE) -> None:
    """Run :func:`forget_idle` every ``every`` seconds until cancelled."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        forget_idle(http, loop.time(), idle)
