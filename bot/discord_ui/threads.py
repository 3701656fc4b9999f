"""A thread of its own for every game, and the game's summary line in the channel.

Discord limits message writes per channel (about 5 per 5 s) and gives every
thread a limit of its own, so in a busy channel one thread per game keeps
every board live.  The thread is started from the challenge message (it
shares that message's id, which the service already stored as the game's
channel), the players are added so its pings reach them, and the challenge
message becomes the game's one line in the channel: players, score, hand and
a link — edited only when a hand or the game ends, and left with the result.
After the game the thread is archived; a rematch opens a new one.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Sequence
from typing import Final, Literal

import discord

from bot.engine import GameResult
from bot.service import DatabaseUnavailableError, GinService, TableView

from . import text
from .keyed import RecentSet
from .language import ServerLanguages
from .outage import Backoff, Outages
from .pacing import ChannelPacer

log = logging.getLogger(__name__)

#: Minutes of quiet before Discord archives a game's thread by itself (the
#: bot archives it when the game ends; this covers a game left to time out).
AUTO_ARCHIVE: Final[Literal[1440]] = 1440
#: Threads this process started that it remembers (their first messages' ids).
STARTED_KEPT: Final = 1024


class GameThreads:
    """Starts, and after the game archives, each game's thread."""

    def __init__(
        self, client: discord.Client, service: GinService, languages: ServerLanguages
    ) -> None:
        self.client = client
        self.service = service
        #: A thread's name is public: it speaks its server's language.
        self.languages = languages
        #: Threads started lately: a game's first move can be followed up before
        #: its opening is, and both find the game in a thread with no board yet;
        #: the second start is then skipped rather than refused by Discord.
        self._started: RecentSet[int] = RecentSet(STARTED_KEPT)

    async def start(self, table: TableView) -> TableView:
        """Start the thread the service placed ``table`` in and add its
        players; if Discord refuses, the game is played in the channel."""
        assert table.summary_channel_id is not None and table.summary_message_id is not None
        opened = await self.open(
            table.summary_channel_id,
            table.summary_message_id,
            text.thread_name(await self.languages.of(table.guild_id), table),
            guild_id=table.guild_id,
            members=table.players,
        )
        if not opened:
            return await self.service.moves.place_in_channel(table.id, table.summary_channel_id)
        return table

    async def open(
        self,
        parent_id: int,
        message_id: int,
        name: str,
        *,
        guild_id: int,
        members: Sequence[int],
    ) -> bool:
        """Start a public thread from ``message_id`` (it takes the message's id)
        and add ``members``; False if Discord refuses (the caller plays on in
        the channel)."""
        if message_id in self._started:
            return True
        parent = self.client.get_partial_messageable(parent_id, guild_id=guild_id)
        try:
            thread = await parent.get_partial_message(message_id).create_thread(
                name=name[:100], auto_archive_duration=AUTO_ARCHIVE
            )
        except discord.HTTPException as exc:
            if exc.code == 160004:  # already started (a retry after a restart)
                self._started.add(message_id)
                return True
            log.warning("could not start thread %s (%s)", message_id, exc.text or exc.status)
            return False
        self._started.add(message_id)
        bot_id = self.client.user.id if self.client.user is not None else None
        people = [u for u in dict.fromkeys(members) if u != bot_id]
        results = await asyncio.gather(
            *(thread.add_user(discord.Object(u)) for u in people), return_exceptions=True
        )
        for error in results:
            if isinstance(error, BaseException):  # the board still reaches them by link
                log.info("could not add a player to thread %s: %s", message_id, error)
        return True

    async def archive(self, table: TableView) -> None:
        """The game is over and everything is posted: close its thread."""
        if table.in_thread:
            await self.archive_channel(table.channel_id)

    async def archive_channel(self, channel_id: int) -> None:
        """Archive ``channel_id`` if it is a thread (a channel is left alone)."""
        try:
            thread = self.client.get_channel(channel_id) or await self.client.fetch_channel(
                channel_id
            )
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=True)
        except discord.HTTPException as exc:
            log.info("could not archive thread %s: %s", channel_id, exc)


class Summaries:
    """The channel's one line per game, edited at hand ends (coalesced and
    paced in the parent channel, built from the game as it is when the write
    slot comes) and finally with the result.

    A game's pending edit, task and result are dropped once its line is
    written; an edit that meets a database outage is tried again until the
    database is back (:mod:`.outage`)."""

    def __init__(
        self,
        client: discord.Client,
        service: GinService,
        pacer: ChannelPacer,
        languages: ServerLanguages,
        *,
        coalesce: float = 0.4,
        backoff: Backoff | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.pacer = pacer
        #: A summary line is public: it speaks its server's language.
        self.languages = languages
        self.coalesce = coalesce
        self._dirty: set[int] = set()
        #: Each game's running edit task, dropped when it ends.
        self._tasks: dict[int, asyncio.Task[None]] = {}
        #: A finished game's result, until its line shows it.
        self._results: dict[int, GameResult] = {}
        self.outages = Outages("summary line", log, backoff)

    def update(self, table: TableView) -> None:
        """A hand ended: the line shows the new score (soon, coalesced)."""
        if not table.in_thread:
            return
        self._dirty.add(table.id)
        self._schedule(table)

    def _schedule(self, table: TableView) -> asyncio.Task[None]:
        task = self._tasks.get(table.id)
        if task is None or task.done():
            task = asyncio.create_task(self._flush(table))
            self._tasks[table.id] = task
            task.add_done_callback(functools.partial(self._ended, table.id))
        return task

    def _ended(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]

    async def final(self, table: TableView, result: GameResult) -> None:
        """The game is over: the line keeps its result."""
        if not table.in_thread:
            return
        self._results[table.id] = result
        self._dirty.add(table.id)
        # The running task picks the result up; shielded: it is the line's, not ours.
        await asyncio.shield(self._schedule(table))

    async def _flush(self, table: TableView) -> None:
        parent = table.summary_channel_id
        assert parent is not None and table.summary_message_id is not None
        message = self.client.get_partial_messageable(parent).get_partial_message(
            table.summary_message_id
        )
        try:
            while table.id in self._dirty:
                wait = self.outages.wait(table.id)
                if wait is not None:
                    await asyncio.sleep(wait)
                elif self.coalesce and table.id not in self._results:
                    await asyncio.sleep(self.coalesce)
                async with self.pacer.write(parent):
                    self._dirty.discard(table.id)
                    try:
                        now = await self.service.moves.table_view(table.id)
                    except DatabaseUnavailableError as exc:
                        if self.outages.failed(table.id, exc):
                            self._dirty.add(table.id)
                        continue
                    lang = await self.languages.of(now.guild_id)
                    await message.edit(
                        content=text.summary_line(lang, now, self._results.get(table.id)),
                        view=None,
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
                self.outages.written(table.id)
        except discord.HTTPException as exc:
            log.info("could not update game %s's summary: %s", table.id, exc)
        finally:
            self._dirty.discard(table.id)
            self._results.pop(table.id, None)
            self.outages.forget(table.id)

    def pending(self) -> list[asyncio.Task[None]]:
        return [t for t in self._tasks.values() if not t.done()]

    def sizes(self) -> dict[str, int]:
        """What this keeps per game (tests, the soak benchmark)."""
        return {
            "summaries.dirty": len(self._dirty),
            "summaries.tasks": len(self._tasks),
            "summaries.results": len(self._results),
            "summaries.outages": len(self.outages),
        }
