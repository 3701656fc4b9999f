"""Turn pings without ghost notifications.

A ping is a separate channel message (edits never notify).  The old way —
ping every turn, delete the previous ping — left players with notifications
pointing at nothing.  Now a ping is never deleted: when the turn passes it is
edited to say so, and the server's ``ping`` setting decides when to ping:

* ``every`` — as soon as the turn passes;
* ``idle`` (default) — only if the player has not moved N minutes after
  their turn began (the game's version is unchanged), so a lively game
  pings nobody;
* ``off`` — never (the turn timer's reminder before a forfeit still pings).

Every ping and every settling edit takes a write slot in its channel
(:class:`ChannelPacer`); a ping whose turn passed while it waited for a slot
is dropped, never sent late.

Idle pings wait on the event loop (``call_later``), not in the database: after
a restart :meth:`Pings.resume` re-arms them from each waiting turn's start
(the game's last change).  A ping that fell due while the bot was down is not
sent late — it may already have gone out before the restart, and a second
one would be noise; the turn timer's reminder still comes.  :meth:`Pings.tick`
runs whatever is due now (tests move the clock and call it).

Everything kept per game — the ping waiting for a slot, the idle ping armed,
the last ping sent — is let go when the turn passes or the game ends
(:meth:`Pings.game_over`); :meth:`Pings.sizes` counts it.  (A follow-up
that comes after its game's end with the game as it was before — a start
overtaken by a resignation — may still arm an idle ping: it is dropped,
unsent, when it falls due.)  While the
database is unavailable a ping that needs it (the server's setting, the
game's state) is skipped with one line: the turn timer's reminder still
comes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.service import DatabaseUnavailableError, GameStatus, GinService, PingMode, TableView

from . import text
from .language import ServerLanguages
from .outage import cause_of, level_of
from .pacing import ChannelPacer

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Pending:
    due_at: float
    version: int
    user_id: int
    channel_id: int
    minutes: int


@dataclass(frozen=True, slots=True)
class _Sent:
    message: discord.PartialMessage
    channel_id: int
    user_id: int
    guild_id: int


class Pings:
    """Who gets pinged, when, and what becomes of the ping afterwards."""

    def __init__(
        self,
        client: discord.Client,
        service: GinService,
        pacer: ChannelPacer,
        languages: ServerLanguages,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.service = service
        self.pacer = pacer
        #: A ping is public: it speaks its server's language.
        self.languages = languages
        self.clock = clock
        #: The version each game's ping is for: one waiting for a slot is
        #: dropped if the game has moved on.
        self._wanted: dict[int, int] = {}
        self._pending: dict[int, _Pending] = {}
        self._handles: dict[int, asyncio.TimerHandle] = {}
        self._sent: dict[int, _Sent] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def turn(self, table: TableView) -> None:
        """The turn passed (or a game or hand began): settle the last ping and
        ping the player to move now, later or never."""
        await self._settle(table.id)
        self._cancel(table.id)
        user = table.turn_user
        if user is None or table.is_ai_turn or table.status is not GameStatus.ACTIVE:
            return
        try:
            settings = await self.service.settings.get_settings(table.guild_id)
        except DatabaseUnavailableError as err:
            log.log(level_of(err), "turn ping of game %s skipped: %s", table.id, cause_of(err))
            return
        if settings.ping_mode is PingMode.EVERY:
            await self._send(table, table.channel_id, user, idle_minutes=None)
        elif settings.ping_mode is PingMode.IDLE:
            minutes = settings.ping_idle_minutes
            due = self.clock() + minutes * 60.0
            self._arm(table.id, _Pending(due, table.version, user, table.channel_id, minutes))

    async def resume(self) -> None:
        """After a start or restart: arm the idle ping of every turn in
        progress whose ping is still ahead."""
        now = self.clock()
        minutes_by_guild: dict[int, int | None] = {}
        for turn in await self.service.moves.waiting_turns():
            if turn.game_id in self._pending or turn.game_id in self._sent:
                continue  # a move since start-up already settled this game
            if turn.guild_id not in minutes_by_guild:
                settings = await self.service.settings.get_settings(turn.guild_id)
                idle = settings.ping_mode is PingMode.IDLE
                minutes_by_guild[turn.guild_id] = settings.ping_idle_minutes if idle else None
            minutes = minutes_by_guild[turn.guild_id]
            if minutes is None:
                continue
            due = turn.since + minutes * 60.0
            if due <= now:
                continue
            self._arm(
                turn.game_id, _Pending(due, turn.version, turn.user_id, turn.channel_id, minutes)
            )

    async def game_over(self, game_id: int) -> None:
        self._wanted.pop(game_id, None)
        await self._settle(game_id)
        self._cancel(game_id)

    async def tick(self) -> None:
        """Send every idle ping that is due and still deserved."""
        now = self.clock()
        for game_id, pending in list(self._pending.items()):
            if pending.due_at > now:
                continue
            self._cancel(game_id)
            try:
                table = await self.service.moves.table_view(game_id)
            except DatabaseUnavailableError as err:
                log.log(level_of(err), "idle ping of game %s skipped: %s", game_id, cause_of(err))
                continue
            idle = (
                table.status is GameStatus.ACTIVE
                and table.version == pending.version
                and table.turn_user == pending.user_id
            )
            if idle:
                await self._send(table, pending.channel_id, pending.user_id, pending.minutes)

    def stop(self) -> None:
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
        self._pending.clear()

    def pending(self) -> list[asyncio.Task[None]]:
        return list(self._tasks)

    def sizes(self) -> dict[str, int]:
        """What this keeps per game (tests, the soak benchmark)."""
        return {
            "pings.wanted": len(self._wanted),
            "pings.pending": len(self._pending),
            "pings.handles": len(self._handles),
            "pings.sent": len(self._sent),
            "pings.tasks": len(self._tasks),
        }

    # --- internals ------------------------------------------------------------------------

    def _arm(self, game_id: int, pending: _Pending) -> None:
        """Wake up when ``pending`` falls due (:meth:`tick` checks it is still deserved)."""
        self._pending[game_id] = pending
        delay = max(0.0, pending.due_at - self.clock())
        self._handles[game_id] = asyncio.get_running_loop().call_later(delay, self._spawn_tick)

    def _spawn_tick(self) -> None:
        task = asyncio.create_task(self._quiet_tick())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _quiet_tick(self) -> None:
        try:
            await self.tick()
        except Exception:
            log.exception("idle ping failed")

    def _cancel(self, game_id: int) -> None:
        self._wanted.pop(game_id, None)
        self._pending.pop(game_id, None)
        handle = self._handles.pop(game_id, None)
        if handle is not None:
            handle.cancel()

    async def _send(
        self, table: TableView, channel_id: int, user_id: int, idle_minutes: int | None
    ) -> None:
        """Ping for ``table``'s turn, unless the turn moves on before its slot.
        ``_wanted`` holds the version until the ping is sent and kept: a turn
        that passes (or a game that ends) meanwhile takes it away, and the
        ping just sent is then settled at once instead of kept."""
        game_id, version = table.id, table.version
        self._wanted[game_id] = version
        try:
            lang = await self.languages.of(table.guild_id)
            await self.pacer.ready(channel_id)
            async with self.pacer.write(channel_id):
                if self._wanted.get(game_id) != version:
                    return  # the turn moved on while the channel was busy: no late ping
                channel = self.client.get_partial_messageable(channel_id)
                msg = await channel.send(
                    text.turn_ping(lang, user_id, game_id, idle_minutes),
                    allowed_mentions=discord.AllowedMentions(
                        users=True, roles=False, everyone=False
                    ),
                )
            sent = _Sent(channel.get_partial_message(msg.id), channel_id, user_id, table.guild_id)
            if self._wanted.get(game_id) == version:
                self._sent[game_id] = sent
            else:  # the turn passed (or the game ended) while it was being sent
                await self._settle_sent(game_id, sent)
        finally:
            if self._wanted.get(game_id) == version:
                del self._wanted[game_id]

    async def _settle(self, game_id: int) -> None:
        """Edit the last ping to say the turn passed (never delete it: its
        notification may still be unread, and it should lead somewhere)."""
        sent = self._sent.pop(game_id, None)
        if sent is not None:
            await self._settle_sent(game_id, sent)

    async def _settle_sent(self, game_id: int, sent: _Sent) -> None:
        lang = await self.languages.of(sent.guild_id)
        async with self.pacer.write(sent.channel_id, tidy=True):
            with contextlib.suppress(discord.HTTPException):
                await sent.message.edit(
                    content=text.turn_passed(lang, sent.user_id, game_id),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
