"""The Discord client: wires the controllers to the service it is given,
registers the buttons, syncs the commands and runs the service's timer loop.

It asks Discord only for what it uses — slash commands and components
arrive as interactions, which need no intent — so it connects with the
``guilds`` intent alone, keeps no message cache and never parses chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.render.pool import RenderPool
from bot.service import (
    AiRunner,
    Decide,
    GinService,
    PuzzleMaker,
    TimerLoop,
    make_in_process,
)
from bot.shards import ShardRange
from bot.version import bot_version

from . import bot_budget, buckets
from .boards import Boards
from .challenges import Challenges
from .coach import Coach
from .edge import claims
from .errors import GinTree
from .handlers import Handlers
from .hands import HandReplies
from .history import History
from .history_items import HISTORY_ITEMS
from .items import DYNAMIC_ITEMS, refuse_unclaimed
from .language import ServerLanguages
from .pacing import ChannelPacer
from .partnerships import Partnerships, after_team_table
from .publisher import Publisher
from .puzzle_items import PUZZLE_ITEMS, PuzzleHandlers
from .puzzles import Puzzles
from .seasons import SeasonHandlers, Seasons, announce_awards
from .tournaments import TournamentMessages, Tournaments
from .translator import GinTranslator
from .turns import Turns

log = logging.getLogger(__name__)

#: Seconds a stop waits for the interactions already received to be answered
#: and for the public follow-ups of committed moves to be posted.
STOP_GRACE = 5.0
#: discord.py's names for the tasks that run one interaction: a slash command
#: or autocomplete (the tree), a button or select (views, dynamic items), a modal.
INTERACTION_TASKS = ("CommandTree-invoker", "discord-ui-")


def minimal_intents() -> discord.Intents:
    """Only the guilds intent: interactions need none, and without message
    intents Discord sends us no chat at all."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class GinBot(commands.AutoShardedBot):
    """One bot over one service; owns the service from here on (closes it).

    Sharded as Discord asks (required from 2,500 servers): by default every
    shard Discord recommends, in this process; with ``shards`` (``GIN_SHARDS``
    / ``GIN_SHARD_COUNT``) only that range — the service then does the
    background work of those shards' guilds only, so several processes can
    share one database."""

    def __init__(
        self,
        service: GinService,
        *,
        decide: Decide | None = None,
        dev_guild_id: int | None = None,
        ai_delay: float = 1.5,
        board_coalesce: float = 0.4,
        timer_tick: float = 15.0,
        defer_after: float = 1.5,
        renderer: RenderPool | None = None,
        pacer: ChannelPacer | None = None,
        global_limit: tuple[int, float] | None = (bot_budget.RATE, bot_budget.WINDOW),
        shards: ShardRange | None = None,
        puzzle_maker: PuzzleMaker | None = None,
    ) -> None:
        sharding: dict[str, Any] = {}
        if shards is not None:
            sharding = {"shard_ids": shards.ids, "shard_count": shards.count}
        super().__init__(
            **sharding,
            command_prefix=(),  # no prefix commands: everything is an interaction
            intents=minimal_intents(),
            tree_cls=GinTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            max_messages=None,
            chunk_guilds_at_startup=False,
            member_cache_flags=discord.MemberCacheFlags.none(),
        )
        if decide is None:
            from bot.ai import decide as ai_decide

            decide = ai_decide
        self.service = service
        self.dev_guild_id = dev_guild_id
        #: A place for every request but the answers to interactions: Discord's
        #: global limit (``global_limit``: requests, seconds; ``None``: no budget,
        #: for tests against a fake without that limit).
        self.budget: bot_budget.BotWideBudget | None = None
        if global_limit is not None:
            self.budget = bot_budget.BotWideBudget(*global_limit)
            bot_budget.pay_requests(self.http, self.budget)
        #: Draws every image, players' own hands first (worker processes by default).
        self.renderer = RenderPool() if renderer is None else renderer
        #: The language of each server's public messages (its setting, kept in memory).
        self.languages = ServerLanguages(self, service.settings)
        self.boards = Boards(
            self,
            service,
            self.renderer,
            self.languages,
            coalesce=board_coalesce,
            pacer=pacer,
            budget=self.budget,
            clock=service.clock,
        )
        self.hands = HandReplies(self.renderer, defer_after=defer_after)
        # Built in dependency order: the publisher builds its computer runner
        # (each calls the other) and is given the group follow-ups, which post
        # through it when they run; the controllers come after it, each given
        # only the parts of the service it uses.
        self.publisher = Publisher(
            self,
            self.boards,
            computer=lambda on_move: AiRunner(
                service.moves, decide, on_move, delay=ai_delay, adaptive=service.adaptive
            ),
            on_team=after_team_table,
            on_tournament=TournamentMessages(
                self,
                service.tournaments,
                service.moves,
                service.settings,
                self.renderer,
                self.languages,
            ).on_progress,
            on_awards=announce_awards,
        )
        self.turns = Turns(service.moves, self.hands, self.publisher)
        self.challenges = Challenges(
            self, service.challenges, service.moves, service.settings, self.hands, self.publisher
        )
        self.coach = Coach(service.coach)
        self.partnerships = Partnerships(
            self, service.partnerships, service.moves, service.settings, self.publisher
        )
        self.tournaments = Tournaments(service.tournaments, self.publisher, self.renderer)
        self.history = History(
            service.history,
            service.replays,
            service.profiles,
            self.renderer,
            defer_after=defer_after,
        )
        # Season tables, their ends (a small task of its own) and the hall of fame.
        self.seasons = Seasons(self, service.seasons, self.boards, clock=service.clock)
        # The daily puzzle: made ahead of time (a small task of its own), answered privately.
        self.puzzles = Puzzles(
            self,
            service.puzzles,
            self.boards,
            self.renderer,
            clock=service.clock,
            defer_after=defer_after,
            make=make_in_process if puzzle_maker is None else puzzle_maker,
        )
        self.timers = TimerLoop(
            service,
            on_expired=self.publisher.on_expired,
            on_timer=self.publisher.on_timer,
            on_tournament=self.tournaments.on_timer,
            tick=timer_tick,
        )
        self._timer_task: asyncio.Task[None] | None = None
        self._bucket_task: asyncio.Task[None] | None = None
        self._closing: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        await self.renderer.warm()
        # Command names, descriptions and choices in each user's language.
        await self.tree.set_translator(GinTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS, *HISTORY_ITEMS, *PUZZLE_ITEMS)
        await self.load_extension("cogs.gin")
        await self.load_extension("cogs.group")  # adds its commands under /gin
        await self.load_extension("cogs.history")  # /gin history, replay, profile
        await self.load_extension("cogs.seasons")  # /gin halloffame
        await self.load_extension("cogs.puzzles")  # /gin puzzle
        await self.load_extension("cogs.admin")  # /ginadmin: the moderators' commands
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._timer_task = asyncio.create_task(self._run_timers())
        self.seasons.start()
        self.puzzles.start()
        # discord.py's idle rate-limit buckets, forgotten after a minute, not five.
        self._bucket_task = asyncio.create_task(buckets.sweep_forever(self.http))
        # Everything loaded so far (discord.py, Pillow, our modules, the commands)
        # lives as long as the process: move it out of the collector's sight so
        # its full passes only walk what games create (shorter pauses under load).
        gc.freeze()

    def connected(self) -> bool:
        """Ready, and every gateway connection open (the health check's question)."""
        if not self.is_ready() or self.is_closed():
            return False
        return all(not shard.is_closed() for shard in self.shards.values())

    async def on_message(self, message: discord.Message, /) -> None:
        """Chat is not ours to read (and with our intents it never arrives)."""

    async def on_interaction(self, interaction: discord.Interaction, /) -> None:
        """Clicks no item of ours runs (a forged or mangled custom_id) are
        refused here; everything else is answered by its command or item."""
        if not claims(interaction, (*HISTORY_ITEMS, *PUZZLE_ITEMS)):
            await refuse_unclaimed(interaction)

    async def on_ready(self) -> None:
        log.info(
            "gin-bot %s logged in as %s in %d servers", bot_version(), self.user, len(self.guilds)
        )
        # Tracked like any follow-up work, so ``publisher.idle()`` (shutdown,
        # tests) also waits for the resumes to be in place.
        self.publisher.spawn(self._resume())

    async def _resume(self) -> None:
        """Boards left behind, owed computer turns and idle pings, after a
        start or a restart."""
        await self.publisher.boards.resume()
        await self.publisher.ai.resume()
        await self.publisher.pings.resume()

    async def _run_timers(self) -> None:
        await self.wait_until_ready()
        await self.timers.run()

    async def close(self) -> None:
        """Stop cleanly, once however often it is called (a signal, Discord,
        ``async with``): see :meth:`_shut_down`."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._shut_down())
        await asyncio.shield(self._closing)

    async def _shut_down(self) -> None:
        """Nothing started is lost, nothing new is taken:

        1. no new work of our own — the computer's turns, pings and the
           timer loop stop (each is resumed from the database at the next
           start);
        2. no new interactions — every gateway connection closes (they
           arrive there; answers go over HTTP, which stays open);
        3. what was already received finishes and answers, and the public
           follow-ups of committed moves are posted, within
           :data:`STOP_GRACE` seconds;
        4. the HTTP session, the render workers and the database close.
        """
        self.publisher.ai.stop()
        self.publisher.pings.stop()
        await self.seasons.stop()
        await self.puzzles.stop()
        for task in (self._timer_task, self._bucket_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for shard in list(self.shards.values()):
            with contextlib.suppress(Exception):
                await shard.disconnect()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.idle(), timeout=STOP_GRACE)
        try:
            await super().close()
        finally:
            try:
                self.renderer.close()
            finally:
                await self.service.close()

    def _interactions_running(self) -> list[asyncio.Task[Any]]:
        """The tasks handling interactions now (but the caller's own)."""
        me = asyncio.current_task()
        return [
            task
            for task in asyncio.all_tasks()
            if task is not me and not task.done() and task.get_name().startswith(INTERACTION_TASKS)
        ]

    def busy(self) -> bool:
        """Whether an interaction or its follow-ups are in progress (the test
        fake asks, to tell a quiet bot from one between two requests)."""
        return bool(self._interactions_running()) or self.publisher.busy()

    async def idle(self) -> None:
        """Wait for the interactions in progress, then for their follow-ups
        (a clean stop; tests, before they look at what was posted)."""
        while running := self._interactions_running():
            await asyncio.wait(running)
        await self.publisher.idle()


if TYPE_CHECKING:
    # Items and group commands reach the controllers through ``Handlers``
    # (from ``interaction.client``): mypy checks here that the bot provides them.
    _HANDLERS: type[Handlers] = GinBot
    _SEASON_HANDLERS: type[SeasonHandlers] = GinBot
    _PUZZLE_HANDLERS: type[PuzzleHandlers] = GinBot
