"""/gin partners and /gin tournament show: group play.

They live under the /gin command of :mod:`cogs.gin` (added to its group when
this extension loads, before the commands are synced), each reading its
options and handing them to its controller; errors go to the tree's single
handler like every other command.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import text
from bot.discord_ui.command_text import DESCRIPTIONS, FORMAT_CHOICES, OPTIONS
from bot.discord_ui.handlers import handlers_of
from bot.discord_ui.language import user_lang
from bot.discord_ui.permissions import check_can_host, check_not_in_thread
from bot.engine import Variant
from bot.service import AiLevel, SettingsError
from cogs.gin import LEVELS, VARIANTS

FORMATS = [app_commands.Choice(name=name, value=value) for value, name in FORMAT_CHOICES.items()]


def _person(interaction: discord.Interaction, user: discord.User | None) -> discord.User | None:
    """A named player; the bot itself or another bot is refused (leave the
    seat empty and pick a computer level instead)."""
    if user is None:
        return None
    if user.bot:
        raise SettingsError(text.reply(user_lang(interaction), "bots_cant_sit"))
    return user


@app_commands.command(name="partners", description=DESCRIPTIONS["partners"])
@app_commands.describe(**OPTIONS["partners"])
@app_commands.choices(computer=LEVELS, variant=VARIANTS)
@app_commands.guild_only()
async def partners(
    interaction: discord.Interaction,
    partner: discord.User | None = None,
    opponent1: discord.User | None = None,
    opponent2: discord.User | None = None,
    computer: app_commands.Choice[str] | None = None,
    target: app_commands.Range[int, 10, 1000] | None = None,
    variant: app_commands.Choice[str] | None = None,
) -> None:
    lang = user_lang(interaction)  # refusals are private
    check_not_in_thread(interaction.channel, lang)
    check_can_host(interaction.app_permissions, lang)
    people = (_person(interaction, opponent1), _person(interaction, opponent2))
    opponents = [u for u in people if u is not None]
    await handlers_of(interaction).partnerships.open(
        interaction,
        _person(interaction, partner),
        opponents,
        AiLevel(computer.value) if computer else None,
        target,
        Variant(variant.value) if variant else None,
    )


class TournamentCommands(app_commands.Group):
    """/gin tournament show (moderators open one with /ginadmin tournament,
    in :mod:`cogs.admin`)."""

    @app_commands.command(name="show", description=DESCRIPTIONS["tournament show"])
    @app_commands.guild_only()
    async def show(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).tournaments.show(interaction)


async def setup(bot: commands.Bot) -> None:
    gin = bot.get_cog("Gin")
    assert gin is not None, "load cogs.gin first"
    group = gin.app_command
    assert isinstance(group, app_commands.Group)
    group.add_command(partners)
    group.add_command(
        TournamentCommands(
            name="tournament", description=DESCRIPTIONS["tournament"], guild_only=True
        )
    )
