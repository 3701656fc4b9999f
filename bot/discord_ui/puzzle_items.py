"""The daily puzzle's answer controls, and the view that carries them: a
menu of the cards you may discard (a discard puzzle), or two buttons, knock
now and play on (a knock puzzle).

Like every item of ours they are :class:`discord.ui.DynamicItem`s built on
:class:`~.items.ParsedItem`: the custom id carries the puzzle's day
(``gin:zd:20261126``, ``gin:zk:knock:20261126``), so a puzzle message keeps
working after a restart with nothing kept in memory, and a forged id is
refused in the player's words.  They sit on an ephemeral answer, so only
the person who asked can use them (:class:`~.items.GinItem`).  The service
decides the rest: only today's puzzle takes answers, and only the first
answer of each player counts.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from typing import Any, Protocol, Self, cast

import discord

from bot.ai.puzzles import KNOCK, PLAY_ON, Puzzle, PuzzleKind
from bot.engine.cards import CARDS
from bot.i18n import DEFAULT, Lang, lang_of

from . import text
from .actions import alternatives
from .components import layout
from .edge import InputError
from .items import ParsedItem
from .puzzle_text import button_label, select_placeholder


class PuzzleAction(StrEnum):
    """A knock puzzle's buttons (``gin:zk:…``); written into posted custom
    ids, so the values never change (they are the choices' keys too)."""

    KNOCK = KNOCK
    PLAY_ON = PLAY_ON


class PuzzleAnswers(Protocol):
    """The puzzle controller as the items and the command see it
    (:class:`~.puzzles.Puzzles`; named here so no controller is imported)."""

    async def show(self, interaction: discord.Interaction) -> None: ...

    async def answer(self, interaction: discord.Interaction, day: str, choice: str) -> None: ...


class PuzzleHandlers(Protocol):
    """What the puzzle's items ask of the bot (``interaction.client``)."""

    @property
    def puzzles(self) -> PuzzleAnswers: ...


def puzzles_of(interaction: discord.Interaction) -> PuzzleAnswers:
    """The puzzle controller behind ``interaction`` (its client, the bot)."""
    return cast(PuzzleHandlers, interaction.client).puzzles


def day_id(day: str) -> int:
    """A puzzle's day in a custom id: 2026-11-26 is 20261126."""
    return int(day.replace("-", ""))


def day_of_id(value: int) -> str | None:
    """:func:`day_id` read back (``None``: no date)."""
    raw = str(value)
    try:
        return date(int(raw[:4]), int(raw[4:6]), int(raw[6:])).isoformat()
    except ValueError:
        return None


async def _answer(interaction: discord.Interaction, day: int, choice: str) -> None:
    iso = day_of_id(day)
    if iso is None or len(str(day)) != 8:
        raise InputError(text.forged_control(lang_of(interaction.locale.value)))
    await puzzles_of(interaction).answer(interaction, iso, choice)


class PuzzleSelect(ParsedItem[discord.ui.Select[Any]], template=r"gin:zd:(?P<day>\d+)"):
    """A discard puzzle's answer: the card to discard."""

    COMPONENT = discord.ui.Select

    def __init__(
        self,
        day: int,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"gin:zd:{day}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=1,
                max_values=1,
            )
        )
        self.day = day

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], args: list[Any]) -> Self:
        options = list(item.options) if isinstance(item, discord.ui.Select) else None
        return cls(args[0], options)

    async def run(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if len(values) != 1 or values[0] not in {o.value for o in self.item.options}:
            raise InputError(text.not_offered(lang_of(interaction.locale.value)))
        await _answer(interaction, self.day, values[0])


class PuzzleButton(
    ParsedItem[discord.ui.Button[Any]],
    template=rf"gin:zk:(?P<action>{alternatives(PuzzleAction)}):(?P<day>\d+)",
):
    """A knock puzzle's answer: knock now, or play on."""

    ACTIONS = PuzzleAction

    def __init__(self, action: PuzzleAction, day: int, lang: Lang = DEFAULT) -> None:
        # ``lang``: the label's (the asker's); a button rebuilt from a click is never shown.
        style = (
            discord.ButtonStyle.success
            if action is PuzzleAction.KNOCK
            else discord.ButtonStyle.primary
        )
        super().__init__(
            discord.ui.Button(
                label=button_label(lang, action.value),
                style=style,
                custom_id=f"gin:zk:{action}:{day}",
            )
        )
        self.action = action
        self.day = day

    async def run(self, interaction: discord.Interaction) -> None:
        await _answer(interaction, self.day, PuzzleAction(self.action).value)


#: Registered at start-up beside :data:`~.items.DYNAMIC_ITEMS`.
PUZZLE_ITEMS = (PuzzleSelect, PuzzleButton)


def puzzle_controls(lang: Lang, puzzle: Puzzle) -> discord.ui.View:
    """The answer controls of ``puzzle``, in the asker's language ``lang``."""
    controls = discord.ui.View(timeout=None)
    day = day_id(puzzle.day)
    if puzzle.kind is PuzzleKind.DISCARD:
        allowed = set(puzzle.hand) - ({puzzle.drawn} if puzzle.drawn_from_pile else set())
        options = [
            discord.SelectOption(label=CARDS[c].label, value=CARDS[c].code)
            for c in puzzle.hand
            if c in allowed
        ]
        controls.add_item(PuzzleSelect(day, options, placeholder=select_placeholder(lang)))
    else:
        for action in PuzzleAction:
            controls.add_item(PuzzleButton(action, day, lang))
    return layout(controls)
