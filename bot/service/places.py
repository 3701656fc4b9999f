"""The ``tables`` server setting: where a server's games are played.

Discord limits writes per channel (about 5 per 5 s) and gives every thread a
limit of its own, so games sharing a channel would freeze each other's
boards.  By default (``thread``) each game plays in a public thread started
from its challenge message, and the channel keeps one summary line per game;
``channel`` plays in the channel itself, as before threads.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from .errors import SettingsError

TABLES_SETTING: Final = "tables"


class TableMode(StrEnum):
    THREAD = "thread"
    CHANNEL = "channel"


def parse_table_mode(text: str) -> TableMode:
    """``thread`` / ``channel``; raises :class:`SettingsError` (a
    ``ValueError``) naming the choices."""
    word = text.strip().lower()
    if word in ("threads", "default"):
        word = TableMode.THREAD.value
    try:
        return TableMode(word)
    except ValueError:
        raise SettingsError("err.settings.tables") from None


def tables_line(mode: TableMode) -> str:
    """For /gin rules and /gin settings."""
    if mode is TableMode.THREAD:
        return "Tables: each game in its own thread (one summary line per game in the channel)."
    return "Tables: games are played in the channel itself."
