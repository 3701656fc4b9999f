"""The ``language`` server setting: the language of a server's public
messages (boards, reveals, tallies, tournaments, pings).

``auto`` (stored as ``"auto"``, ``None`` in :class:`ServerSettings`) follows
the server's own Discord language (its *preferred locale*, which only the
Discord layer sees), English when we don't speak it; otherwise one of the
catalogues' languages.  Private answers never read it: they speak each
player's own language.
"""

from __future__ import annotations

from typing import Final

from bot.i18n import Lang

from .errors import SettingsError

LANGUAGE_SETTING: Final = "language"
#: The stored value of "follow the server's Discord language".
AUTO: Final = "auto"
_AUTO_WORDS: Final = (AUTO, "default", "automatic")


def parse_language(text: str) -> Lang | None:
    """``auto`` (→ ``None``) or a language code (``fr``, ``pt-BR``; any case,
    ``pt_br`` and ``pt`` too); raises :class:`SettingsError` (a ``ValueError``)
    naming the choices."""
    word = text.strip().lower().replace("_", "-")
    if word in _AUTO_WORDS:
        return None
    if word == "pt":
        return Lang.PT_BR
    for lang in Lang:
        if lang.value.lower() == word:
            return lang
    codes = ", ".join(lang.value for lang in Lang)
    raise SettingsError("err.settings.language", codes=codes)


def stored_language(language: Lang | None) -> str:
    """The setting as the database keeps it."""
    return AUTO if language is None else language.value


def language_of_row(value: str | None) -> Lang | None:
    """The stored setting (a value no longer known reads as ``auto``)."""
    if not value or value == AUTO:
        return None
    return next((lang for lang in Lang if lang.value == value), None)
