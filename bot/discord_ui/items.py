"""Buttons and selects whose custom_id carries everything they need.

Each is a :class:`discord.ui.DynamicItem`: the custom_id names the game and
the version of the game it was drawn for, so a button keeps working after a
restart (no in-memory view needed) and a button from an earlier turn is
recognised as such and changes nothing.

They share one base, :class:`GinItem`: ownership is checked in
``interaction_check`` (a stranger is told so and nothing runs) and every
failure of a callback is reported once, in the player's words.  A custom_id
is input like any other: its ids are parsed with :func:`.edge.parse_id`, and
an item whose ids are not ours (or that sits on an ephemeral message sent to
someone else) refuses before anything runs.  :func:`refuse_unclaimed`
answers the clicks discord.py runs no item for.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, Self, TypeVar, cast

import discord

from bot.i18n import DEFAULT, Lang, lang_of

from . import help_text, text
from .actions import (
    ChallengeAction,
    HelpAction,
    LobbyAction,
    TournamentAction,
    TurnAction,
    alternatives,
)
from .edge import (
    InputError,
    carries,
    foreign_ephemeral,
    parse_id,
    sent_to_presser,
)
from .errors import report
from .group_text import lobby_label, tournament_label
from .handlers import handlers_of

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])
#: The template of the abstract bases: matches no custom_id (they are never registered).
NEVER = r"(?!)"


def ids_of(match: re.Match[str], *groups: str) -> tuple[int, ...] | None:
    """The ``groups`` of a custom_id as ids, or ``None`` if any is not one of
    ours (out of the database's range, zero, a leading zero, other digits)."""
    ids = [parse_id(match[group]) for group in groups]
    return None if None in ids else tuple(i for i in ids if i is not None)


class GinItem(discord.ui.DynamicItem[ItemT], template=NEVER):
    """Base of our items: :meth:`allowed` decides who may use it, :meth:`run`
    does the work; any error is answered privately, exactly once."""

    #: Set by ``from_custom_id`` when the custom_id's ids are not ours.
    forged: bool = False

    async def allowed(self, interaction: discord.Interaction) -> None:
        """Raise a player-worded error if ``interaction.user`` may not use this."""

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        try:
            if foreign_ephemeral(interaction):
                raise InputError(text.foreign_message(lang_of(interaction.locale.value)))
            if self.forged:
                raise InputError(text.forged_control(lang_of(interaction.locale.value)))
            await self.allowed(interaction)
        except Exception as exc:
            await report(interaction, exc)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.run(interaction)
        except Exception as exc:
            await report(interaction, exc)


class ParsedItem(GinItem[ItemT], template=NEVER):
    """The one ``from_custom_id`` of our items: a subclass states its template
    (with named groups), the closed set its ``action`` group names, and the
    component it belongs on; the click's ids and action are parsed here, once.

    Every group other than ``action`` is an id, passed to ``__init__`` in the
    template's order after the action.  A custom_id that fails to parse still
    builds an item (with zero ids and the set's first action) marked
    :attr:`forged`, so it is refused in the player's words, never run.
    """

    #: The closed set of the template's ``action`` group, if it has one.
    ACTIONS: ClassVar[type[StrEnum] | None] = None
    #: The component this custom_id is written on.
    COMPONENT: ClassVar[type[discord.ui.Item[Any]]] = discord.ui.Button

    @classmethod
    def id_groups(cls) -> tuple[str, ...]:
        groups = cls.__discord_ui_compiled_template__.groupindex
        return tuple(name for name in sorted(groups, key=groups.__getitem__) if name != "action")

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        groups = cls.id_groups()
        ids = ids_of(match, *groups)
        args: list[Any] = list(ids or (0,) * len(groups))
        action: StrEnum | None = None
        if cls.ACTIONS is not None:
            action = next((a for a in cls.ACTIONS if a.value == match["action"]), None)
            args.insert(0, action or next(iter(cls.ACTIONS)))
        made = cls.rebuild(item, args)
        made.forged = (
            ids is None
            or (cls.ACTIONS is not None and action is None)
            or not isinstance(item, cls.COMPONENT)  # our custom_id on another component
        )
        return made

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], args: list[Any]) -> Self:
        """This item again from a click on ``item``: by default from the
        custom_id's action and ids alone."""
        made: Self = cast(Any, cls)(*args)  # each subclass's __init__ takes these
        return made


class GameItem(ParsedItem[ItemT], template=NEVER):
    """An item of one game: only its players may use it."""

    game_id: int

    async def allowed(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).service.moves.check_player(self.game_id, interaction.user.id)


