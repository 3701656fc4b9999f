"""The ``ping`` server setting: when the player to move is mentioned.

* ``every`` — a ping each time the turn passes;
* ``idle`` (default, after :data:`DEFAULT_IDLE_MINUTES`) — only if the player
  has not moved that long after their turn began;
* ``off`` — never (the half-time reminder before a forfeit still pings).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from .errors import SettingsError

PING_SETTING: Final = "ping"
DEFAULT_IDLE_MINUTES: Final = 5
MAX_IDLE_MINUTES: Final = 1440


class PingMode(StrEnum):
    EVERY = "every"
    IDLE = "idle"
    OFF = "off"


def parse_ping(text: str) -> tuple[PingMode, int | None]:
    """``every`` / ``every turn``, ``off``, ``idle``, ``after 10 minutes``, ``10``;
    the minutes are ``None`` when the text names none.  Raises
    :class:`SettingsError` (a ``ValueError``) naming the choices."""
    words = text.strip().lower().replace("_", " ").split()
    if words in (["every"], ["every", "turn"], ["always"]):
        return PingMode.EVERY, None
    if words in (["off"], ["never"], ["none"]):
        return PingMode.OFF, None
    if words in (["idle"], ["default"]):
        return PingMode.IDLE, None if words == ["idle"] else DEFAULT_IDLE_MINUTES
    rest = [w for w in words if w not in ("after", "idle", "minutes", "minute", "min", "m")]
    if len(rest) == 1 and rest[0].isdigit():
        minutes = int(rest[0])
        if 1 <= minutes <= MAX_IDLE_MINUTES:
            return PingMode.IDLE, minutes
    raise SettingsError("err.settings.ping", most=MAX_IDLE_MINUTES, default=DEFAULT_IDLE_MINUTES)


def ping_line(mode: PingMode, minutes: int) -> str:
    """For /gin rules and /gin settings."""
    if mode is PingMode.EVERY:
        return "Turn pings: every turn."
    if mode is PingMode.OFF:
        return "Turn pings: off (the reminder at half time still pings)."
    return f"Turn pings: only when the player to move is idle for {minutes} minutes."
