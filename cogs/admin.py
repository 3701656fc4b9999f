"""/ginadmin: the moderators' commands — change a setting, end a stuck game,
open a tournament.

They are a top-level command of their own because Discord hides commands
by permission only at the top level: ``default_permissions(manage_guild=True)``
on ``/ginadmin`` keeps them out of every other member's command list, while
``/gin`` stays what a player needs and nothing else.  A server can change
who sees ``/ginadmin`` (Server Settings → Integrations), so each command
still checks the member's permissions itself, as before: the hidden list is
the first line of defence, not the only one.  Offered in servers only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import seasons, settings_text, text
from bot.discord_ui.command_text import DESCRIPTIONS, GINADMIN, OPTIONS
from bot.discord_ui.handlers import handlers_of
from bot.discord_ui.language import user_lang
from bot.discord_ui.permissions import check_can_host, check_not_in_thread
from bot.engine import TournamentFormat, Variant
from bot.i18n import DEFAULT
from bot.service import (
    DatabaseUnavailableError,
    GinService,
    PermissionDeniedError,
    ServiceError,
    SettingsError,
)
from cogs.gin import MATCHES, SETTINGS, VARIANTS
from cogs.group import FORMATS

if TYPE_CHECKING:
    from bot.discord_ui import GinBot


@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.default_permissions(manage_guild=True)
class GinAdmin(
    commands.GroupCog,
    group_name="ginadmin",
    group_description=GINADMIN,
):
    """The moderators' commands (see the module doc)."""

    def __init__(self, bot: GinBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> GinService:
        return self.bot.service

    @app_commands.command(description=DESCRIPTIONS["ginadmin settings"])
    @app_commands.describe(**OPTIONS["ginadmin settings"])
    @app_commands.choices(
        setting=[
            # The command's own (English) text; Discord shows each user theirs (translator.py).
            app_commands.Choice(name=settings_text.setting_label(DEFAULT, s), value=s)
            for s in SETTINGS
        ]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        setting: app_commands.Choice[str],
        value: app_commands.Range[str, 1, 100],
    ) -> None:
        lang = user_lang(interaction)  # the answer is private
        if not interaction.permissions.manage_guild:
            raise PermissionDeniedError(text.reply(lang, "settings_need_manage"))
        guild = interaction.guild_id or 0
        # A channel or a role must be this server's (bot/discord_ui/seasons.py).
        value = seasons.checked_value(interaction.guild, setting.value, value)
        current = await self.service.settings.update_setting(guild, setting.value, value)
        self.bot.languages.changed(current)  # public messages speak the new language at once
        head = settings_text.setting_changed(lang, setting.value, current)
        head += seasons.setting_warning(lang, interaction.guild, setting.value, current)
        await interaction.response.send_message(
            settings_text.settings_text(lang, head, current), ephemeral=True
        )

    @settings.autocomplete("value")
    async def _value_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The values of the setting picked (the ``setting`` option, already
        chosen in the same command), the default and the current one marked."""
        setting = getattr(interaction.namespace, "setting", None)
        if not isinstance(setting, str):
            return []
        try:
            now = await self.service.settings.get_settings(interaction.guild_id or 0)
        except (ServiceError, DatabaseUnavailableError):
            now = None  # the database is away: the values, without "(now)"
        lang = user_lang(interaction)  # a list shown to one person
        return [
            app_commands.Choice(name=c.name, value=c.value)
            for c in (
                *seasons.guild_value_choices(lang, interaction.guild, setting, current, now),
                *settings_text.value_choices(lang, setting, current, now),
            )
        ]

    @app_commands.command(description=DESCRIPTIONS["ginadmin end"])
    @app_commands.describe(**OPTIONS["ginadmin end"])
    async def end(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: int | None = None,
    ) -> None:
        perms = interaction.permissions
        lang = user_lang(interaction)  # refusals are private
        if not (perms.manage_guild or perms.manage_messages):
            raise PermissionDeniedError(text.reply(lang, "ending_needs_moderator"))
        if game is None:
            if player is None:
                raise SettingsError(text.reply(lang, "name_game_to_end"))
            table = await self.service.moves.active_table(interaction.guild_id or 0, player.id)
            if table is None:
                raise SettingsError(text.no_game_for(lang, player.display_name))
            game = table.id
        report = await self.service.moves.end_by_moderator(
            interaction.guild_id or 0, game, moderator_id=interaction.user.id
        )
        # Posted in the channel for everyone: the server's language.
        public = await self.bot.languages.of(interaction.guild_id or 0)
        await interaction.response.send_message(text.ended_line(public, game))
        publisher = self.bot.publisher
        publisher.spawn(publisher.after_move(report))

    @app_commands.command(description=DESCRIPTIONS["ginadmin tournament"])
    @app_commands.describe(**OPTIONS["ginadmin tournament"])
    @app_commands.choices(format=FORMATS, variant=VARIANTS)
    @app_commands.choices(match=MATCHES)
    async def tournament(
        self,
        interaction: discord.Interaction,
        format: app_commands.Choice[str] | None = None,
        title: app_commands.Range[str, 1, 80] | None = None,
        match: app_commands.Choice[int] | None = None,
        target: app_commands.Range[int, 10, 1000] | None = None,
        variant: app_commands.Choice[str] | None = None,
        signup_minutes: app_commands.Range[int, 1, 10080] | None = None,
    ) -> None:
        lang = user_lang(interaction)
        check_not_in_thread(interaction.channel, lang)
        check_can_host(interaction.app_permissions, lang)
        await handlers_of(interaction).tournaments.create(
            interaction,
            fmt=TournamentFormat(format.value) if format else TournamentFormat.SINGLE_ELIMINATION,
            title=title,
            variant=Variant(variant.value) if variant else None,
            target=target,
            match_games=match.value if match else None,
            signup_minutes=signup_minutes,
        )


async def setup(bot: GinBot) -> None:
    await bot.add_cog(GinAdmin(bot))
