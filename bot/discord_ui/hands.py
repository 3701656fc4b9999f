"""The private hand: a player's hand image with the controls legal now,
always ephemeral — the only place a hand is ever shown."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.engine import Phase
from bot.i18n import Lang
from bot.render.alt_text import hand_alt
from bot.render.pool import RenderPool
from bot.service import TurnView

from . import text
from .components import hand_controls
from .edge import sent_to_presser
from .keyed import RecentMap
from .language import user_lang

#: Players whose colour choice (``/gin hand four_color``) is remembered: the
#: most recent ones.  A choice is kept in memory only (a restart forgets it
#: too); a player forgotten sees the default colours until they choose again.
COLOURS_KEPT = 10_000


class HandReplies:
    """Builds and sends hand replies; remembers each player's colour choice."""

    def __init__(self, renderer: RenderPool, *, defer_after: float = 1.5) -> None:
        self.renderer = renderer
        #: Seconds to wait for the hand image before deferring the interaction.
        self.defer_after = defer_after
        #: Each player's colour choice, by user id (most recent :data:`COLOURS_KEPT`).
        self.four_color: RecentMap[int, bool] = RecentMap(COLOURS_KEPT)

    async def payload(
        self, lang: Lang, turn: TurnView, note: str = ""
    ) -> tuple[str, discord.File, discord.ui.View]:
        """The hand's message in its player's language ``lang``."""
        view = turn.view
        png = await self.renderer.hand(
            view,
            four_color=self.four_color.get(turn.user_id, False),
            assist=turn.table.assist,
            lang=lang,
        )
        lines = [note] if note else []
        lines.append(text.my_draw_line(lang, view))
        if view.public.phase is Phase.GAME_OVER:
            lines.append(text.game_over(lang))
        elif view.my_turn:
            lines.append(text.your_move(lang, text.turn_line(lang, view.public)))
        else:
            lines.append(text.turn_line(lang, view.public))
        content = "\n".join(line for line in lines if line)
        alt = hand_alt(view, turn.table.assist, lang=lang)
        file = discord.File(io.BytesIO(png), filename="hand.png", description=alt)
        return content, file, hand_controls(lang, turn)

    def sizes(self) -> dict[str, int]:
        """What this keeps per player (tests, the soak benchmark)."""
        return {"hands.four_color": len(self.four_color)}

    async def reply(self, interaction: discord.Interaction, turn: TurnView, note: str = "") -> None:
        """Answer with the hand, privately: edit the ephemeral message the click
        came from if it was sent to this player, else send a new ephemeral
        message (never write one player's hand into another's message)."""
        in_place = sent_to_presser(interaction)
        payload = asyncio.ensure_future(self.payload(user_lang(interaction), turn, note))
        done, _ = await asyncio.wait({payload}, timeout=self.defer_after)
        if not done and not interaction.response.is_done():
            # Discord allows 3 s for the first answer: acknowledge now, answer after.
            if in_place:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        content, file, controls = await payload
        if not interaction.response.is_done():
            if in_place:
                await interaction.response.edit_message(
                    content=content, attachments=[file], view=controls
                )
            else:
                await interaction.response.send_message(
                    content, file=file, view=controls, ephemeral=True
                )
        elif in_place and not done:
            await interaction.edit_original_response(
                content=content, attachments=[file], view=controls
            )
        else:
            await interaction.followup.send(content, file=file, view=controls, ephemeral=True)
