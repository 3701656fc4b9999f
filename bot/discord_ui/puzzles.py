"""The daily puzzle in Discord: ``/gin puzzle``, its answer controls, and the
day's solvers posted in the announce channel.

Every answer to a player is private (ephemeral) and in their language: the
puzzle (an image drawn by the render pool as a private job, and the same in
words), then — after the first answer, or whenever they ask again — whether
they found the best answer, why it is best and every choice's estimated
points, and their streak.  An answer edits the message it was given on,
which loses its controls.  The service decides everything (today's puzzle,
which answer counts, the streak); refusals are its typed errors, answered by
the one error handler.

The puzzles are made ahead of time by :class:`~bot.service.PuzzleLoop`,
which this controller runs as a small task of its own from the moment the
bot is ready until it stops, as :class:`~.seasons.Seasons` runs the season
loop: it also hands over each day that is over, whose solvers are posted in
the server's announce channel (if one is set) in the server's language.  A
channel the bot may not post in is logged in one line, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable

import discord

from bot.ai.puzzles import Puzzle, PuzzleKind
from bot.render.pool import RenderPool
from bot.render.puzzle_card import PuzzleCard
from bot.render.puzzle_words import puzzle_alt
from bot.service import (
    PuzzleDay,
    PuzzleDesk,
    PuzzleLoop,
    PuzzleMaker,
    PuzzleView,
    make_in_process,
)

from . import puzzle_text as words
from .boards import Boards
from .components import layout
from .edge import sent_to_presser
from .language import user_lang
from .puzzle_items import puzzle_controls

log = logging.getLogger(__name__)

FILENAME = "puzzle.png"


def puzzle_card(puzzle: Puzzle) -> PuzzleCard:
    """The puzzle as its image needs it (plain values, never the answer)."""
    knock = None
    if puzzle.kind is PuzzleKind.KNOCK:
        knock = min(c.deadwood for c in puzzle.choices)
    return PuzzleCard(
        day=puzzle.day,
        knock_deadwood=knock,
        hand=puzzle.hand,
        drawn=puzzle.drawn,
        drawn_from_pile=puzzle.drawn_from_pile,
        top=puzzle.top,
        stock=puzzle.stock,
        opp_took=puzzle.opp_took,
        opp_discarded=puzzle.opp_discarded,
    )


class Puzzles:
    """Answers ``/gin puzzle`` and its controls, and posts each day's solvers."""

    def __init__(
        self,
        client: discord.Client,
        desk: PuzzleDesk,
        boards: Boards,
        renderer: RenderPool,
        *,
        clock: Callable[[], float],
        make: PuzzleMaker = make_in_process,
        tick: float = 600.0,
        defer_after: float = 1.5,
    ) -> None:
        self.client = client
        self.desk = desk
        self.boards = boards
        self.renderer = renderer
        self.defer_after = defer_after
        self.loop = PuzzleLoop(desk, on_day=self.on_day, clock=clock, make=make, tick=tick)
        self._task: asyncio.Task[None] | None = None

    # --- the periodic task ---------------------------------------------------------

    def start(self) -> None:
        """Run the puzzle loop once the bot is ready (idempotent)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="gin-puzzles")

    async def _run(self) -> None:
        await self.client.wait_until_ready()
        await self.loop.run()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # --- /gin puzzle and the answers ----------------------------------------------

    async def show(self, interaction: discord.Interaction) -> None:
        """Today's puzzle with its controls; once answered, with the answer."""
        view = await self.desk.puzzle_for(interaction.guild_id or 0, interaction.user.id)
        lang = user_lang(interaction)  # private: the asker's language
        content = words.question_text(lang, view)
        controls = None
        if view.answer is None:
            controls = puzzle_controls(lang, view.puzzle)
        else:
            answer = words.result_text(lang, view.puzzle, view.answer, view.streak, again=True)
            content = f"{content}\n\n{answer}"
        await self._send(interaction, view, content[: words.MAX_CONTENT], controls)

    async def answer(self, interaction: discord.Interaction, day: str, choice: str) -> None:
        """An answer from the controls: the result and why, in place of the
        controls (a second answer changes nothing and says so)."""
        guild, user = interaction.guild_id or 0, interaction.user.id
        result = await self.desk.answer(guild, user, day, choice)
        lang = user_lang(interaction)
        view = PuzzleView(result.puzzle, result.answer, result.streak)
        question = words.question_text(lang, view)
        said = words.result_text(
            lang, result.puzzle, result.answer, result.streak, again=result.again
        )
        content = f"{question}\n\n{said}"[: words.MAX_CONTENT]
        mentions = discord.AllowedMentions.none()
        if sent_to_presser(interaction):
            await interaction.response.edit_message(content=content, view=None)
        else:
            await interaction.response.send_message(
                content, ephemeral=True, allowed_mentions=mentions
            )

    async def _send(
        self,
        interaction: discord.Interaction,
        view: PuzzleView,
        content: str,
        controls: discord.ui.View | None,
    ) -> None:
        """A new private message with the image; deferred first if the image
        is not ready within :attr:`defer_after` seconds."""
        lang = user_lang(interaction)
        card = puzzle_card(view.puzzle)
        drawing = asyncio.ensure_future(self.renderer.puzzle(card, lang=lang))
        done, _ = await asyncio.wait({drawing}, timeout=self.defer_after)
        if not done and not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        png = await drawing
        file = discord.File(
            io.BytesIO(png), filename=FILENAME, description=puzzle_alt(card, lang=lang)
        )
        mentions = discord.AllowedMentions.none()
        shown = controls if controls is not None else layout(discord.ui.View(timeout=None))
        if not interaction.response.is_done():
            await interaction.response.send_message(
                content, file=file, view=shown, ephemeral=True, allowed_mentions=mentions
            )
        else:
            await interaction.followup.send(
                content, file=file, view=shown, ephemeral=True, allowed_mentions=mentions
            )

    # --- the day's solvers ------------------------------------------------------------

    async def on_day(self, day: PuzzleDay) -> None:
        """The day's solvers in the announce channel, if the server set one,
        in the server's language; nobody is pinged."""
        if day.announce_channel_id is None:
            return
        lang = await self.boards.languages.of(day.guild_id)
        try:
            await self.boards.notice(day.announce_channel_id, words.day_text(lang, day))
        except discord.HTTPException as exc:
            log.warning(
                "could not post the puzzle's solvers in channel %s: %s",
                day.announce_channel_id,
                exc,
            )
