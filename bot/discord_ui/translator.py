"""Slash commands in every player's language: discord.py's
:class:`~discord.app_commands.Translator`, answering from the catalogues
(``bot/locales/<language>/cmd.po``).

Discord shows each user the app's command names, descriptions, option names
and choices in their client's language when the app sends localisations with
its commands (at sync).  discord.py asks the translator for every one of
those strings; the catalogue key is derived from where the string sits, so
the cogs keep plain English in their decorators and the catalogues hold the
rest:

==========================  =============================================
where                       key
==========================  =============================================
a command or group's name   ``cmd.<qualified.name>.name``
its description             ``cmd.<qualified.name>.description``
an option's name            ``cmd.<qualified.name>.<option>.name``
an option's description     ``cmd.<qualified.name>.<option>.description``
a choice                    ``cmd.choice.<option>.<value>``
==========================  =============================================

(``/gin challenge`` → ``cmd.gin.challenge.name``; its ``variant`` option's
``standard`` choice → ``cmd.choice.variant.standard``.)  A choice is keyed
by its option's *name*, not its command: every ``variant`` option offers the
same variants, worded once.  :func:`command_texts` derives the same keys from
the payload the bot syncs, which is how ``tools/commands_catalog.py`` writes
``en/cmd.po`` and how the tests hold the catalogue to the command tree.

English is the commands' own text (``None`` here: Discord shows the
default); a language lacking a key shows English too, and so does a
translation Discord would refuse (a name that is not one lower-case word of
at most 32 characters, a text over 100): one bad entry must never make
Discord refuse the whole sync.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, Catalogs, catalogs, lang_of

log = logging.getLogger(__name__)

#: Discord's limits: a name is 1–32 characters, a description or a choice's name 1–100.
NAME_MAX: Final = 32
TEXT_MAX: Final = 100

#: Where Discord's name pattern also admits marks: the Devanagari and Thai
#: blocks (``\p{sc=Deva}``, ``\p{sc=Thai}``), whose vowel signs are marks.
_SCRIPTS: Final = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x0E00, 0x0E7F))

_NAMES: Final = (Where.command_name, Where.group_name, Where.parameter_name)


def _name_char(c: str) -> bool:
    if c in "-_" or unicodedata.category(c)[0] in "LN":
        return True
    return any(lo <= ord(c) <= hi for lo, hi in _SCRIPTS)


def valid_name(name: str) -> bool:
    """Whether Discord accepts ``name`` for a command or option in any
    language: ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, in lower
    case where the letters have one."""
    return 1 <= len(name) <= NAME_MAX and name == name.lower() and all(_name_char(c) for c in name)


def _qualified(command: Any) -> str:
    return str(command.qualified_name).replace(" ", ".")


def choice_key(option: str, value: object) -> str:
    """The key of the choice ``value`` of an option named ``option``."""
    return f"cmd.choice.{option}.{value}"


class GinTranslator(app_commands.Translator):
    """Answers discord.py's questions from the catalogues.

    discord.py says only *which* choice it asks about, not whose: the
    translator learns each choice's option when it is asked about the option
    (always just before its choices, in the same payload), so a choice
    list shared by several options (the variants) is keyed by the option
    asked about last — the one being sent.  A choice it never saw an option
    of (an autocomplete answer) is left as it is: its words are its own
    module's business.
    """

    def __init__(self, texts: Catalogs | None = None) -> None:
        self._texts = texts
        #: id(choice) → (the choice, kept alive so the id stays its own; its option's name).
        self._owners: dict[int, tuple[app_commands.Choice[Any], str]] = {}

    def key(self, context: app_commands.TranslationContextTypes) -> str | None:
        """The catalogue key of the string at ``context`` (``None``: not ours)."""
        where = context.location
        data: Any = context.data  # its type follows ``where``: narrowed below by hand
        if where in (Where.command_name, Where.group_name):
            return f"cmd.{_qualified(data)}.name"
        if where in (Where.command_description, Where.group_description):
            return f"cmd.{_qualified(data)}.description"
        if where in (Where.parameter_name, Where.parameter_description):
            for choice in data.choices:
                self._owners[id(choice)] = (choice, data.display_name)
            part = "name" if where is Where.parameter_name else "description"
            return f"cmd.{_qualified(data.command)}.{data.display_name}.{part}"
        if where is Where.choice_name:
            owner = self._owners.get(id(data))
            if owner is None or owner[0] is not data:
                return None
            return choice_key(owner[1], data.value)
        return None

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = self.key(context)  # first: an option's choices are learnt in every locale
        lang = lang_of(locale.value)
        if lang is DEFAULT or key is None:
            return None
        texts = self._texts if self._texts is not None else catalogs()
        found = texts[lang].texts.get(key)
        if not isinstance(found, str):
            return None
        if context.location in _NAMES:
            found = found.lower()  # Discord refuses capitals in a name
            ok = valid_name(found)
        else:
            ok = len(found) <= TEXT_MAX
        if not ok:  # sent, it would make Discord refuse every command: English stands
            log.warning("%s (%s) is not sent: Discord would refuse %r", key, lang.value, found)
            return None
        return found


def command_texts(commands: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Every key the translator is asked about, with its English text, from
    the commands as the bot syncs them (Discord's JSON, whose default texts
    are English): what ``en/cmd.po`` must hold.  A choice key worded two ways
    (two ``variant`` options offering different variants) is a ``ValueError``:
    one key can't hold both."""
    texts: dict[str, str] = {}

    def add(key: str, english: object) -> None:
        if texts.setdefault(key, str(english)) != str(english):
            raise ValueError(f"{key} is worded both {texts[key]!r} and {english!r}")

    def walk(path: str, command: Mapping[str, Any]) -> None:
        add(f"cmd.{path}.name", command["name"])
        add(f"cmd.{path}.description", command.get("description", ""))
        for option in command.get("options") or ():
            name = option["name"]
            if option.get("type") in (1, 2):  # a subcommand, or a group of them
                walk(f"{path}.{name}", option)
                continue
            add(f"cmd.{path}.{name}.name", name)
            add(f"cmd.{path}.{name}.description", option.get("description", ""))
            for choice in option.get("choices") or ():
                add(choice_key(name, choice["value"]), choice["name"])

    for command in commands:
        walk(str(command["name"]), command)
    return texts
