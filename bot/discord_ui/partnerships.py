"""Partnership gin in the channel: the lobby message and its buttons, and
what a finished table does (the team hand, the next tables, the result) —
the publisher's team follow-up, :func:`after_team_table`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.engine import Variant
from bot.service import (
    AiLevel,
    Lobby,
    LobbyStatus,
    MoveDesk,
    MoveReport,
    PartnershipDesk,
    SettingsDesk,
    TableMode,
    TeamProgress,
)

from .actions import LobbyAction
from .challenges import display_name
from .components import lobby_view
from .group_text import lobby_text, team_hand_text, team_result_text, team_thread_name
from .publisher import Posting, Publisher


class Partnerships:
    """The controller behind /gin partners and the lobby buttons."""

    def __init__(
        self,
        client: discord.Client,
        partnerships: PartnershipDesk,
        moves: MoveDesk,
        settings: SettingsDesk,
        publisher: Publisher,
    ) -> None:
        self.client = client
        self.partnerships = partnerships
        self.moves = moves
        self.settings = settings
        self.publisher = publisher

    async def open(
        self,
        interaction: discord.Interaction,
        partner: discord.abc.User | None,
        opponents: Sequence[discord.abc.User],
        level: AiLevel | None,
        target: int | None,
        variant: Variant | None,
    ) -> None:
        bot_user = self.client.user
        assert bot_user is not None
        lobby = await self.partnerships.open_partnership(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            (interaction.user.id, display_name(interaction.user)),
            partner=None if partner is None else (partner.id, display_name(partner)),
            opponents=[(u.id, display_name(u)) for u in opponents],
            level=level,
            ai_user_id=bot_user.id,
            target=target,
            variant=variant,
        )
        invited = [
            discord.Object(s.user_id)
            for s in lobby.seats
            if s.user_id is not None and not s.computer and s.user_id != interaction.user.id
        ]
        lang = await self.publisher.boards.languages.of(lobby.guild_id)  # a public message
        await interaction.response.send_message(
            lobby_text(lang, lobby),
            view=lobby_view(lang, lobby.id, open_=lobby.status is LobbyStatus.LOBBY),
            allowed_mentions=discord.AllowedMentions(users=invited),
        )
        message = await interaction.original_response()
        await self.partnerships.set_lobby_message(lobby.id, message.id)
        self._deal(lobby)

    async def on_button(
        self, interaction: discord.Interaction, action: LobbyAction, lobby_id: int
    ) -> None:
        user = interaction.user
        if action is LobbyAction.LEAVE:
            lobby = await self.partnerships.leave_partnership(lobby_id, user.id)
        else:
            team = 0 if action is LobbyAction.JOIN_TEAM_1 else 1
            lobby = await self.partnerships.join_partnership(
                lobby_id, user.id, display_name(user), team
            )
        lang = await self.publisher.boards.languages.of(lobby.guild_id)
        await interaction.response.edit_message(
            content=lobby_text(lang, lobby),
            view=lobby_view(lang, lobby.id, open_=lobby.status is LobbyStatus.LOBBY),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self._deal(lobby)

    def _deal(self, lobby: Lobby) -> None:
        if lobby.tables:
            self.publisher.spawn(self._open_tables(lobby))

    async def _open_tables(self, lobby: Lobby) -> None:
        """The table is full: both tables' boards — in one thread for the team
        game, started from the lobby message, when the server plays in threads."""
        tables = list(lobby.tables)
        settings = await self.settings.get_settings(lobby.guild_id)
        if lobby.message_id is not None and settings.tables is TableMode.THREAD:
            people = [s.user_id for s in lobby.seats if s.user_id is not None and not s.computer]
            opened = await self.publisher.threads.open(
                lobby.channel_id,
                lobby.message_id,
                team_thread_name(await self.publisher.boards.languages.of(lobby.guild_id), lobby),
                guild_id=lobby.guild_id,
                members=people,
            )
            if opened:
                tables = await self.moves.place_team_in_thread(lobby.id, lobby.message_id)
        for table in tables:
            await self.publisher.open_board(table)


async def after_team_table(report: MoveReport, pub: Posting) -> None:
    """A table's hand ended (or someone forfeited at it): boards of the
    finished tables, the team hand, the result or the next tables."""
    team = report.team
    assert team is not None
    done = team.tables if team.result is not None else (report.table.id,)
    lang = await pub.boards.languages.of(team.guild_id)
    for game_id in done:
        await pub.pings.game_over(game_id)
        await pub.boards.show_final(game_id)  # before the thread may be archived
    if team.hand is not None:
        await pub.boards.notice(team.channel_id, team_hand_text(lang, team, team.names))
    if team.result is not None:
        await pub.boards.notice(team.channel_id, team_result_text(lang, team, _names(team)))
        await pub.threads.archive_channel(team.channel_id)
    for table in report.new_tables:
        await pub.open_board(table)


def _names(team: TeamProgress) -> dict[int, str]:
    return dict(zip(team.players, team.names, strict=True))
