"""Turn clocks: deadlines, half-time reminders and downtime credit.

All times are Unix seconds from the service's injectable clock.  The service
never sleeps: the bot asks :meth:`GinService.next_timer_at` when to wake and
then calls :meth:`GinService.due_timers`.

Downtime credit: the service stores a *heartbeat* (the last moment it is
known to have been running: every ``due_timers`` call, every ``heartbeat``
call and a clean ``close``).  On start-up every running turn clock moves
forward by ``now - heartbeat``, so the time the bot was down never counts
against a player.  The credit can only be generous, never short: time
between the last heartbeat and a crash is given back too, which is why the
bot should call ``heartbeat()`` (or ``due_timers()``) about once a minute.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .errors import SettingsError

DEFAULT_TURN_TIMEOUT_MINUTES: Final = 60
MIN_TURN_TIMEOUT_MINUTES: Final = 1
MAX_TURN_TIMEOUT_MINUTES: Final = 10080  # one week
HEARTBEAT_KEY: Final = "heartbeat"
CHALLENGE_TTL_SECONDS: Final = 600.0


@dataclass(frozen=True, slots=True)
class TurnClock:
    """The timer of whoever is to move; all ``None`` when no clock runs
    (game over, or the computer is to move)."""

    deadline: float | None = None
    reminder_at: float | None = None

    @property
    def next_timer_at(self) -> float | None:
        return self.reminder_at


STOPPED: Final = TurnClock()


def start_clock(now: float, timeout_minutes: int) -> TurnClock:
    """A fresh turn: the deadline after the full timeout, a reminder at half time."""
    seconds = timeout_minutes * 60.0
    deadline = now + seconds
    return TurnClock(deadline=deadline, reminder_at=deadline - seconds / 2)


def downtime_credit(now: float, heartbeat: float | None) -> float:
    """Seconds to add to every running clock after a restart."""
    if heartbeat is None or now <= heartbeat:
        return 0.0
    return now - heartbeat


def parse_timeout_minutes(text: str | int) -> int:
    """A turn timeout in whole minutes; raises :class:`SettingsError` (a
    ``ValueError``) saying what is allowed."""
    refusal = SettingsError(
        "err.settings.turn_timeout", low=MIN_TURN_TIMEOUT_MINUTES, high=MAX_TURN_TIMEOUT_MINUTES
    )
    if isinstance(text, bool):
        raise refusal
    if isinstance(text, int):
        minutes = text
    else:
        t = text.strip().lower()
        for suffix in ("minutes", "minute", "mins", "min", "m"):
            if t.endswith(suffix):
                t = t[: -len(suffix)].strip()
                break
        try:
            minutes = int(t)
        except ValueError as exc:
            raise refusal from exc
    if not MIN_TURN_TIMEOUT_MINUTES <= minutes <= MAX_TURN_TIMEOUT_MINUTES:
        raise refusal
    return minutes
