"""The bot's requests paced to Discord's global rate limit.

Besides each channel's limit, Discord lets a bot make at most 50 requests a
second in all (its global limit; answers to interactions do not count) and
answers the rest with a *global* 429, after which discord.py holds back every
request of the bot — every board of every game — until the limit resets.  A
server with a couple of hundred busy games makes more board edits than that:
each move changes a board.  So every channel write also takes a turn from
:class:`BotWideBudget`, shared by all channels: a steady :data:`RATE` a
second with a small :data:`BURST` after a quiet moment, leaving the rest of
the 50 for what does not go through the pacer (threads, pins, members).  A
board edit waiting for its turn keeps coalescing with later moves, like one
waiting for its channel: under that load boards show every few moves, fresh.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, Final

#: Requests a second, across the bot (Discord's global limit is 50).
RATE: Final = 40.0
#: Writes that may go at once after a quiet moment: with :data:`RATE`, at most
#: 45 in any second.
BURST: Final = 5


class BotWideBudget:
    """At most ``rate`` writes a second across the bot, ``burst`` at once
    after a pause (a token bucket, kept as the time the next turn is due)."""

    def __init__(
        self,
        rate: float = RATE,
        burst: int = BURST,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.interval = 1.0 / rate
        self.burst = burst
        self.clock = clock
        #: When the next turn is due (no earlier than ``burst`` turns ago).
        self._due = -float("inf")

    def reserve(self) -> float:
        """Take the next turn: seconds to wait for it (0: now).  A caller
        cancelled while waiting leaves its turn unused: the budget errs on
        the side of fewer writes."""
        now = self.clock()
        due = max(self._due, now - (self.burst - 1) * self.interval)
        self._due = due + self.interval
        return max(0.0, due - now)

    async def take(self) -> None:
        """Wait for the next turn."""
        wait = self.reserve()
        if wait > 0:
            await asyncio.sleep(wait)


#: Set while a channel write that has taken its turn (in the pacer) runs: its
#: request is paid for.
PAID: ContextVar[bool] = ContextVar("bot_budget_paid", default=False)


def pay_requests(http: Any, budget: BotWideBudget) -> None:
    """Make every request of ``http`` (discord.py's ``HTTPClient``, which
    sends all but the answers to interactions: those go by webhook) take a
    turn of ``budget`` first, unless a channel write already took it."""
    send = http.request

    async def paid(*args: Any, **kwargs: Any) -> Any:
        if not PAID.get():
            await budget.take()
        return await send(*args, **kwargs)

    http.request = paid
