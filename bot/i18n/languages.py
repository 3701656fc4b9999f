"""The languages the bot speaks, and which one a Discord locale gets."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Lang(StrEnum):
    """A language with a complete catalogue.  The value is the catalogue's
    folder (``bot/locales/<value>/``) and a Discord locale it serves."""

    EN = "en"
    ES = "es"
    PT_BR = "pt-BR"
    DE = "de"
    FR = "fr"

    @property
    def babel(self) -> str:
        """The name Babel knows the language by (``pt_BR``)."""
        return self.value.replace("-", "_")


#: English: the language every key has, and the fallback.
DEFAULT: Final = Lang.EN

#: Discord's locale values (``discord.Locale``) per language.  Discord has
#: two English and two Spanish locales; Portuguese is Brazilian only.
DISCORD_LOCALES: Final[dict[Lang, tuple[str, ...]]] = {
    Lang.EN: ("en-US", "en-GB"),
    Lang.ES: ("es-ES", "es-419"),
    Lang.PT_BR: ("pt-BR",),
    Lang.DE: ("de",),
    Lang.FR: ("fr",),
}

_BY_LOCALE: Final = {loc.lower(): lang for lang, locs in DISCORD_LOCALES.items() for loc in locs}


def lang_of(locale: str | None) -> Lang:
    """The language for a Discord locale (``"pt-BR"``, ``"es-419"``) or one of
    ours (``"de"``): English for anything we don't speak, or nothing."""
    if not locale:
        return DEFAULT
    key = str(locale).lower()
    found = _BY_LOCALE.get(key)
    if found is not None:
        return found
    for lang in Lang:
        if lang.value.lower() == key:
            return lang
    return DEFAULT
