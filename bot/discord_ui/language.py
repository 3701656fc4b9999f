"""Which language a message speaks.

* A **private** answer (ephemeral: a hand, a refusal, stats shown to one
  person, autocomplete suggestions) speaks the clicking user's Discord
  language: :func:`user_lang`.
* A **public** message (a board and its content, a summary line, a reveal, a
  tally, a tournament, a ping, an announcement) speaks the **server's**
  language — never a player's own, or one player's language would show in
  public: :meth:`ServerLanguages.of`.

A server's language is its ``language`` setting, or with ``auto`` (the
default) its own Discord language (the guild's *preferred locale*), English
when we don't speak that one.  The setting is read once per server and kept
in memory — the most recent :data:`GUILDS_KEPT` servers, so memory stays
flat however many servers the bot is in — and replaced when
``/ginadmin settings`` changes it (:meth:`ServerLanguages.changed`).  The
preferred locale is read from Discord's guild cache each time (a dict
lookup), so a server that changes it is followed at once.
"""

from __future__ import annotations

from typing import Final

import discord

from bot.i18n import Lang, lang_of
from bot.service import DatabaseUnavailableError, ServerSettings, SettingsDesk

from .keyed import RecentMap

#: Servers whose language setting is kept in memory: the most recent ones.
GUILDS_KEPT: Final = 10_000


def user_lang(interaction: discord.Interaction) -> Lang:
    """The language of a private answer to ``interaction``: its user's."""
    return lang_of(interaction.locale.value)


class ServerLanguages:
    """The language of each server's public messages."""

    def __init__(
        self, client: discord.Client, settings: SettingsDesk, *, kept: int = GUILDS_KEPT
    ) -> None:
        self._client = client
        self._settings = settings
        #: Each server's setting (``None``: its own Discord language), by guild id.
        self._chosen: RecentMap[int, Lang | None] = RecentMap(kept)

    async def of(self, guild_id: int) -> Lang:
        """The language ``guild_id``'s public messages speak now.  While the
        database is away the server's own Discord language stands in (and
        nothing is kept, so the setting is read again next time)."""
        if guild_id in self._chosen:
            chosen = self._chosen[guild_id]
        else:
            try:
                chosen = (await self._settings.get_settings(guild_id)).language
            except DatabaseUnavailableError:
                return self.auto(guild_id)
            self._chosen[guild_id] = chosen
        return self.auto(guild_id) if chosen is None else chosen

    def auto(self, guild_id: int) -> Lang:
        """The server's own Discord language, as far as we speak it."""
        guild = self._client.get_guild(guild_id)
        return lang_of(None if guild is None else guild.preferred_locale.value)

    def changed(self, settings: ServerSettings) -> None:
        """A server's settings were just changed: keep its language as set."""
        self._chosen[settings.guild_id] = settings.language

    def sizes(self) -> dict[str, int]:
        """What this keeps (tests, the soak benchmark)."""
        return {"languages.chosen": len(self._chosen)}
