"""The coach in Discord: ``/gin review`` and the "Review my hand" button on
each reveal.  Always an ephemeral reply to the player who asked, about their
own seat: the review names their cards, so nobody else may see it.  Its
words are :func:`.text.review_text`'s."""

from __future__ import annotations

import discord

from bot.service import CoachDesk

from . import text
from .language import user_lang


class Coach:
    """Answers review requests (command and button)."""

    def __init__(self, coach: CoachDesk) -> None:
        self.coach = coach

    async def show(
        self,
        interaction: discord.Interaction,
        *,
        game_id: int | None = None,
        hand_number: int | None = None,
    ) -> None:
        report = await self.coach.review(
            interaction.guild_id or 0,
            interaction.user.id,
            game_id=game_id,
            hand_number=hand_number,
        )
        await interaction.response.send_message(
            text.review_text(user_lang(interaction), report), ephemeral=True
        )
