"""The language of a server's public messages (``bot.discord_ui.language``):
its setting, read once and kept (a bounded number of servers), replaced when
changed; ``auto`` follows the server's own Discord language; a database
outage falls back to it without keeping anything."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord_ui.language import ServerLanguages, user_lang
from bot.engine import Ruleset
from bot.i18n import Lang
from bot.service import DatabaseUnavailableError, ServerSettings, SettingsDesk


@dataclass
class Desk:
    """A settings desk that counts its reads (``None``: the database is away)."""

    languages: dict[int, Lang | None] = field(default_factory=dict)
    reads: int = 0
    away: bool = False

    async def get_settings(self, guild_id: int) -> ServerSettings:
        self.reads += 1
        if self.away:
            raise DatabaseUnavailableError("away")
        return ServerSettings(guild_id, Ruleset(), language=self.languages.get(guild_id))


class Client:
    """Discord's guild cache: each guild's preferred locale."""

    def __init__(self, locales: dict[int, str]) -> None:
        self.locales = locales

    def get_guild(self, guild_id: int) -> Any:
        locale = self.locales.get(guild_id)
        if locale is None:
            return None
        return SimpleNamespace(preferred_locale=discord.Locale(locale))


def languages(desk: Desk, locales: dict[int, str], kept: int = 100) -> ServerLanguages:
    client = cast(discord.Client, Client(locales))
    return ServerLanguages(client, cast(SettingsDesk, desk), kept=kept)


async def test_the_setting_is_read_once_and_auto_follows_discord() -> None:
    desk = Desk({1: Lang.FR})
    locales = {1: "de", 2: "pt-BR", 3: "ja"}
    langs = languages(desk, locales)
    assert await langs.of(1) is Lang.FR  # set: the server's own language doesn't count
    assert await langs.of(2) is Lang.PT_BR  # auto: the server's Discord language
    assert await langs.of(3) is Lang.EN  # one we don't speak
    assert await langs.of(4) is Lang.EN  # not in the cache at all
    reads = desk.reads
    for _ in range(3):
        assert await langs.of(1) is Lang.FR
    assert desk.reads == reads  # kept in memory
    locales[2] = "es-ES"  # the server changed its Discord language
    assert await langs.of(2) is Lang.ES


async def test_a_change_is_kept_at_once() -> None:
    desk = Desk()
    langs = languages(desk, {1: "fr"})
    assert await langs.of(1) is Lang.FR
    langs.changed(ServerSettings(1, Ruleset(), language=Lang.DE))
    assert await langs.of(1) is Lang.DE
    langs.changed(ServerSettings(1, Ruleset(), language=None))
    assert await langs.of(1) is Lang.FR
    assert desk.reads == 1


async def test_an_outage_speaks_the_servers_discord_language_and_keeps_nothing() -> None:
    desk = Desk({1: Lang.DE}, away=True)
    langs = languages(desk, {1: "fr"})
    assert await langs.of(1) is Lang.FR
    assert langs.sizes() == {"languages.chosen": 0}
    desk.away = False
    assert await langs.of(1) is Lang.DE


async def test_memory_stays_flat() -> None:
    desk = Desk()
    langs = languages(desk, {}, kept=10)
    for guild in range(100):
        await langs.of(guild)
    assert langs.sizes() == {"languages.chosen": 10}


@pytest.mark.parametrize(
    ("locale", "lang"), [("de", Lang.DE), ("es-419", Lang.ES), ("ko", Lang.EN)]
)
def test_a_private_answer_speaks_the_users_language(locale: str, lang: Lang) -> None:
    interaction = cast(discord.Interaction, SimpleNamespace(locale=discord.Locale(locale)))
    assert user_lang(interaction) is lang
