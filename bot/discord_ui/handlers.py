"""What a button, a select or a group command may ask of the bot: the
controllers' methods they call, as :class:`typing.Protocol` types.

An item gets only ``interaction.client`` (discord.py builds items from
their custom_id, so nothing can be handed to them).  Typing that client as
``GinBot`` made items import the client, which imports every controller,
which import the views that import the items: one circle through the whole
Discord layer.  Through :class:`Handlers` an item names what it needs and no
more; this module imports no controller, and ``client.py`` has mypy check
that ``GinBot`` provides it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

import discord

from bot.engine import TournamentFormat, Variant
from bot.service import AiLevel, GinService

from .actions import ChallengeAction, LobbyAction, TournamentAction, TurnAction
from .history_actions import ReplayAction


class TurnHandlers(Protocol):
    """The game buttons and the discard select (:class:`~.turns.Turns`)."""

    async def on_button(
        self, interaction: discord.Interaction, action: TurnAction, game_id: int, version: int
    ) -> None: ...

    async def on_discard(
        self, interaction: discord.Interaction, game_id: int, version: int, card_code: str
    ) -> None: ...


class ChallengeHandlers(Protocol):
    """The challenge and rematch buttons (:class:`~.challenges.Challenges`)."""

    async def on_button(
        self, interaction: discord.Interaction, action: ChallengeAction, challenge_id: int
    ) -> None: ...

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


class CoachHandlers(Protocol):
    """The review button (:class:`~.coach.Coach`)."""

    async def show(
        self,
        interaction: discord.Interaction,
        *,
        game_id: int | None = None,
        hand_number: int | None = None,
    ) -> None: ...


class PartnershipHandlers(Protocol):
    """/gin partners and the lobby buttons (:class:`~.partnerships.Partnerships`)."""

    async def open(
        self,
        interaction: discord.Interaction,
        partner: discord.abc.User | None,
        opponents: Sequence[discord.abc.User],
        level: AiLevel | None,
        target: int | None,
        variant: Variant | None,
    ) -> None: ...

    async def on_button(
        self, interaction: discord.Interaction, action: LobbyAction, lobby_id: int
    ) -> None: ...


class TournamentHandlers(Protocol):
    """/gin tournament and its buttons (:class:`~.tournaments.Tournaments`)."""

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
    ) -> None: ...

    async def show(self, interaction: discord.Interaction) -> None: ...

    async def on_button(
        self, interaction: discord.Interaction, action: TournamentAction, tournament_id: int
    ) -> None: ...


class HistoryHandlers(Protocol):
    """/gin history, replay and profile, and their buttons (:class:`~.history.History`)."""

    async def show_history(
        self, interaction: discord.Interaction, member_id: int | None, page: int = 1
    ) -> None: ...

    async def replay(
        self, interaction: discord.Interaction, game_id: int, hand_number: int | None = None
    ) -> None: ...

    async def on_replay(
        self,
        interaction: discord.Interaction,
        action: ReplayAction,
        game_id: int,
        hand_number: int,
        shown: int,
    ) -> None: ...

    async def profile(
        self, interaction: discord.Interaction, member_id: int, name: str
    ) -> None: ...


class Handlers(Protocol):
    """The bot as its items and group commands see it (read-only)."""

    @property
    def service(self) -> GinService: ...

    @property
    def turns(self) -> TurnHandlers: ...

    @property
    def challenges(self) -> ChallengeHandlers: ...

    @property
    def coach(self) -> CoachHandlers: ...

    @property
    def partnerships(self) -> PartnershipHandlers: ...

    @property
    def tournaments(self) -> TournamentHandlers: ...

    @property
    def history(self) -> HistoryHandlers: ...


def handlers_of(interaction: discord.Interaction) -> Handlers:
    """The handlers behind ``interaction``: its client, the bot (discord.py
    types it as a plain ``Client``; ``client.py`` checks the bot is one)."""
    return cast(Handlers, interaction.client)
