"""The public side of a game in its channel: the board, pings, reveals, tallies.

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

from bot import text
from bot.engine import EventKind, GameResult, HandResult
from bot.render import render_board, render_reveal, render_tally
from bot.service import GameSnapshot, GinService, MoveResult
from bot.ui import board_view, rematch_view

log = logging.getLogger(__name__)

REPOST_AFTER = 3600.0


class Boards:
    """Posts and edits the public messages of every game."""

    def __init__(
        self,
        client: discord.Client,
        service: GinService,
        *,
        coalesce: float = 0.4,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.service = service
        self.coalesce = coalesce
        self.clock = clock
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._last_ping: dict[int, discord.PartialMessage] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --- the board -------------------------------------------------------------------

    async def _payload(self, snap: GameSnapshot) -> tuple[str, discord.File, discord.ui.View]:
        public = snap.game.public_view()
        png = await asyncio.to_thread(render_board, public)
        events = public.last_events
        deals = [i for i, e in enumerate(events) if e.kind is EventKind.DEAL]
        if deals:
            # One board per hand: the end of the last hand is on its reveal message.
            events = events[deals[-1] :]
        lines = [text.describe_events(events, public.names), text.score_line(public)]
        lines.append(text.turn_line(public))
        content = "\n".join(line for line in lines if line)
        view = board_view(snap.id, snap.version, public.phase)
        return content, discord.File(io.BytesIO(png), filename="board.png"), view

    async def post_new(self, snap: GameSnapshot) -> None:
        """A fresh board message (new game, new hand, or a stale board)."""
        async with self._lock(snap.id):
            await self._post(snap)

    async def _post(self, snap: GameSnapshot) -> None:
        content, file, view = await self._payload(snap)
        msg = await self._channel(snap.channel_id).send(content, file=file, view=view)
        await self.service.set_board_message(snap.id, snap.channel_id, msg.id, self.clock())

    def refresh(self, game_id: int) -> None:
        """Schedule a coalesced edit of the board to the latest state."""
        self._dirty.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._flush(game_id))

    async def _flush(self, game_id: int) -> None:
        try:
            while game_id in self._dirty:
                if self.coalesce:
                    await asyncio.sleep(self.coalesce)
                self._dirty.discard(game_id)
                snap = await self.service.get_game(game_id)
                async with self._lock(game_id):
                    await self._edit_or_repost(snap)
        except Exception:
            log.exception("board update failed for game %s", game_id)

    async def _edit_or_repost(self, snap: GameSnapshot) -> None:
        old = snap.board_posted_at
        if snap.board_message_id is None or old is None or self.clock() - old > REPOST_AFTER:
            if snap.board_message_id is not None:
                await self._quiet(
                    self._channel(snap.channel_id).get_partial_message(snap.board_message_id).delete
                )
            await self._post(snap)
            return
        content, file, view = await self._payload(snap)
        message = self._channel(snap.channel_id).get_partial_message(snap.board_message_id)
        try:
            await message.edit(content=content, attachments=[file], view=view)
        except discord.NotFound:
            await self._post(snap)

    def pending(self) -> list[asyncio.Task[None]]:
        """Board edits still scheduled or running."""
        return list(self._tasks.values())

    # --- notices ---------------------------------------------------------------------

    async def ping(self, snap: GameSnapshot) -> None:
        """A short separate message that notifies the player to move (edits don't)."""
        user = snap.turn_user
        if user is None or snap.is_ai_turn:
            return
        previous = self._last_ping.pop(snap.id, None)
        if previous is not None:
            await self._quiet(previous.delete)
        msg = await self._channel(snap.channel_id).send(
            f"<@{user}>, your move in gin (game #{snap.id}).",
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
        self._last_ping[snap.id] = self._channel(snap.channel_id).get_partial_message(msg.id)

    async def reveal(self, snap: GameSnapshot, hand: HandResult) -> None:
        """The public reveal of a finished hand: both hands, layoffs, points."""
        public = snap.game.public_view()
        png = await asyncio.to_thread(render_reveal, hand, public)
        await self._channel(snap.channel_id).send(
            text.hand_result_line(hand, public.names),
            file=discord.File(io.BytesIO(png), filename="reveal.png"),
        )

    async def final(self, result: MoveResult, game: GameResult) -> None:
        """End of the game: the tally image, rating changes, a Rematch button."""
        snap = result.snapshot
        public = snap.game.public_view()
        png = await asyncio.to_thread(render_tally, game, public)
        lines = [text.game_result_line(game, public.names)]
        for change in result.rating_changes:
            seat = snap.seat_of(change.user_id)
            name = public.names[seat] if seat is not None else str(change.user_id)
            delta = change.after - change.before
            lines.append(f"{name}: rating {change.before:.0f} → {change.after:.0f} ({delta:+.0f})")
        await self._channel(snap.channel_id).send(
            "\n".join(lines),
            file=discord.File(io.BytesIO(png), filename="tally.png"),
            view=rematch_view(snap.id),
        )
        previous = self._last_ping.pop(snap.id, None)
        if previous is not None:
            await self._quiet(previous.delete)
        self.refresh(snap.id)

    async def notice(self, channel_id: int, content: str, *, mention: bool = False) -> None:
        mentions = discord.AllowedMentions(users=mention, roles=False, everyone=False)
        await self._channel(channel_id).send(content, allowed_mentions=mentions)

    @staticmethod
    async def _quiet(call: Callable[[], Awaitable[object]]) -> None:
        with contextlib.suppress(discord.HTTPException):
            await call()
