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

from bot.discord_ui import text
from bot.discord_ui.handlers import handlers_of
from bot.discord_ui.permissions import check_can_host, check_not_in_thread
from bot.engine import TournamentFormat, Variant
from bot.service import GinService, PermissionDeniedError, SettingsError
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
    group_description="Gin rummy for moderators: settings, stuck games, tournaments",
):
    """The moderators' commands (see the module doc)."""

    def __init__(self, bot: GinBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> GinService:
        return self.bot.service

    @app_commands.command(description="Change one of the server's settings (Manage Server)")
    @app_commands.describe(
        setting="The setting to change",
        value="New value, e.g. 150, oklahoma, on/off; assist: full/counts/off; "
        "ping: every turn/after 5; tables: thread/channel",
    )
    @app_commands.choices(setting=[app_commands.Choice(name=s, value=s) for s in SETTINGS])
    async def settings(
        self,
        interaction: discord.Interaction,
        setting: app_commands.Choice[str],
        value: app_commands.Range[str, 1, 100],
    ) -> None:
        if not interaction.permissions.manage_guild:
            raise PermissionDeniedError(text.SETTINGS_NEED_MANAGE)
        guild = interaction.guild_id or 0
        current = await self.service.settings.update_setting(guild, setting.value, value)
        head = text.setting_changed(setting.value, value)
        await interaction.response.send_message(text.settings_text(head, current), ephemeral=True)

    @app_commands.command(description="End a stuck game (no rating change)")
    @app_commands.describe(player="A player of the game to end", game="Or the game number")
    async def end(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: int | None = None,
    ) -> None:
        perms = interaction.permissions
        if not (perms.manage_guild or perms.manage_messages):
            raise PermissionDeniedError(text.ENDING_NEEDS_MODERATOR)
        if game is None:
            if player is None:
                raise SettingsError(text.NAME_GAME_TO_END)
            table = await self.service.moves.active_table(interaction.guild_id or 0, player.id)
            if table is None:
                raise SettingsError(text.no_game_for(player.display_name))
            game = table.id
        report = await self.service.moves.end_by_moderator(
            interaction.guild_id or 0, game, moderator_id=interaction.user.id
        )
        await interaction.response.send_message(text.ended_line(game))
        publisher = self.bot.publisher
        publisher.spawn(publisher.after_move(report))

    @app_commands.command(description="Open a tournament with sign-up (Manage Server)")
    @app_commands.describe(
        format="Single elimination (default) or round robin",
        title="A name for it",
        match="Match length (default: best of 5, the tournament format)",
        target="Points per game (default 250 in a match, else the server's)",
        variant="Rules variant (default: this server's setting)",
        signup_minutes="How long sign-up stays open (default 15 minutes; up to 7 days)",
    )
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
        check_not_in_thread(interaction.channel)
        check_can_host(interaction.app_permissions)
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
