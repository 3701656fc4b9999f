"""The ``season`` server setting and the calendar of seasons.

A season is a window of UTC time: a week from Monday 00:00, a calendar
month, or a quarter (January, April, July, October).  Windows are fixed by
the calendar, not by when a moderator turned seasons on, so a season's
standings are exactly the rated results that finished inside its window and
can always be worked out again from them.

Pure date arithmetic, no storage: the rest of the service asks here which
season a moment belongs to, and which seasons have ended since another.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum
from typing import Final

from bot.engine.errors import Phrase

from .errors import SettingsError

SEASON_SETTING: Final = "season"
ANNOUNCE_SETTING: Final = "announce_channel"
ROLE_SETTING: Final = "champion_role"


class SeasonLength(StrEnum):
    OFF = "off"
    WEEKLY = "weekly"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"


@dataclass(frozen=True, slots=True, order=True)
class Season:
    """One season: ``[starts_at, ends_at)`` in Unix time (UTC)."""

    starts_at: float
    ends_at: float
    length: SeasonLength

    @property
    def key(self) -> str:
        """``weekly:2026-11-23``: how an option names this season (the
        length and the day it starts)."""
        return f"{self.length.value}:{self.start_day.isoformat()}"

    @property
    def start_day(self) -> date:
        return datetime.fromtimestamp(self.starts_at, UTC).date()

    @property
    def last_day(self) -> date:
        """The season's last day (its end is midnight after it)."""
        return datetime.fromtimestamp(self.ends_at, UTC).date() - timedelta(days=1)

    def following(self) -> Season:
        return season_at(self.length, self.ends_at)

    def before(self) -> Season:
        return season_at(self.length, self.starts_at - 1.0)


def _midnight(day: date) -> float:
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def _window(length: SeasonLength, day: date) -> tuple[date, date]:
    """The first day of ``day``'s season and the first day of the next."""
    if length is SeasonLength.WEEKLY:
        start = day - timedelta(days=day.weekday())  # Monday
        return start, start + timedelta(days=7)
    if length is SeasonLength.MONTHLY:
        start = day.replace(day=1)
        months = 1
    elif length is SeasonLength.QUARTERLY:
        start = date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)
        months = 3
    else:
        raise ValueError("seasons are off")
    month = start.month - 1 + months
    return start, date(start.year + month // 12, month % 12 + 1, 1)


def season_at(length: SeasonLength, at: float) -> Season:
    """The season of ``length`` that ``at`` falls in."""
    first, after = _window(length, datetime.fromtimestamp(at, UTC).date())
    return Season(_midnight(first), _midnight(after), length)


def season_of_key(key: str) -> Season | None:
    """The season a :attr:`Season.key` names (``None``: not a season's key)."""
    kind, _, day = key.strip().partition(":")
    try:
        length = SeasonLength(kind)
        start = date.fromisoformat(day)
    except ValueError:
        return None
    if length is SeasonLength.OFF:
        return None
    season = season_at(length, _midnight(start))
    return season if season.start_day == start else None


def ended_since(length: SeasonLength, since: float, now: float, most: int) -> list[Season]:
    """The seasons of ``length`` that ended after ``since`` and by ``now``,
    oldest first, at most the ``most`` latest of them."""
    out: list[Season] = []
    season = season_at(length, since)
    while season.ends_at <= now:
        if season.ends_at > since:
            out.append(season)
        season = season.following()
    return out[-most:]


def parse_season_length(text: str) -> SeasonLength:
    """``off`` / ``weekly`` / ``monthly`` / ``quarterly``; raises
    :class:`SettingsError` (a ``ValueError``) naming the choices."""
    word = text.strip().lower()
    word = {"week": "weekly", "month": "monthly", "quarter": "quarterly", "default": "off"}.get(
        word, word
    )
    try:
        return SeasonLength(word)
    except ValueError:
        raise SettingsError("err.settings.season") from None


def parse_discord_id(setting: str, text: str, mention: str) -> int | None:
    """A channel or role setting's value: ``off`` (``None``), an id, or a
    mention of one (``<#123>``, ``<@&123>``); :class:`SettingsError` (a
    ``ValueError``) otherwise, naming ``setting`` (its identifier).  Whether
    the server has it is the Discord side's check."""
    word = text.strip().lower()
    if word in ("off", "none", "default", ""):
        return None
    if word.startswith(mention) and word.endswith(">"):
        word = word[len(mention) : -1]
    if word.isascii() and word.isdigit() and 0 < len(word) <= 19 and int(word) < 2**63:
        return int(word)
    raise SettingsError("err.settings.pick_or_off", setting=Phrase(f"err.setting.{setting}"))
