"""The heartbeat file: how a container's HEALTHCHECK (``gin-bot health``)
knows the bot is alive *and* connected to Discord, without a port to probe.

The running bot touches the file every :data:`BEAT_EVERY` seconds while it
is connected; ``gin-bot health`` says healthy while the file is younger
than :data:`STALE_AFTER`.  A hung event loop, a lost connection that does
not come back, or a stopped bot all let the file go stale.  The file is
removed at start, so a new container is not "healthy" before it connects.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

log = logging.getLogger(__name__)

#: Seconds between two touches of the file.
BEAT_EVERY: Final = 30.0
#: Seconds between two looks at the connection while it is down.
LOOK_EVERY: Final = 1.0
#: A heartbeat older than this (three missed beats) means unhealthy.
STALE_AFTER: Final = 3 * BEAT_EVERY


def forget(path: Path) -> None:
    """Remove a heartbeat left by an earlier run."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def touch(path: Path) -> None:
    """Mark the bot alive now (creating the file and its folder if needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(exist_ok=True)


async def keep_fresh(path: Path, connected: Callable[[], bool], every: float = BEAT_EVERY) -> None:
    """Touch ``path`` every ``every`` seconds while ``connected()`` — and at
    once when it becomes so: while not connected, ask again every
    :data:`LOOK_EVERY` seconds (runs until cancelled)."""
    warned = False
    while True:
        if not connected():
            await asyncio.sleep(min(LOOK_EVERY, every))
            continue
        try:
            touch(path)
            warned = False
        except OSError as err:
            if not warned:  # once per failure streak, not every beat
                log.warning("cannot write the heartbeat file %s (%s)", path, err)
                warned = True
        await asyncio.sleep(every)


def age(path: Path, now: float | None = None) -> float | None:
    """Seconds since the last heartbeat, or ``None`` if there is none."""
    try:
        modified = path.stat().st_mtime
    except OSError:
        return None
    return (time.time() if now is None else now) - modified
