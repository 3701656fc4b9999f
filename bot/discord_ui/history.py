"""Looking back on finished games in Discord: ``/gin history``, ``/gin
replay`` with its step buttons, and ``/gin profile``.

Every answer is private (ephemeral) to whoever asked.  A button pressed on
that answer edits it in place; the images (a replay step, a profile card)
are drawn by the render pool as private jobs, and when one is not ready in
time the interaction is deferred first, as for a player's hand.  Refusals
(no such game, a game not over yet) are the service's typed errors,
answered privately by the one error handler.  Words: :mod:`.history_text`,
and the images' own in :mod:`bot.render.replay_words` and
:mod:`bot.render.profile_words`.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable

import discord

from bot.i18n import Lang
from bot.render.pool import RenderPool
from bot.render.profile_card import ProfileCard, thin
from bot.render.profile_words import profile_alt
from bot.render.replay_words import replay_alt
from bot.service import HistoryDesk, PlayerProfile, ProfileDesk, ReplayDesk, ReplayView

from . import history_text as words
from .edge import sent_to_presser
from .history_actions import ReplayAction
from .history_items import history_controls, replay_controls
from .language import user_lang

#: What an answer is made of: its words, an image (if any) and its buttons.
Answer = tuple[str, discord.File | None, discord.ui.View | None]


def profile_card(profile: PlayerProfile, name: str) -> ProfileCard:
    """The service's profile as the image needs it (plain values; the chart
    thinned to what it can draw)."""
    ratings = profile.ratings
    best = profile.best_hand
    h2h = profile.head_to_head
    return ProfileCard(
        name=name,
        ratings=thin([p.rating for p in ratings]),
        first_at=ratings[0].at if ratings else None,
        last_at=ratings[-1].at if ratings else None,
        rating=profile.rating,
        games=profile.games,
        wins=profile.wins,
        win_rate=profile.win_rate,
        hands_won=profile.hands_won,
        gins=profile.gins,
        gin_rate=profile.gin_rate,
        knocks=profile.knocks,
        undercut=profile.undercut,
        undercut_rate=profile.undercut_rate,
        knock_deadwood=profile.knock_deadwood_average,
        best_streak=profile.best_streak,
        current_streak=profile.current_streak,
        best_hand=None if best is None else (best.points, best.end, best.game_id, best.hand_number),
        head_to_head=None if h2h is None else (h2h.wins, h2h.losses),
        achievements=profile.achievements,
    )


class History:
    """Answers ``/gin history``, ``/gin replay``, ``/gin profile`` and their buttons."""

    def __init__(
        self,
        history: HistoryDesk,
        replays: ReplayDesk,
        profiles: ProfileDesk,
        renderer: RenderPool,
        *,
        defer_after: float = 1.5,
    ) -> None:
        self.history = history
        self.replays = replays
        self.profiles = profiles
        self.renderer = renderer
        #: Seconds to wait for an image before deferring the interaction.
        self.defer_after = defer_after

    # --- /gin history ---------------------------------------------------------------

    async def show_history(
        self, interaction: discord.Interaction, member_id: int | None, page: int = 1
    ) -> None:
        """A page of the server's (or one member's) finished games."""
        found = await self.history.recent(
            interaction.guild_id or 0, user_id=member_id, page=page, page_size=words.PAGE_SIZE
        )
        lang = user_lang(interaction)  # every answer here is private
        await self._answer(
            interaction,
            _ready((words.history_text(lang, found), None, history_controls(lang, found))),
        )

    # --- /gin replay ----------------------------------------------------------------

    async def replay(
        self,
        interaction: discord.Interaction,
        game_id: int,
        hand_number: int | None = None,
    ) -> None:
        """The deal of a finished hand (default: the game's last)."""
        view = await self.replays.frame(interaction.guild_id or 0, game_id, hand_number=hand_number)
        await self._answer(interaction, self._replay_answer(user_lang(interaction), view))

    async def on_replay(
        self,
        interaction: discord.Interaction,
        action: ReplayAction,
        game_id: int,
        hand_number: int,
        shown: int,
    ) -> None:
        """A replay button: ``shown`` is the step the message shows (from 1)."""
        index = shown - 1
        target = {
            ReplayAction.FIRST: 0,
            ReplayAction.BACK: index - 1,
            ReplayAction.NEXT: index + 1,
            ReplayAction.KNOCK: index,
            ReplayAction.END: 1 << 30,  # clamped to the last step
        }[action]
        view = await self.replays.frame(
            interaction.guild_id or 0,
            game_id,
            hand_number=hand_number,
            step=max(0, target),
            knock=action is ReplayAction.KNOCK,
        )
        await self._answer(interaction, self._replay_answer(user_lang(interaction), view))

    async def _replay_answer(self, lang: Lang, view: ReplayView) -> Answer:
        png = await self.renderer.replay(view.frame, view.game_id, lang=lang)
        file = discord.File(
            io.BytesIO(png),
            filename=words.replay_filename(view),
            description=replay_alt(view.frame, view.game_id, lang=lang),
        )
        return words.replay_text(lang, view), file, replay_controls(lang, view)

    # --- /gin profile ---------------------------------------------------------------

    async def profile(self, interaction: discord.Interaction, member_id: int, name: str) -> None:
        """``member_id``'s profile card, with their record against the asker."""
        found = await self.profiles.profile(
            interaction.guild_id or 0, member_id, viewer_id=interaction.user.id
        )
        await self._answer(interaction, self._profile_answer(user_lang(interaction), found, name))

    async def _profile_answer(self, lang: Lang, profile: PlayerProfile, name: str) -> Answer:
        card = profile_card(profile, name)
        png = await self.renderer.profile(card, lang=lang)
        file = discord.File(
            io.BytesIO(png),
            filename=words.PROFILE_FILENAME,
            description=profile_alt(card, lang=lang),
        )
        return words.profile_text(lang, profile.user_id), file, None

    # --- answering ------------------------------------------------------------------

    async def _answer(self, interaction: discord.Interaction, making: Awaitable[Answer]) -> None:
        """Answer privately: edit the ephemeral message a button was pressed
        on (it was sent to the presser), else send a new ephemeral message;
        defer first if the answer is not ready within :attr:`defer_after`."""
        in_place = sent_to_presser(interaction)
        task = asyncio.ensure_future(making)
        done, _ = await asyncio.wait({task}, timeout=self.defer_after)
        if not done and not interaction.response.is_done():
            if in_place:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        content, file, controls = await task
        files = [] if file is None else [file]
        mentions = discord.AllowedMentions.none()
        if not interaction.response.is_done():
            if in_place:
                await interaction.response.edit_message(
                    content=content, attachments=files, view=controls
                )
            elif controls is not None:
                await interaction.response.send_message(
                    content, files=files, view=controls, ephemeral=True, allowed_mentions=mentions
                )
            else:
                await interaction.response.send_message(
                    content, files=files, ephemeral=True, allowed_mentions=mentions
                )
        elif in_place:
            await interaction.edit_original_response(
                content=content, attachments=files, view=controls
            )
        elif controls is not None:
            await interaction.followup.send(
                content, files=files, view=controls, ephemeral=True, allowed_mentions=mentions
            )
        else:
            await interaction.followup.send(
                content, files=files, ephemeral=True, allowed_mentions=mentions
            )


async def _ready(answer: Answer) -> Answer:
    return answer
