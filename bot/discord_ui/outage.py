"""Public writes that wait out a database outage.

A board (and a game's summary line) is built from the game as it is when
its write slot comes, so writing it reads the database.  If the database is
away at that moment — PostgreSQL restarting, a SQLite file locked by another
program — the move is committed but its board would be left behind for
good.  Instead the write is tried again, after :attr:`Backoff.first`
seconds and then twice as long each time (at most :attr:`Backoff.most`),
until the database answers, so the board ends up showing the last committed
state.  Each game logs one WARNING line (no traceback: an outage is an
operational event, not our bug) when its writes start failing and one INFO
line when one goes through again; after :attr:`Backoff.give_up_after` it
gives up with one line, and the game's next move tries afresh.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.service import BusyError, DatabaseUnavailableError

#: How much of the driver's reason a log line quotes.
DETAIL_CHARS = 200


@dataclass(frozen=True, slots=True)
class Backoff:
    """Seconds between tries while the database is away."""

    first: float = 0.5
    #: The longest wait, so a board follows within seconds once it is back.
    most: float = 5.0
    #: Ten minutes: a longer outage is an operator's problem, not a retry's.
    give_up_after: float = 600.0


@dataclass(slots=True)
class _Outage:
    since: float
    wait: float


def reason(error: DatabaseUnavailableError) -> str:
    """What the driver said, on one short line (never a player's hand: these
    are connection and file errors)."""
    detail = " ".join((error.detail or type(error).__name__).split())
    return detail if len(detail) <= DETAIL_CHARS else detail[: DETAIL_CHARS - 1] + "…"


def level_of(error: DatabaseUnavailableError) -> int:
    """How loud a write or read skipped for ``error`` is logged: a busy bot
    (BusyError) is reported once a minute by the storage layer, so a line per
    board or ping on top would flood the log when it matters (DEBUG); an
    outage is a WARNING."""
    return logging.DEBUG if isinstance(error, BusyError) else logging.WARNING


def cause_of(error: DatabaseUnavailableError) -> str:
    """What held the database back, for the log."""
    return "the bot is busy" if isinstance(error, BusyError) else "the database is unavailable"


class Outages:
    """The writes (one per game) that are waiting for the database: since
    when, and how long to wait before the next try."""

    def __init__(
        self,
        what: str,
        log: logging.Logger,
        backoff: Backoff | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        #: What is written, for the log ("board", "summary line").
        self.what = what
        self.log = log
        self.backoff = Backoff() if backoff is None else backoff
        self.clock = clock
        self._open: dict[int, _Outage] = {}

    def failed(self, game_id: int, error: DatabaseUnavailableError) -> bool:
        """A write for ``game_id`` met an outage: whether to try again (after
        :meth:`wait`).  The first failure logs one line; giving up logs one
        and forgets the game."""
        now = self.clock()
        outage = self._open.get(game_id)
        if outage is None:
            self._open[game_id] = _Outage(now, self.backoff.first)
            self.log.log(
                level_of(error),
                "%s of game %s not written: %s (%s); trying again until it is back",
                self.what,
                game_id,
                cause_of(error),
                reason(error),
            )
            return True
        if now - outage.since >= self.backoff.give_up_after:
            del self._open[game_id]
            self.log.warning(
                "%s of game %s given up: the database has been unavailable for %.0f s",
                self.what,
                game_id,
                now - outage.since,
            )
            return False
        outage.wait = min(self.backoff.most, 2 * outage.wait)
        return True

    def wait(self, game_id: int) -> float | None:
        """Seconds to wait before the next try (``None``: no outage)."""
        outage = self._open.get(game_id)
        return None if outage is None else outage.wait

    def written(self, game_id: int) -> None:
        """A write for ``game_id`` went through: one line if it had been failing."""
        outage = self._open.pop(game_id, None)
        if outage is not None:
            self.log.info(
                "%s of game %s written: the database is back after %.1f s",
                self.what,
                game_id,
                self.clock() - outage.since,
            )

    def forget(self, game_id: int) -> None:
        """Stop tracking ``game_id`` (its writes stopped for another reason)."""
        self._open.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._open)
