"""Slash commands in every player's language: discord.py's
:class:`~discord.app_commands.Translator`, answering from our catalogues.

Discord shows each user the app's command names, descriptions, option names
and choices in their client's language when the app sends localisations with
its commands (at sync).  discord.py asks the translator for every one of
those strings; the catalogue key is derived from where the string sits, so
the cogs keep plain English in their decorators and the catalogues hold the
rest:

==========================  =======================================
where                       key
==========================  =======================================
a command or group's name   ``cmd.<qualified.name>.name``
its description             ``cmd.<qualified.name>.description``
an option's name            ``cmd.<qualified.name>.<option>.name``
an option's description     ``cmd.<qualified.name>.<option>.description``
a choice                    ``cmd.choice.<value>``
==========================  =======================================

(``gin challenge`` → ``cmd.gin.challenge.name``.)  English is the commands'
own text (``None`` here: Discord shows the default); a language lacking a
key shows English too.
"""

from __future__ import annotations

import re
from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, Catalogs, catalogs, lang_of

#: What Discord accepts as a command or option name in any language.
NAME: Final = re.compile(r"^[-_\w]{1,32}$")


def _qualified(command: Any) -> str:
    return str(command.qualified_name).replace(" ", ".")


def command_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of the string at ``context`` (``None``: not ours)."""
    where = context.location
    data: Any = context.data  # its type follows ``where``: narrowed below by hand
    if where in (Where.command_name, Where.group_name):
        return f"cmd.{_qualified(data)}.name"
    if where in (Where.command_description, Where.group_description):
        return f"cmd.{_qualified(data)}.description"
    if where in (Where.parameter_name, Where.parameter_description):
        part = "name" if where is Where.parameter_name else "description"
        return f"cmd.{_qualified(data.command)}.{data.name}.{part}"
    if where is Where.choice_name:
        return f"cmd.choice.{data.value}"
    return None


class GinTranslator(app_commands.Translator):
    """Answers discord.py's questions from the catalogues."""

    def __init__(self, texts: Catalogs | None = None) -> None:
        self._texts = texts

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = lang_of(locale.value)
        if lang is DEFAULT:
            return None
        key = command_key(context)
        if key is None:
            return None
        texts = self._texts if self._texts is not None else catalogs()
        found = texts[lang].texts.get(key)
        if not isinstance(found, str):
            return None
        if context.location in (Where.command_name, Where.group_name, Where.parameter_name):
            # Discord refuses a name with capitals or spaces: never send one.
            found = found.lower()
            if not NAME.match(found):
                return None
        return found
