"""One place that turns any failure into a reply: plain words for players,
a logged traceback plus a short apology for everything unexpected.

Modelled on Red-DiscordBot's app-command error handler: unwrap
``CommandInvokeError``, answer known errors ephemerally, never show a stack
trace to a user.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.engine import CardError, GameError, RulesetError
from bot.service.models import ServiceError

from .permissions import ChannelPermissionError

log = logging.getLogger(__name__)

PLAYER_ERRORS: tuple[type[Exception], ...] = (
    ServiceError,
    GameError,
    CardError,
    RulesetError,
    ChannelPermissionError,
)
APOLOGY = "Sorry — something went wrong on our side. The game is safe; please try again."


def player_message(error: BaseException) -> str | None:
    """The player-worded text of a known error, or None for a bug."""
    if isinstance(error, PLAYER_ERRORS):
        return str(error)
    if isinstance(error, app_commands.MissingPermissions):
        return "You need the Manage Server permission for that."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "Gin is played in servers, not in direct messages."
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down — try again in {error.retry_after:.0f}s."
    if isinstance(error, app_commands.TransformerError):
        return f"“{error.value}” isn't something I understand here."
    if isinstance(error, app_commands.CheckFailure):
        return "You can't use that here."
    return None


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer privately whether or not the interaction was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send an error reply for interaction %s", interaction.id)


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Reply to ``interaction`` about ``error`` in the right words."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    text = player_message(error)
    if text is None:
        log.error(
            "unexpected error in interaction %s (%s)",
            interaction.id,
            type(error).__name__,
            exc_info=error,
        )
        text = APOLOGY
    await send_ephemeral(interaction, text)


class GinTree(app_commands.CommandTree[discord.Client]):
    """The command tree with our single error handler."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)
