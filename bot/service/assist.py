"""The ``assist`` server setting: how much analysis players are shown.

Stored per server (``None`` = the default for the kind of game) and fixed on
each game when it starts, like its rules, so both players of a game always
see the same level.  The filtering itself happens where views are made
(:func:`bot.service.views.turn_of`): at ``counts`` and ``off`` no per-card
deadwood, best discard or knock card ever crosses the service boundary.
"""

from __future__ import annotations

from typing import Final

from bot.engine import Assist

from .errors import SettingsError

ASSIST_SETTING: Final = "assist"
#: The default between people: a test of skill, with the arithmetic done.
PEOPLE_DEFAULT: Final = Assist.COUNTS
#: The default against the computer: practice, with every hint.
COMPUTER_DEFAULT: Final = Assist.FULL
DEFAULT_WORDS: Final = ("default", "auto", "reset")


def game_assist(setting: str | None, *, against_computer: bool) -> Assist:
    """The level a new game starts with."""
    if setting is not None:
        return Assist(setting)
    return COMPUTER_DEFAULT if against_computer else PEOPLE_DEFAULT


def parse_assist(text: str) -> Assist | None:
    """``full`` / ``counts`` / ``off``, or ``default`` (→ ``None``); raises
    :class:`SettingsError` (a ``ValueError``) naming the choices."""
    word = text.strip().lower()
    if word in DEFAULT_WORDS:
        return None
    try:
        return Assist(word)
    except ValueError:
        raise SettingsError("err.settings.assist") from None


def assist_line(setting: Assist | None) -> str:
    """For /gin rules and /gin settings."""
    if setting is None:
        return (
            f"Assistance: {PEOPLE_DEFAULT} between people ({PEOPLE_DEFAULT.summary}), "
            f"{COMPUTER_DEFAULT} against the computer ({COMPUTER_DEFAULT.summary})."
        )
    return f"Assistance: {setting} in every game ({setting.summary})."
