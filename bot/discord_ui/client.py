"""The Discord client: opens the service, registers buttons, syncs commands,
and runs the timer loop (reminders, forfeits, expired challenges)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from pathlib import Path

import discord
from discord.ext import commands

from bot.board import Boards
from bot.errors import GinTree
from bot.play import Decide, Play
from bot.service import GinService
from bot.ui import DYNAMIC_ITEMS

log = logging.getLogger(__name__)


class GinBot(commands.Bot):
    """One bot, one database file."""

    def __init__(
        self,
        db_path: str | os.PathLike[str],
        *,
        dev_guild_id: int | None = None,
        ai_delay: float = 1.5,
        board_coalesce: float = 0.4,
        timer_tick: float = 15.0,
        decide: Decide | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=GinTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.db_path = Path(db_path)
        self.dev_guild_id = dev_guild_id
        self.ai_delay = ai_delay
        self.board_coalesce = board_coalesce
        self.timer_tick = timer_tick
        self._decide = decide
        self._clock = clock
        self._timer_task: asyncio.Task[None] | None = None
        self.timer_wakeup = asyncio.Event()

    async def setup_hook(self) -> None:
        if self._clock is None:
            self.service = await GinService.open(self.db_path)
        else:
            self.service = await GinService.open(self.db_path, clock=self._clock)
        clock = self.service.clock
        self.boards = Boards(self, self.service, coalesce=self.board_coalesce, clock=clock)
        decide = self._decide
        if decide is None:
            from bot.ai import decide as ai_decide

            decide = ai_decide
        self.play = Play(self, self.service, self.boards, decide=decide, ai_delay=self.ai_delay)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.load_extension("cogs.gin")
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._timer_task = asyncio.create_task(self._timers())

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d servers", self.user, len(self.guilds))
        await self.play.resume()

    async def _timers(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.play.tick()
            except Exception:
                log.exception("timer tick failed")
            wait = self.timer_tick
            next_at = await self.service.next_timer_at()
            if next_at is not None:
                wait = max(0.05, min(wait, next_at - self.service.clock()))
            self.timer_wakeup.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.timer_wakeup.wait(), timeout=wait)

    async def close(self) -> None:
        play = getattr(self, "play", None)
        if play is not None:
            play.stop_ai()
            # Let follow-up posts of committed moves finish before the session closes.
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(play.idle(), timeout=5)
        if self._timer_task is not None:
            self._timer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._timer_task
        await super().close()
        service = getattr(self, "service", None)
        if service is not None:
            await service.close()
