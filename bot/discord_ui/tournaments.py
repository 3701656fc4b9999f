"""Tournaments in the channel: the tournament message (sign-up list, then the
bracket or standings as an image and as text), its buttons, and the matches
it starts.

:class:`Tournaments` answers the commands and buttons; what a tournament's
progress posts is :class:`TournamentMessages`, the publisher's follow-up,
built before the publisher and handed a :class:`~.publisher.Posting` each
time it runs."""

from __future__ import annotations

import io
import logging

import discord

from bot.engine import TournamentFormat, Variant
from bot.i18n import Lang
from bot.render.pool import RenderPool
from bot.service import (
    MoveDesk,
    SettingsDesk,
    TableMode,
    TableView,
    TournamentDesk,
    TournamentProgress,
    TournamentStatus,
    TournamentSummary,
)

from . import group_text
from .actions import TournamentAction
from .challenges import display_name
from .components import tournament_buttons
from .group_text import bracket_view, tournament_text
from .language import ServerLanguages, user_lang
from .publisher import Posting, Publisher

log = logging.getLogger(__name__)


class Tournaments:
    """The controller behind /gin tournament and the tournament buttons."""

    def __init__(
        self, tournaments: TournamentDesk, publisher: Publisher, renderer: RenderPool
    ) -> None:
        self.tournaments = tournaments
        self.publisher = publisher
        self.renderer = renderer

    async def create(
        self,
        interaction: discord.Interaction,
        *,
        fmt: TournamentFormat,
        title: str | None,
        variant: Variant | None,
        target: int | None,
        match_games: int | None,
        signup_minutes: int | None,
    ) -> None:
        t = await self.tournaments.create_tournament(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            can_manage=interaction.permissions.manage_guild,
            fmt=fmt,
            title=title,
            variant=variant,
            target=target,
            match_games=match_games,
            signup_minutes=signup_minutes,
        )
        lang = await self.publisher.boards.languages.of(t.guild_id)  # a public message
        await interaction.response.send_message(
            tournament_text(lang, t),
            view=tournament_buttons(lang, t.id, signup=True),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message = await interaction.original_response()
        await self.tournaments.set_tournament_message(t.id, message.id)

    async def show(self, interaction: discord.Interaction) -> None:
        """The current (or last) tournament, privately: text and image."""
        t = await self.tournaments.current_tournament(interaction.guild_id or 0)
        lang = user_lang(interaction)  # a private answer
        if t is None:
            await interaction.response.send_message(group_text.no_tournament(lang), ephemeral=True)
            return
        file = await bracket_file(self.renderer, lang, t)
        await interaction.response.send_message(
            tournament_text(lang, t),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
            files=[] if file is None else [file],
        )

    async def on_button(
        self, interaction: discord.Interaction, action: TournamentAction, tournament_id: int
    ) -> None:
        user = interaction.user
        manage = interaction.permissions.manage_guild
        if action is TournamentAction.JOIN:
            t = await self.tournaments.join_tournament(tournament_id, user.id, display_name(user))
        elif action is TournamentAction.LEAVE:
            t = await self.tournaments.leave_tournament(tournament_id, user.id)
        elif action is TournamentAction.CANCEL:
            t = await self.tournaments.cancel_tournament(tournament_id, user.id, can_manage=manage)
        else:
            progress = await self.tournaments.start_tournament_now(
                tournament_id, user.id, can_manage=manage
            )
            await interaction.response.send_message(
                group_text.signup_closed(user_lang(interaction)), ephemeral=True
            )
            self.publisher.spawn(self.publisher.tournament_progress(progress, progress.new_games))
            return
        lang = await self.publisher.boards.languages.of(t.guild_id)  # the public message
        await interaction.response.edit_message(
            content=tournament_text(lang, t),
            view=tournament_buttons(lang, t.id, signup=t.status is TournamentStatus.SIGNUP),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def on_timer(self, progress: TournamentProgress) -> None:
        """The timer loop closed a sign-up or started waiting matches."""
        await self.publisher.tournament_progress(progress, progress.new_games)


class TournamentMessages:
    """What a tournament's progress posts: its message, then its new matches."""

    def __init__(
        self,
        client: discord.Client,
        tournaments: TournamentDesk,
        moves: MoveDesk,
        settings: SettingsDesk,
        renderer: RenderPool,
        languages: ServerLanguages,
    ) -> None:
        self.client = client
        self.tournaments = tournaments
        self.moves = moves
        self.settings = settings
        self.renderer = renderer
        #: Everything a tournament posts is public: it speaks the server's language.
        self.languages = languages

    async def on_progress(
        self, progress: TournamentProgress, tables: tuple[TableView, ...], pub: Posting
    ) -> None:
        """Show the new bracket, announce and open the matches it started."""
        t = progress.summary
        lang = await self.languages.of(t.guild_id)
        await self._update_message(lang, t, pub)
        boards = pub.boards
        threads = bool(tables) and (
            (await self.settings.get_settings(t.guild_id)).tables is TableMode.THREAD
        )

        async def announce(table: TableView) -> TableView:
            a, b = table.players
            notice = await boards.notice(
                t.channel_id,
                group_text.match_start_notice(lang, t.title, a, b, table.id),
                mention=(a, b),
            )
            if threads:  # each match in a thread of its own, started from its notice
                return await self.moves.place_in_thread(table.id, t.channel_id, notice.id)
            return table

        for table in tables:
            await pub.open_board(table, place=announce)
        if (
            t.status is TournamentStatus.FINISHED
            and t.bracket is not None
            and t.bracket.champion is not None
        ):
            await boards.notice(
                t.channel_id, group_text.champion_notice(lang, t.title, t.bracket.champion)
            )
        elif t.status is TournamentStatus.CANCELLED and not t.bracket:
            await boards.notice(t.channel_id, group_text.too_few_notice(lang, t.title))

    async def _update_message(self, lang: Lang, t: TournamentSummary, pub: Posting) -> None:
        """Edit the tournament message to the new state (post one if it is gone)."""
        channel = self.client.get_partial_messageable(t.channel_id)
        file = await bracket_file(self.renderer, lang, t)
        files = [] if file is None else [file]
        view = tournament_buttons(lang, t.id, signup=t.status is TournamentStatus.SIGNUP)
        if t.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            view = discord.ui.View()
        text = tournament_text(lang, t)
        pacer = pub.boards.pacer
        none = discord.AllowedMentions.none()
        try:
            if t.message_id is not None:
                try:
                    msg = channel.get_partial_message(t.message_id)
                    async with pacer.write(t.channel_id):
                        await msg.edit(
                            content=text, attachments=files, view=view, allowed_mentions=none
                        )
                    return
                except discord.NotFound:
                    file = await bracket_file(self.renderer, lang, t)  # the file was consumed
                    files = [] if file is None else [file]
            async with pacer.write(t.channel_id):
                sent = await channel.send(text, files=files, view=view, allowed_mentions=none)
            await self.tournaments.set_tournament_message(t.id, sent.id)
        except discord.HTTPException as exc:
            pub.boards.note_failure(t.channel_id, exc)


async def bracket_file(
    renderer: RenderPool, lang: Lang, t: TournamentSummary
) -> discord.File | None:
    """The bracket (or standings) image in ``lang``, once the tournament has one."""
    view = bracket_view(lang, t)
    if view is None:
        return None
    png = await renderer.bracket(view, lang=lang)
    description = group_text.bracket_description(lang, t.title)
    return discord.File(io.BytesIO(png), filename="bracket.png", description=description)
