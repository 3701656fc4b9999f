"""Turns: a slash command or a button becomes one service call, the player
hears back privately, then the public side follows.

Every action takes the same path: ``moves.play`` (which finds the game,
applies the move and commits before returning) → the player's private hand
reply → :meth:`Publisher.after_move` in the background (started as the move
commits, so the game's public posts keep the order of its moves; it waits
for the private reply before posting).
"""

from __future__ import annotations

import asyncio

import discord

from bot.engine import Action, ActionKind, Card, parse_card
from bot.service import MoveDesk, MoveReport

from . import text
from .actions import TurnAction
from .assistance import MenuPick, split_value
from .components import hand_controls, knock_menu
from .edge import sent_to_presser
from .hands import HandReplies
from .language import user_lang
from .publisher import Publisher

#: The move each game button makes (``hand`` makes none: it shows the hand).
BUTTON_MOVES = {
    TurnAction.STOCK: ActionKind.DRAW_STOCK,
    TurnAction.TAKE: ActionKind.TAKE_DISCARD,
    TurnAction.PASS: ActionKind.PASS,
    TurnAction.KNOCK: ActionKind.KNOCK,  # the service picks the card: least deadwood left
    TurnAction.GIN: ActionKind.KNOCK,
    TurnAction.BIG_GIN: ActionKind.BIG_GIN,
}


class Turns:
    """The controller behind every turn command and game button."""

    def __init__(self, moves: MoveDesk, hands: HandReplies, publisher: Publisher) -> None:
        self.moves = moves
        self.hands = hands
        self.publisher = publisher

    async def show_hand(
        self, interaction: discord.Interaction, *, game_id: int | None = None
    ) -> None:
        turn = await self.moves.turn_view(
            interaction.guild_id or 0, interaction.user.id, game_id=game_id
        )
        await self.hands.reply(interaction, turn)

    async def command(
        self, interaction: discord.Interaction, kind: ActionKind, card_text: str | None = None
    ) -> None:
        """A turn by slash command (errors go to the tree's handler)."""
        card: Card | None = parse_card(card_text) if card_text else None
        report = await self.moves.play(
            interaction.guild_id or 0, interaction.user.id, Action(kind, card)
        )
        await self._answer(interaction, report)

    async def on_button(
        self, interaction: discord.Interaction, action: TurnAction, game_id: int, version: int
    ) -> None:
        if action is TurnAction.HAND:
            await self.show_hand(interaction, game_id=game_id)
            return
        await self._move(interaction, game_id, version, Action(BUTTON_MOVES[action]))

    async def on_discard(
        self, interaction: discord.Interaction, game_id: int, version: int, card_code: str
    ) -> None:
        pick, code = split_value(card_code)
        if pick in (MenuPick.PICK_KNOCK, MenuPick.BACK):
            await self._switch_menu(
                interaction, game_id, version, knock=pick is MenuPick.PICK_KNOCK
            )
            return
        kind = ActionKind.KNOCK if pick is MenuPick.KNOCK else ActionKind.DISCARD
        await self._move(interaction, game_id, version, Action(kind, parse_card(code)))

    async def _switch_menu(
        self, interaction: discord.Interaction, game_id: int, version: int, *, knock: bool
    ) -> None:
        """ "Knock…" (or Back): the same private message, its menu swapped for
        the knock menu (or the discard menu).  Nothing is played, so nothing
        is committed; a menu from an earlier turn shows the hand as it is now."""
        turn = await self.moves.turn_view(
            interaction.guild_id or 0, interaction.user.id, game_id=game_id
        )
        if turn.table.version != version or not sent_to_presser(interaction):
            await self.hands.reply(interaction, turn)
            return
        lang = user_lang(interaction)
        controls = knock_menu(lang, turn) if knock else hand_controls(lang, turn)
        await interaction.response.edit_message(view=controls)

    async def _move(
        self, interaction: discord.Interaction, game_id: int, version: int, action: Action
    ) -> None:
        report = await self.moves.play(
            interaction.guild_id or 0,
            interaction.user.id,
            action,
            game_id=game_id,
            expected_version=version,
        )
        await self._answer(interaction, report)

    async def _answer(self, interaction: discord.Interaction, report: MoveReport) -> None:
        """The player's own answer first; the public side after it.  The
        public side is started now, as the move has just committed, so it
        keeps its place among the game's moves however long the answer takes
        — and it still comes if the answer fails (the move counts)."""
        assert report.turn is not None
        lang = user_lang(interaction)  # the mover's own answer: their language
        note = text.describe_events(lang, report.events, report.table.names)
        if report.table.channel_id in self.publisher.boards.blocked:
            note = f"{text.lost_board(lang)}\n{note}"
        answered = asyncio.Event()
        self.publisher.spawn(self.publisher.after_move(report, answered=answered))
        try:
            await self.hands.reply(interaction, report.turn, note)
        finally:
            answered.set()
