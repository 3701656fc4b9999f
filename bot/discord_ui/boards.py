"""The public side of a game in its channel: the board, reveals, tallies
(pings: :mod:`.pings`).

One board message per hand, edited in place.  Edits are coalesced per game
(a burst of moves becomes one edit of the latest state) so a fast game never
runs into Discord's rate limits; a board older than an hour is reposted
rather than edited, so it stays near the bottom of the channel.  Everything
here is public, so it is built only from :class:`PublicView`s and hand
results — never from a seat view.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable

import discord

from bot.engine import EventKind, GameResult, HandResult
from bot.render.alt_text import board_alt, reveal_alt, tally_alt
from bot.render.pool import RenderPool
from bot.service import GinService
from bot.service.views import MoveReport, TableView

from . import text
from .components import board_view, rematch_view, review_view
from .pacing import ChannelPacer

log = logging.getLogger(__name__)

REPOST_AFTER = 3600.0


class Boards:
    """Posts and edits the public messages of every game."""

    def __init__(
        self,
        client: discord.Client,
        service: GinService,
        renderer: RenderPool,
        *,
        coalesce: float = 0.4,
        pacer: ChannelPacer | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.service = service
        self.renderer = renderer
        #: Every write to a channel takes a slot: Discord's per-channel limit.
        self.pacer = ChannelPacer() if pacer is None else pacer
        #: Channels that answered 403 to our last write: players are told privately.
        self.blocked: set[int] = set()
        self.coalesce = coalesce
        self.clock = clock
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def note_failure(self, channel_id: int, error: BaseException) -> None:
        """Remember a channel that no longer lets us post (logged without a trace:
        it is the server's setting, not our bug)."""
        if isinstance(error, discord.Forbidden):
            self.blocked.add(channel_id)
            log.warning("missing permissions to post in channel %s", channel_id)
        else:
            log.error("channel %s update failed", channel_id, exc_info=error)

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --- the board -------------------------------------------------------------------

    async def _payload(self, table: TableView) -> tuple[str, discord.File, discord.ui.View]:
        public = table.public
        png = await self.renderer.board(public)
        events = public.last_events
        deals = [i for i, e in enumerate(events) if e.kind is EventKind.DEAL]
        if deals:
            # One board per hand: the end of the last hand is on its reveal message.
            events = events[deals[-1] :]
        lines = [text.describe_events(events, public.names), text.score_line(public)]
        lines.append(text.turn_line(public))
        content = "\n".join(line for line in lines if line)
        view = board_view(table.id, table.version, public.phase)
        file = discord.File(io.BytesIO(png), filename="board.png", description=board_alt(public))
        return content, file, view

    async def post_new(self, table: TableView) -> None:
        """A fresh board message (new game, new hand, or a stale board)."""
        async with self._lock(table.id):
            await self._post(table)

    async def _post(self, table: TableView) -> None:
        content, file, view = await self._payload(table)
        await self.pacer.slot(table.channel_id)
        msg = await self._channel(table.channel_id).send(content, file=file, view=view)
        self.blocked.discard(table.channel_id)
        await self.service.set_board_message(
            table.id, table.channel_id, msg.id, self.clock(), table.version
        )

    def refresh(self, game_id: int, channel_id: int) -> None:
        """Schedule a coalesced edit of the board to the latest state."""
        self._dirty.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._flush(game_id, channel_id))

    async def _flush(self, game_id: int, channel_id: int) -> None:
        try:
            while game_id in self._dirty:
                if self.coalesce:
                    await asyncio.sleep(self.coalesce)
                # While the channel is busy, later moves keep folding into this edit.
                await self.pacer.ready(channel_id)
                self._dirty.discard(game_id)
                table = await self.service.table_view(game_id)
                async with self._lock(game_id):
                    await self._edit_or_repost(table)
        except Exception as exc:
            self.note_failure(channel_id, exc)

    async def _edit_or_repost(self, table: TableView) -> None:
        old = table.board_posted_at
        if table.board_message_id is None or old is None or self.clock() - old > REPOST_AFTER:
            if table.board_message_id is not None:
                await self._quiet(
                    self._channel(table.channel_id)
                    .get_partial_message(table.board_message_id)
                    .delete
                )
            await self._post(table)
            return
        content, file, view = await self._payload(table)
        message = self._channel(table.channel_id).get_partial_message(table.board_message_id)
        await self.pacer.slot(table.channel_id)
        try:
            await message.edit(content=content, attachments=[file], view=view)
        except discord.NotFound:
            await self._post(table)
            return
        self.blocked.discard(table.channel_id)
        await self.service.board_shown(table.id, table.version)

    async def resume(self) -> None:
        """After a restart: edit every board the last run left behind (it
        stopped between a move and that move's board edit), so no board keeps
        the buttons of a turn that has passed."""
        for game_id, channel_id in await self.service.boards_behind():
            self.refresh(game_id, channel_id)

    def pending(self) -> list[asyncio.Task[None]]:
        """Board edits still scheduled or running."""
        return list(self._tasks.values())

    # --- notices ---------------------------------------------------------------------

    async def reveal(
        self, table: TableView, hand: HandResult, match_game: GameResult | None = None
    ) -> None:
        """The public reveal of a finished hand: both hands, layoffs, points
        (and, in a match, the game this hand won)."""
        public = table.public
        png = await self.renderer.reveal(hand, public)
        content = text.hand_result_line(hand, public.names)
        if match_game is not None:
            content += "\n" + text.match_game_line(match_game, public)
        await self.pacer.slot(table.channel_id)
        await self._channel(table.channel_id).send(
            content,
            file=discord.File(
                io.BytesIO(png), filename="reveal.png", description=reveal_alt(hand, public)
            ),
            view=review_view(table.id, hand.number),
        )

    async def final(self, result: MoveReport) -> None:
        """End of the game: the tally image, rating changes, a Rematch button."""
        table = result.table
        game = result.game_result
        assert game is not None
        public = table.public
        png = await self.renderer.tally(game, public)
        lines = [
            text.game_result_line(game, public.names, match=public.match is not None),
            *text.match_summary_lines(public),
        ]
        for change in result.rating_changes:
            seat = table.seat_of(change.user_id)
            name = public.names[seat] if seat is not None else str(change.user_id)
            delta = change.after - change.before
            lines.append(f"{name}: rating {change.before:.0f} → {change.after:.0f} ({delta:+.0f})")
        await self.pacer.slot(table.channel_id)
        await self._channel(table.channel_id).send(
            "\n".join(lines),
            file=discord.File(
                io.BytesIO(png), filename="tally.png", description=tally_alt(game, public)
            ),
            view=rematch_view(table.id),
        )
        self.refresh(table.id, table.channel_id)

    async def notice(self, channel_id: int, content: str, *, mention: bool = False) -> None:
        mentions = discord.AllowedMentions(users=mention, roles=False, everyone=False)
        await self.pacer.slot(channel_id)
        await self._channel(channel_id).send(content, allowed_mentions=mentions)

    @staticmethod
    async def _quiet(call: Callable[[], Awaitable[object]]) -> None:
        with contextlib.suppress(discord.HTTPException):
            await call()
