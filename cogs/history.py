"""/gin history, /gin replay and /gin profile: looking back on finished games.

They live under the /gin command of :mod:`cogs.gin` (added to its group when
this extension loads, after ``cogs.gin``, before the commands are synced),
each reading its options and handing them to the history controller
(:class:`bot.discord_ui.history.History`); errors go to the tree's single
handler like every other command.  Every answer is private.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.handlers import handlers_of
from bot.discord_ui.history_text import DESCRIPTIONS, OPTIONS


def _name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


@app_commands.command(name="history", description=DESCRIPTIONS["history"])
@app_commands.describe(**OPTIONS["history"])
@app_commands.guild_only()
async def history(
    interaction: discord.Interaction,
    member: discord.User | None = None,
    page: app_commands.Range[int, 1, 1000] = 1,
) -> None:
    await handlers_of(interaction).history.show_history(
        interaction, None if member is None else member.id, page
    )


@app_commands.command(name="replay", description=DESCRIPTIONS["replay"])
@app_commands.describe(**OPTIONS["replay"])
@app_commands.guild_only()
async def replay(
    interaction: discord.Interaction,
    game: app_commands.Range[int, 1],
    hand: app_commands.Range[int, 1, 1000] | None = None,
) -> None:
    await handlers_of(interaction).history.replay(interaction, game, hand)


@app_commands.command(name="profile", description=DESCRIPTIONS["profile"])
@app_commands.describe(**OPTIONS["profile"])
@app_commands.guild_only()
async def profile(interaction: discord.Interaction, member: discord.User | None = None) -> None:
    who = member or interaction.user
    await handlers_of(interaction).history.profile(interaction, who.id, _name(who))


async def setup(bot: commands.Bot) -> None:
    gin = bot.get_cog("Gin")
    assert gin is not None, "load cogs.gin first"
    group = gin.app_command
    assert isinstance(group, app_commands.Group)
    group.add_command(history)
    group.add_command(replay)
    group.add_command(profile)
