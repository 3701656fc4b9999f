"""One place that turns any failure into a reply: plain words for players,
a logged traceback plus a short apology for everything unexpected.

Modelled on Red-DiscordBot's app-command error handler: unwrap
``CommandInvokeError``, answer known errors ephemerally, never show a stack
trace to a user.  An error is private, so it speaks the language of the
player who clicked (``interaction.locale``): the engine's, the service's and
the storage's refusals carry the key of their words and are worded here
(:func:`bot.service.error_text`), never where they are raised.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.engine import EngineError
from bot.i18n import Lang, lang_of
from bot.service import DatabaseUnavailableError, ServiceError, error_text

from . import text as words
from .edge import autocomplete_offered, option_problem, quote
from .permissions import ChannelPermissionError
from .text import MAX_CONTENT

log = logging.getLogger(__name__)

#: Errors a player is told about in their own words.  Roots only, so a new
#: subclass is covered the day it is written: ``ServiceError`` (every typed
#: service error), ``DatabaseUnavailableError`` (``CommitUnknownError``
#: included: nothing changed, or look before trying again) and
#: ``EngineError`` (``GameError``, ``CardError``, ``RulesetError``,
#: ``MatchError``, ``TournamentError`` ...): these three carry a key and are
#: worded by :func:`bot.service.error_text`; ``ChannelPermissionError`` is
#: worded where the Discord layer raises it.
PLAYER_ERRORS: tuple[type[Exception], ...] = (
    ServiceError,
    DatabaseUnavailableError,  # nothing changed: the database is away for a moment
    EngineError,
    ChannelPermissionError,
)


def player_message(lang: Lang, error: BaseException) -> str | None:
    """The text of a known error for a player who reads ``lang``, or None
    for a bug."""
    if isinstance(error, ServiceError | DatabaseUnavailableError | EngineError):
        try:
            return error_text(lang, error)
        except (KeyError, IndexError, ValueError):  # a key or value no text has: a bug
            return None  # (logged by the caller, answered with the apology)
    if isinstance(error, ChannelPermissionError):
        return str(error)
    if isinstance(error, app_commands.MissingPermissions):
        return words.needs_manage(lang)
    if isinstance(error, app_commands.NoPrivateMessage):
        return words.servers_only(lang)
    if isinstance(error, app_commands.CommandOnCooldown):
        return words.slow_down(lang, error.retry_after)
    if isinstance(error, app_commands.TransformerError):
        return words.not_understood(lang, quote(error.value))
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return words.command_changed(lang)
    if isinstance(error, app_commands.CheckFailure):
        return words.not_here(lang)
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
    """Reply to ``interaction`` about ``error`` in the right words: the
    clicking player's language (an error is always private)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    lang = lang_of(interaction.locale.value)
    text = player_message(lang, error)
    if text is None:
        log.error(
            "unexpected error in interaction %s (%s)",
            interaction.id,
            type(error).__name__,
            exc_info=error,
        )
        text = words.apology(lang)
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
