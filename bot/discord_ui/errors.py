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

from bot.engine import EngineError
from bot.service import DatabaseUnavailableError, ServiceError

from . import text as words
from .edge import autocomplete_offered, option_problem, quote
from .permissions import ChannelPermissionError
from .text import APOLOGY, MAX_CONTENT

log = logging.getLogger(__name__)

#: Errors whose ``str()`` is already the player's words (each layer keeps its
#: own: the service's messages, the engine's rule explanations next to the
#: checks that refuse, the storage's unavailable line).  Roots only, so a new
#: subclass is covered the day it is written: ``ServiceError`` (every typed
#: service error), ``DatabaseUnavailableError`` (``CommitUnknownError``
#: included: nothing changed, or look before trying again) and
#: ``EngineError`` (``GameError``, ``CardError``, ``RulesetError``,
#: ``MatchError``, ``TournamentError`` ...).
PLAYER_ERRORS: tuple[type[Exception], ...] = (
    ServiceError,
    DatabaseUnavailableError,  # nothing changed: the database is away for a moment
    EngineError,
    ChannelPermissionError,
)


def player_message(error: BaseException) -> str | None:
    """The player-worded text of a known error, or None for a bug."""
    if isinstance(error, PLAYER_ERRORS):
        return str(error)
    if isinstance(error, app_commands.MissingPermissions):
        return words.NEEDS_MANAGE
    if isinstance(error, app_commands.NoPrivateMessage):
        return words.SERVERS_ONLY
    if isinstance(error, app_commands.CommandOnCooldown):
        return words.slow_down(error.retry_after)
    if isinstance(error, app_commands.TransformerError):
        return words.not_understood(quote(error.value))
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return words.COMMAND_CHANGED
    if isinstance(error, app_commands.CheckFailure):
        return words.NOT_HERE
    return None


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer privately whether or not the interaction was answered already
    (within Discord's 2,000 characters: an error may quote what was typed)."""
    if len(text) > MAX_CONTENT:
        text = text[: MAX_CONTENT - 1] + "…"
    if interaction.type is discord.InteractionType.autocomplete:
        await no_suggestions(interaction)  # it can only be answered with suggestions
        return
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send an error reply for interaction %s", interaction.id)


async def no_suggestions(interaction: discord.Interaction) -> None:
    """Answer an autocomplete request with an empty list."""
    if interaction.response.is_done():
        return
    try:
        await interaction.response.autocomplete([])
    except discord.HTTPException:
        log.info("could not answer autocomplete %s", interaction.id)


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
    """The command tree with our single error handler, and the edge check of
    every slash command's options (:func:`.edge.option_problem`)."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.type is discord.InteractionType.autocomplete:
            # Partial input by nature: only an option without suggestions is refused.
            if autocomplete_offered(interaction):
                return True
            await no_suggestions(interaction)
            return False
        try:
            problem = option_problem(interaction)
        except Exception as exc:  # a bug here must still get its answer
            await report(interaction, exc)
            return False
        if problem is None:
            return True
        await send_ephemeral(interaction, problem)
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)
