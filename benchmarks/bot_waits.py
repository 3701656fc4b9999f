"""Where the bot's answers wait: an instrument for ``benchmarks/discord_latency.py
--waits``, installed in the benchmark's bot process (never in the bot itself).

A profile shows where the CPU goes; an answer that takes 300 ms while the
event loop is mostly idle is waiting, and a profile does not show for what.
This times every call of the awaits an interaction makes — the database
(reads and writes, lock and queue included), the render pool (hand images,
boards), discord.py's HTTP requests (interaction callbacks through the webhook
adapter, channel requests such as board edits) — and how late the event loop
runs a callback handed to it from another thread every 20 ms (its lag: the
time any ready work waits for the loop).  Written to a JSON file when the bot
stops; :func:`table` prints it.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Seconds between two probes of the event loop's lag.
PROBE_EVERY = 0.02

_waits: dict[str, list[float]] = defaultdict(list)
#: When each wait began (``time.perf_counter()``, the same clock in every
#: process of the machine), in step with :data:`_waits`: a stall shared by
#: many waits shows as one moment in time.
_starts: dict[str, list[float]] = defaultdict(list)


def _timed(cls: type, name: str, label: str) -> None:
    real: Callable[..., Any] = getattr(cls, name)

    async def timed(self: object, *args: object, **kwargs: object) -> Any:
        start = time.perf_counter()
        try:
            return await real(self, *args, **kwargs)
        finally:
            _waits[label].append(time.perf_counter() - start)
            _starts[label].append(start)

    setattr(cls, name, timed)


def _timed_take(cls: type) -> None:
    """The part of a database wait spent for a connection's lock: the write
    connection's (a store with read connections of its own) or a read one's."""
    real: Callable[..., Any] = cls._take  # type: ignore[attr-defined]

    async def timed(self: Any, deadline: float | None) -> None:
        start = time.perf_counter()
        try:
            await real(self, deadline)
        finally:
            label = "db lock: write conn" if self._readers else "db lock: read conn"
            _waits[label].append(time.perf_counter() - start)
            _starts[label].append(start)

    cls._take = timed  # type: ignore[attr-defined]


def _probe_lag(loop: asyncio.AbstractEventLoop) -> None:
    lags = _waits["event loop lag"]
    while not loop.is_closed():
        sent = time.perf_counter()
        _starts["event loop lag"].append(sent)
        try:
            loop.call_soon_threadsafe(lambda sent=sent: lags.append(time.perf_counter() - sent))
        except RuntimeError:  # the loop closed meanwhile
            return
        time.sleep(PROBE_EVERY)


def install() -> None:
    """Time the awaits (see the module doc) and probe every event loop that
    runs from now on."""
    import discord.http
    import discord.webhook.async_

    from bot.discord_ui.boards import Boards
    from bot.discord_ui.pacing import ChannelPacer
    from bot.render.pool import RenderPool
    from bot.storage.repository import Repository
    from bot.storage.sqlite import CountedLock, SqliteStore

    _timed(Repository, "read", "database read")
    _timed(Repository, "write", "database write")
    _timed_take(SqliteStore)
    _timed(SqliteStore, "_send_locked", "db lone, locked")
    _timed(CountedLock, "gap", "db gap wait")
    _timed(SqliteStore, "wait_turn", "db busy, waited")
    _timed(SqliteStore, "commit", "db commit (write conn)")
    _timed(ChannelPacer, "ready", "board: channel ready")
    _timed(Boards, "_bring_up_to_date", "board: slot to shown")
    _timed(RenderPool, "hand", "render: hand")
    _timed(RenderPool, "board", "render: board")
    _timed(discord.webhook.async_.AsyncWebhookAdapter, "request", "http: interaction")
    _timed(discord.http.HTTPClient, "request", "http: channel")

    run_forever = asyncio.BaseEventLoop.run_forever

    def probed(self: asyncio.BaseEventLoop) -> None:
        threading.Thread(target=_probe_lag, args=(self,), daemon=True).start()
        run_forever(self)

    asyncio.BaseEventLoop.run_forever = probed  # type: ignore[method-assign]


def dump(path: Path) -> None:
    """The waits (for :func:`table`), and beside them, in ``<path>.starts``,
    when each began (for a time line of a run)."""
    path.write_text(json.dumps(_waits))
    path.with_name(path.name + ".starts").write_text(json.dumps(_starts))


def table(path: Path) -> list[str]:
    """One line per kind of wait: count and p50 / p90 / p99 / max in ms."""
    waits: dict[str, list[float]] = json.loads(path.read_text())
    lines = [f"    {'wait':<20}{'count':>8}{'p50 ms':>9}{'p90 ms':>9}{'p99 ms':>9}{'max ms':>9}"]
    for label, values in sorted(waits.items()):
        values.sort()
        n = len(values)
        if not n:
            continue
        cells = [values[round(q * (n - 1))] * 1000 for q in (0.5, 0.9, 0.99, 1.0)]
        lines.append(f"    {label:<20}{n:>8}" + "".join(f"{c:>9.1f}" for c in cells))
    return lines