class ActionButton(
    GameItem[discord.ui.Button[Any]],
    # Any word: one that is not a TurnAction is refused as forged, not ignored.
    template=r"gin:a:(?P<action>[a-z]+):(?P<game>\d+):(?P<version>\d+)",
):
    """A game action (board or private hand controls)."""

    ACTIONS = TurnAction

    def __init__(
        self,
        action: TurnAction,
        game_id: int,
        version: int,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                emoji=emoji,
                custom_id=f"gin:a:{action}:{game_id}:{version}",
            ),
            row=row,
        )
        self.action = action
        self.game_id = game_id
        self.version = version

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], args: list[Any]) -> Self:
        if isinstance(item, discord.ui.Button):
            return cls(*args, label=item.label or "?", style=item.style)
        return cls(*args, label="?")

    async def run(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).turns.on_button(
            interaction, self.action, self.game_id, self.version
        )


class DiscardSelect(
    GameItem[discord.ui.Select[Any]],
    template=r"gin:d:(?P<game>\d+):(?P<version>\d+)",
):
    """Pick a card to discard or knock with (private hand controls)."""

    COMPONENT = discord.ui.Select

    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"gin:d:{game_id}:{version}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=1,
                max_values=1,
            ),
            row=0,
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], args: list[Any]) -> Self:
        options = list(item.options) if isinstance(item, discord.ui.Select) else None
        game_id, version = args
        return cls(game_id, version, options)

    async def run(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if len(values) != 1 or values[0] not in {o.value for o in self.item.options}:
            raise InputError(text.not_offered(lang_of(interaction.locale.value)))
        card = values[0]
        await handlers_of(interaction).turns.on_discard(
            interaction, self.game_id, self.version, card
        )


class ChallengeButton(
    ParsedItem[discord.ui.Button[Any]],
    template=rf"gin:c:(?P<action>{alternatives(ChallengeAction)}):(?P<challenge>\d+)",
):
    """Accept / Decline (opponent only) and Cancel (challenger only); the
    service words who may press which."""

    ACTIONS = ChallengeAction
    STYLES: ClassVar[dict[ChallengeAction, discord.ButtonStyle]] = {
        ChallengeAction.ACCEPT: discord.ButtonStyle.success,
        ChallengeAction.DECLINE: discord.ButtonStyle.danger,
        ChallengeAction.CANCEL: discord.ButtonStyle.secondary,
    }

    def __init__(
        self,
        action: ChallengeAction,
        challenge_id: int,
        lang: Lang = DEFAULT,
        *,
        disabled: bool = False,
    ) -> None:
        # ``lang``: the label's (the channel's); a button rebuilt from a click is never shown.
        super().__init__(
            discord.ui.Button(
                label=text.label(lang, action.value),
                style=self.STYLES[action],
                custom_id=f"gin:c:{action}:{challenge_id}",
                disabled=disabled,
            )
        )
        self.action = action
        self.challenge_id = challenge_id

    async def run(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).challenges.on_button(
            interaction, self.action, self.challenge_id
        )


class RematchButton(
    GameItem[discord.ui.Button[Any]],
    template=r"gin:r:(?P<game>\d+)",
):
    """After a game: challenge the same opponent again with the same rules."""

    def __init__(self, game_id: int, lang: Lang = DEFAULT) -> None:
        super().__init__(
            discord.ui.Button(
                label=text.label(lang, "rematch"),
                style=discord.ButtonStyle.primary,
                custom_id=f"gin:r:{game_id}",
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).challenges.rematch(interaction, self.game_id)


class ReviewButton(
    GameItem[discord.ui.Button[Any]],
    template=r"gin:v:(?P<game>\d+):(?P<hand>\d+)",
):
    """On a reveal: the coach's private review of that hand, for either player."""

    def __init__(self, game_id: int, hand_number: int, lang: Lang = DEFAULT) -> None:
        super().__init__(
            discord.ui.Button(
                label=text.label(lang, "review"),
                emoji="🎓",
                style=discord.ButtonStyle.secondary,
                custom_id=f"gin:v:{game_id}:{hand_number}",
            )
        )
        self.game_id = game_id
        self.hand_number = hand_number

    async def run(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).coach.show(
            interaction, game_id=self.game_id, hand_number=self.hand_number
        )


class GroupButton(ParsedItem[discord.ui.Button[Any]], template=NEVER):
    """A button of a lobby or a tournament: ``gin:<PREFIX>:<action>:<id>``,
    labelled by :meth:`label` in the channel's language, styled from
    ``STYLES``; the service decides who may press it."""

    PREFIX: ClassVar[str]
    STYLES: ClassVar[Mapping[StrEnum, discord.ButtonStyle]]

    def __init__(self, action: StrEnum, target_id: int, lang: Lang = DEFAULT) -> None:
        # ``lang``: the label's (the channel's); a button rebuilt from a click is never shown.
        custom_id = f"gin:{self.PREFIX}:{action}:{target_id}"
        super().__init__(
            discord.ui.Button(
                label=self.label(lang, action), style=self.STYLES[action], custom_id=custom_id
            )
        )
        self.action = action
        self.target_id = target_id

    @classmethod
    def label(cls, lang: Lang, action: StrEnum) -> str:
        raise NotImplementedError


class LobbyButton(
    GroupButton, template=rf"gin:l:(?P<action>{alternatives(LobbyAction)}):(?P<id>\d+)"
):
    """A partnership lobby: join team 1 or 2 (or your reserved seat), leave."""

    PREFIX = "l"
    ACTIONS = LobbyAction
    STYLES: ClassVar[Mapping[StrEnum, discord.ButtonStyle]] = {
        LobbyAction.JOIN_TEAM_1: discord.ButtonStyle.success,
        LobbyAction.JOIN_TEAM_2: discord.ButtonStyle.success,
        LobbyAction.LEAVE: discord.ButtonStyle.secondary,
    }

    @classmethod
    def label(cls, lang: Lang, action: StrEnum) -> str:
        return lobby_label(lang, LobbyAction(action))

    async def run(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).partnerships.on_button(
            interaction, LobbyAction(self.action), self.target_id
        )


class TournamentButton(
    GroupButton,
    template=rf"gin:t:(?P<action>{alternatives(TournamentAction)}):(?P<id>\d+)",
):
    """A tournament's sign-up: join, leave; start now or cancel (its opener
    or Manage Server — the service says who may)."""

    PREFIX = "t"
    ACTIONS = TournamentAction
    STYLES: ClassVar[Mapping[StrEnum, discord.ButtonStyle]] = {
        TournamentAction.JOIN: discord.ButtonStyle.success,
        TournamentAction.LEAVE: discord.ButtonStyle.secondary,
        TournamentAction.START: discord.ButtonStyle.primary,
        TournamentAction.CANCEL: discord.ButtonStyle.danger,
    }

    @classmethod
    def label(cls, lang: Lang, action: StrEnum) -> str:
        return tournament_label(lang, TournamentAction(action))

    async def run(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).tournaments.on_button(
            interaction, TournamentAction(self.action), self.target_id
        )


class HelpButton(
    ParsedItem[discord.ui.Button[Any]],
    template=rf"gin:help:(?P<action>{alternatives(HelpAction)}):(?P<page>\d+)",
):
    """◀ / ▶ under a page of /gin help (private): ``gin:help:next:2`` turns from
    page 2 to page 3.  The page is in the custom_id, so a help message posted
    before a restart still turns; anyone may press it (it is their own
    private message), and a page number past the end shows the last page."""

    ACTIONS = HelpAction

    def __init__(self, action: HelpAction, page: int, lang: Lang = DEFAULT) -> None:
        # ``lang``: the label's; a button rebuilt from a click is never shown.
        last = help_text.page_count()
        label = help_text.previous_label if action is HelpAction.PREVIOUS else help_text.next_label
        super().__init__(
            discord.ui.Button(
                label=label(lang),
                style=discord.ButtonStyle.secondary,
                custom_id=f"gin:help:{action}:{page}",
                disabled=page <= 1 if action is HelpAction.PREVIOUS else page >= last,
            )
        )
        self.action = action
        self.page = page

    @classmethod
    def page_view(cls, lang: Lang, page: int) -> discord.ui.View:
        """The buttons under help page ``page`` (a layout only: nothing is kept)."""
        view = discord.ui.View(timeout=None)
        for action in HelpAction:
            view.add_item(cls(action, page, lang))
        view.stop()
        return view

    def target(self) -> int:
        step = -1 if self.action is HelpAction.PREVIOUS else 1
        return min(max(self.page + step, 1), help_text.page_count())

    async def run(self, interaction: discord.Interaction) -> None:
        page, lang = self.target(), lang_of(interaction.locale.value)  # the presser's
        content, view = help_text.page_text(lang, page), self.page_view(lang, page)
        if sent_to_presser(interaction):
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)


DYNAMIC_ITEMS = (
    ActionButton,
    DiscardSelect,
    ChallengeButton,
    RematchButton,
    ReviewButton,
    LobbyButton,
    TournamentButton,
    HelpButton,
)


def claimed(interaction: discord.Interaction) -> bool:
    """Whether discord.py will run one of our items for this component
    interaction: a template matches its custom_id and the message carries
    that component (discord.py silently drops anything else)."""
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    kind = data.get("component_type")
    templates = (item.__discord_ui_compiled_template__ for item in DYNAMIC_ITEMS)
    return (
        isinstance(kind, int)
        and any(template.fullmatch(custom_id) for template in templates)
        and carries(interaction.message, kind, custom_id)
    )


async def refuse_unclaimed(interaction: discord.Interaction) -> None:
    """Answer a component or modal interaction no item of ours will run —
    an unknown or mangled custom_id, a component the message does not carry
    — with the usual refusal instead of leaving the player's client to say
    "This interaction failed"."""
    kind = interaction.type
    if kind is discord.InteractionType.modal_submit or (
        kind is discord.InteractionType.component and not claimed(interaction)
    ):
        await report(
            interaction, InputError(text.forged_control(lang_of(interaction.locale.value)))
        )
