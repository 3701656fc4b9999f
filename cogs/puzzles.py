"""/gin puzzle: today's puzzle, the same position for everyone in the server.

It lives under the /gin command of :mod:`cogs.gin` (added to its group when
this extension loads, after ``cogs.gin``, before the commands are synced)
and hands the interaction to the puzzle controller
(:class:`bot.discord_ui.puzzles.Puzzles`); errors go to the tree's single
handler like every other command.  Every answer is private.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.puzzle_items import puzzles_of
from bot.discord_ui.puzzle_text import DESCRIPTIONS


@app_commands.command(name="puzzle", description=DESCRIPTIONS["puzzle"])
@app_commands.guild_only()
async def puzzle(interaction: discord.Interaction) -> None:
    await puzzles_of(interaction).show(interaction)


async def setup(bot: commands.Bot) -> None:
    gin = bot.get_cog("Gin")
    assert gin is not None, "load cogs.gin first"
    group = gin.app_command
    assert isinstance(group, app_commands.Group)
    group.add_command(puzzle)
