"""/gin halloffame: past seasons' champions.

It lives under the /gin command of :mod:`cogs.gin` (added to its group when
this extension loads, after ``cogs.gin``, before the commands are synced)
and hands its option to the season controller
(:class:`bot.discord_ui.seasons.Seasons`), which also answers
``/gin leaderboard`` (its ``season`` option is declared in :mod:`cogs.gin`);
errors go to the tree's single handler like every other command.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.season_text import DESCRIPTIONS, OPTIONS
from bot.discord_ui.seasons import seasons_of


@app_commands.command(name="halloffame", description=DESCRIPTIONS["halloffame"])
@app_commands.describe(**OPTIONS["halloffame"])
@app_commands.guild_only()
async def halloffame(
    interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1
) -> None:
    await seasons_of(interaction).hall_of_fame(interaction, page)


async def setup(bot: commands.Bot) -> None:
    gin = bot.get_cog("Gin")
    assert gin is not None, "load cogs.gin first"
    group = gin.app_command
    assert isinstance(group, app_commands.Group)
    group.add_command(halloffame)
