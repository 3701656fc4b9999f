"""The bot's requests kept under Discord's global rate limit.

Besides each channel's limit (:mod:`.pacing`), Discord lets a bot make at most
50 requests a second in all — its *global* limit; answers to interactions and
their follow-ups (the webhook routes) do not count — and answers more with a
global 429, after which discord.py holds back every request of the bot until
the limit resets, and each refused request counts towards Cloudflare's ban of
a bot that makes too many invalid requests.  A server with a couple of hundred
busy games edits more boards than that: each move changes one.

So every request discord.py's ``HTTPClient`` sends (everything but the answers
to interactions, which go by webhook) first takes a place in
:class:`BotWideBudget`: at most :data:`RATE` requests in any
:data:`WINDOW` seconds, counted when they leave, with the pacer's
:data:`~.pacing.MARGIN` for the time they take to arrive.  A board waiting to
be written asks the budget first whether it has room (:meth:`ready`), and
holds its place (:meth:`hold`) before its state is read and drawn: while the
bot is at its limit, later moves keep folding into the board's one write, and
no board is drawn only to wait — it shows the newest state when it goes, and
boards take their turns in order.  Under that limit one bot edits at most
~40 boards a second, however many games it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Final

from bot.config import DEFAULT_REQUESTS_PER_SECOND

from .pacing import MARGIN

#: Requests in any :data:`WINDOW` (Discord's global limit is 50 a second;
#: ``GIN_REQUESTS_PER_SECOND`` sets another).
RATE: Final = DEFAULT_REQUESTS_PER_SECOND
#: Seconds (before the :data:`~.pacing.MARGIN`).
WINDOW: Final = 1.0
#: The least wait when the budget is full (a clock's rounding never makes it 0).
SOON: Final = 0.001


class BotWideBudget:
    """At most ``rate`` requests in any ``window`` seconds (plus the margin)
    across the bot, first come first served."""

    def __init__(
        self,
        rate: int = RATE,
        window: float = WINDOW,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.rate = rate
        self.window = window * (1 + MARGIN)
        self.clock = clock
        self.sleep = sleep
        #: When the requests of the last window left.
        self._sent: deque[float] = deque()
        #: Places held for writes being built (:meth:`hold`).
        self._held = 0
        self._turns = asyncio.Lock()

    def wait_time(self) -> float:
        """Seconds until one more request may leave (0: now): the places held
        for writes being built count as taken."""
        now = self.clock()
        sent = self._sent
        while sent and now - sent[0] >= self.window:
            sent.popleft()
        if len(sent) + self._held < self.rate:
            return 0.0
        if not sent:  # only held places: one comes back when its write leaves
            return SOON
        return max(self.window - (now - sent[0]), SOON)

    async def ready(self) -> None:
        """Wait until a request could leave, without taking its place."""
        while (delay := self.wait_time()) > 0:
            await self.sleep(delay)

    async def take(self) -> None:
        """Wait for a place (in the order asked) and count the request as
        sent — at once if the caller holds a place (:meth:`hold`)."""
        place = _HELD.get()
        if place is not None and place.budget is self and not place.used:
            place.used = True
            self._held -= 1
            self._sent.append(self.clock())
            return
        async with self._turns:
            await self.ready()
            self._sent.append(self.clock())

    @contextlib.asynccontextmanager
    async def hold(self, *, first: bool = False) -> AsyncIterator[None]:
        """Hold a place, in the order asked, for the body's first request:
        a board takes it before its state is read and drawn, so only as many
        boards are built as can leave, each showing the state when its place
        came (a place not used is given back).  ``first``: ahead of everyone
        waiting in order — a new hand's board, which its players need before
        they can go on — it takes the first room that comes."""
        if first:
            await self.ready()
            self._held += 1
        else:
            async with self._turns:
                await self.ready()
                self._held += 1
        place = _Place(self)
        token = _HELD.set(place)
        try:
            yield
        finally:
            _HELD.reset(token)
            if not place.used:
                self._held -= 1

    def sizes(self) -> dict[str, int]:
        """What this keeps (tests): at most ``rate`` send times."""
        return {"budget.sent": len(self._sent), "budget.held": self._held}


@dataclass
class _Place:
    """A place held in ``budget`` for one request (:meth:`BotWideBudget.hold`)."""

    budget: BotWideBudget
    used: bool = False


#: The place the current task holds for its next request, if any.
_HELD: ContextVar[_Place | None] = ContextVar("bot_budget_place", default=None)


def pay_requests(http: Any, budget: BotWideBudget) -> None:
    """Make every request of ``http`` (discord.py's ``HTTPClient``: all but
    the answers to interactions, which go by webhook) take a place in
    ``budget`` before it is sent."""
    send = http.request

    async def paid(*args: Any, **kwargs: Any) -> Any:
        await budget.take()
        return await send(*args, **kwargs)

    http.request = paid
