"""The buttons of ``/gin history`` (older and newer pages) and ``/gin replay``
(the deal, a step back or on, the knock, the end), and the views that carry
them.

Like every item of ours they are :class:`discord.ui.DynamicItem`s built on
:class:`~.items.ParsedItem`: the custom id carries all they need — the page
(and whose list), or the game, hand and step shown — so they keep working
after a restart with nothing kept in memory, and a forged id is refused in
the player's words.  They sit on ephemeral answers, so only the person who
asked can press them (:class:`~.items.GinItem` refuses anyone else); what
they show, anybody in the server may ask for again.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import DEFAULT, Lang
from bot.service import HistoryPage, ReplayView

from .actions import alternatives
from .components import layout
from .handlers import handlers_of
from .history_actions import PageAction, ReplayAction
from .history_text import page_label, replay_label
from .items import NEVER, ParsedItem


class ReplayButton(
    ParsedItem[discord.ui.Button[Any]],
    template=(
        rf"gin:p:(?P<action>{alternatives(ReplayAction)}):"
        r"(?P<game>\d+):(?P<hand>\d+):(?P<step>\d+)"
    ),
):
    """A replay's step button; ``step`` is the step shown now, counted from 1."""

    ACTIONS = ReplayAction

    def __init__(
        self,
        action: ReplayAction,
        game_id: int,
        hand_number: int,
        step: int,
        lang: Lang = DEFAULT,
        *,
        disabled: bool = False,
    ) -> None:
        # ``lang``: the label's (the asker's); a button rebuilt from a click is never shown.
        super().__init__(
            discord.ui.Button(
                label=replay_label(lang, action),
                style=discord.ButtonStyle.secondary,
                custom_id=f"gin:p:{action}:{game_id}:{hand_number}:{step}",
                disabled=disabled,
            )
        )
        self.action = action
        self.game_id = game_id
        self.hand_number = hand_number
        self.step = step

    async def run(self, interaction: discord.Interaction) -> None:
        await handlers_of(interaction).history.on_replay(
            interaction, ReplayAction(self.action), self.game_id, self.hand_number, self.step
        )


class PageButton(ParsedItem[discord.ui.Button[Any]], template=NEVER):
    """A history page's button: ``page`` is the page shown now."""

    ACTIONS = PageAction
    PREFIX = "h"

    def __init__(
        self, action: PageAction, *ids: int, lang: Lang = DEFAULT, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=page_label(lang, action),
                style=discord.ButtonStyle.secondary,
                custom_id=":".join(["gin", self.PREFIX, str(action), *map(str, ids)]),
                disabled=disabled,
            )
        )
        self.action = action
        self.ids = ids

    @property
    def member_id(self) -> int | None:
        return None

    @property
    def page(self) -> int:
        return self.ids[-1]

    async def run(self, interaction: discord.Interaction) -> None:
        step = 1 if self.action is PageAction.NEXT else -1
        await handlers_of(interaction).history.show_history(
            interaction, self.member_id, self.page + step
        )


class ServerPageButton(
    PageButton, template=rf"gin:h:(?P<action>{alternatives(PageAction)}):(?P<page>\d+)"
):
    """A page of the server's finished games."""


class MemberPageButton(
    PageButton,
    template=rf"gin:hm:(?P<action>{alternatives(PageAction)}):(?P<member>\d+):(?P<page>\d+)",
):
    """A page of one player's finished games."""

    PREFIX = "hm"

    @property
    def member_id(self) -> int | None:
        return self.ids[0]


#: Registered at start-up beside :data:`~.items.DYNAMIC_ITEMS`.
HISTORY_ITEMS = (ReplayButton, ServerPageButton, MemberPageButton)


# --- the views ------------------------------------------------------------------------


def replay_controls(lang: Lang, view: ReplayView) -> discord.ui.View:
    """The deal · ◀ · ▶ · the knock · the end, each off where it would not move."""
    frame = view.frame
    index, last = frame.step.index, frame.steps - 1
    shown = index + 1
    off = {
        ReplayAction.FIRST: index == 0,
        ReplayAction.BACK: index == 0,
        ReplayAction.NEXT: index >= last,
        ReplayAction.KNOCK: frame.knock_step is None or index == frame.knock_step,
        ReplayAction.END: index >= last,
    }
    controls = discord.ui.View(timeout=None)
    for action in ReplayAction:
        controls.add_item(
            ReplayButton(action, view.game_id, frame.hand_number, shown, lang, disabled=off[action])
        )
    return layout(controls)


def history_controls(lang: Lang, page: HistoryPage) -> discord.ui.View:
    """Newer and older pages, when there is more than one."""
    controls = discord.ui.View(timeout=None)
    if page.pages > 1:
        for action, off in (
            (PageAction.BACK, page.page <= 1),
            (PageAction.NEXT, page.page >= page.pages),
        ):
            if page.user_id is None:
                item: PageButton = ServerPageButton(action, page.page, lang=lang, disabled=off)
            else:
                item = MemberPageButton(action, page.user_id, page.page, lang=lang, disabled=off)
            controls.add_item(item)
    return layout(controls)
