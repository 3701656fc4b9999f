"""The public side of every committed move, in order: the reveal of a
finished hand, the final tally, the board, the ping — and the computer's
reply once the human's move is on the board.  Also what the service's timer
loop and computer runner hand back to be posted.

The publisher is built with everything that follows a move: its computer
runner (which it builds, handing it :meth:`Publisher.on_ai_move`, since each
needs the other) and the partnership and tournament follow-ups.  Those are
built before it and given a :class:`Posting` — the publisher itself — each
time they run, so nothing is wired in after construction.

Memory stays flat however many games are played: a game's lock exists only
while its follow-ups run, background tasks drop out of their set when done,
and a finished game leaves nothing in the boards, pings, summaries or the
computer runner (:meth:`Publisher.sizes` counts what they hold).  A follow-up
that meets a database outage logs one line, never a traceback; its board is
retried until the database is back (:mod:`.boards`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from typing import Any, Protocol

import discord

from bot.service import (
    AiRunner,
    Challenge,
    DatabaseUnavailableError,
    GameStatus,
    MoveReport,
    OnMove,
    TableView,
    TimerKind,
    TimerNotice,
    TournamentProgress,
)

from . import text
from .boards import Boards
from .components import challenge_view
from .keyed import KeyedLocks
from .pings import Pings
from .threads import GameThreads, Summaries

log = logging.getLogger(__name__)

#: Places a new game before its first board (announce it, start its thread).
Place = Callable[[TableView], Awaitable[TableView]]


class Posting(Protocol):
    """What a group follow-up posts through: the boards, pings and threads,
    and opening a game's board (which lets the computer start)."""

    @property
    def boards(self) -> Boards: ...

    @property
    def pings(self) -> Pings: ...

    @property
    def threads(self) -> GameThreads: ...

    async def open_board(self, table: TableView, place: Place | None = None) -> None: ...


#: A partnership table's hand ended or was forfeited: the team hand, the next tables.
OnTeam = Callable[[MoveReport, Posting], Awaitable[None]]
#: A tournament moved on: its message, the matches it started.
OnTournament = Callable[[TournamentProgress, tuple[TableView, ...], Posting], Awaitable[None]]
#: A move earned achievements: one line each in the game's place.
OnAwards = Callable[[MoveReport, Posting], Awaitable[None]]


class Publisher:
    """Posts what moves, timers and expiries did, one game at a time."""

    def __init__(
        self,
        client: discord.Client,
        boards: Boards,
        *,
        computer: Callable[[OnMove], AiRunner],
        on_team: OnTeam,
        on_tournament: OnTournament,
        on_awards: OnAwards | None = None,
    ) -> None:
        self.client = client
        self.boards = boards
        languages = boards.languages
        self.pings = Pings(client, boards.service, boards.pacer, languages, clock=boards.clock)
        self.threads = GameThreads(client, boards.service, languages)
        self.summaries = Summaries(
            client, boards.service, boards.pacer, languages, coalesce=boards.coalesce
        )
        self._background: set[asyncio.Task[None]] = set()
        #: Each game's follow-ups, one at a time (held only while they run).
        self._locks: KeyedLocks[int] = KeyedLocks()
        #: The computer's moves come back through :meth:`on_ai_move`.
        self.ai = computer(self.on_ai_move)
        self._on_team = on_team
        self._on_tournament = on_tournament
        self._on_awards = on_awards

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run public follow-up work after the player has had their answer."""
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def after_move(
        self,
        report: MoveReport,
        *,
        from_ai: bool = False,
        answered: asyncio.Event | None = None,
    ) -> None:
        """Everything public that follows a committed move, one move at a time
        per game so reveals, boards and pings keep their order.  ``answered``:
        the player's own answer is still on its way — this takes its place in
        the game's order now (started as the move commits) and waits for the
        answer before posting anything, so a quick later move (a resignation)
        can never be posted before it."""
        async with self._locks.hold(report.table.id):
            if answered is not None:
                await answered.wait()
            await self._after_move(report)
        if report.table.is_ai_turn and not from_ai:
            self.ai.schedule(report.table.id)

    async def on_ai_move(self, report: MoveReport) -> None:
        """The computer runner's callback."""
        await self.after_move(report, from_ai=True)

    async def _after_move(self, report: MoveReport) -> None:
        table = report.table
        try:
            if table.board_message_id is None:
                # Moved before its first board: the game may have been placed in
                # a thread since (or a restart came before its thread started).
                table = await self._placed(table)
                report = replace(report, table=table)
            if report.hand is not None:
                await self.boards.reveal(table, report.hand, report.match_game)
            if report.awards and self._on_awards is not None:
                await self._on_awards(report, self)  # after the reveal, before the tally
            if report.team is not None:
                await self._on_team(report, self)
                return
            if report.game_result is not None:
                await self._game_over(report)
                return
            if report.hand is not None:
                await self.boards.post_new(table)
                self.summaries.update(table)
            else:
                self.boards.refresh(table.id, table.channel_id)
            if report.turn_changed:
                await self.pings.turn(table)
        except discord.HTTPException as exc:
            self.boards.note_failure(table.channel_id, exc)
        except DatabaseUnavailableError as exc:
            # One line, no traceback; the board still catches up once it is back.
            self.boards.note_failure(table.channel_id, exc)
            self.boards.refresh(table.id, table.channel_id)

    async def _placed(self, table: TableView) -> TableView:
        """``table`` where its game is played now, its thread started."""
        now = await self.boards.service.moves.table_view(table.id)
        table = replace(
            table,
            channel_id=now.channel_id,
            summary_channel_id=now.summary_channel_id,
            summary_message_id=now.summary_message_id,
            board_message_id=now.board_message_id,
        )
        if table.in_thread and table.board_message_id is None:
            table = await self.threads.start(table)
        return table

    async def _game_over(self, report: MoveReport) -> None:
        """The tally, the board's last state, the summary's result, then the
        thread is archived (nothing is posted in it after that)."""
        assert report.game_result is not None
        await self.pings.game_over(report.table.id)
        await self.boards.final(report)
        await self.summaries.final(report.table, report.game_result)
        await self._tournament(report)
        await self.threads.archive(report.table)
        self.boards.game_over(report.table)

    async def open_board(self, table: TableView, place: Place | None = None) -> None:
        """A new game: ``place`` (announce it, place it in a thread), its
        thread (when it plays in one), first board, the first ping, and the
        computer's move if it starts.  Holds the game's lock, so what its
        first moves post comes after, in the right place.  Works from the game
        as it is when the lock is had: a first move quicker than this (or the
        game's end) may have been posted already — its thread started, its
        board up — and a game over has nothing left to open (no ping for a
        turn long gone)."""
        async with self._locks.hold(table.id):
            try:
                table = await self.boards.service.moves.table_view(table.id)
                if table.status is not GameStatus.ACTIVE:
                    return
                if place is not None:
                    table = await place(table)
                if table.in_thread and table.board_message_id is None:
                    table = await self.threads.start(table)
                await self.boards.post_new(table)
                await self.pings.turn(table)
            except (discord.HTTPException, DatabaseUnavailableError) as exc:
                self.boards.note_failure(table.channel_id, exc)
        if table.is_ai_turn:
            self.ai.schedule(table.id)

    # --- the service's timer loop --------------------------------------------------

    async def on_expired(self, ch: Challenge) -> None:
        if ch.message_id is None:
            return
        msg = self.client.get_partial_messageable(ch.channel_id).get_partial_message(ch.message_id)
        lang = await self.boards.languages.of(ch.guild_id)
        try:
            await msg.edit(
                content=text.challenge_expired(lang, ch.challenger_name, ch.opponent_name),
                view=challenge_view(lang, ch.id, disabled=True),
            )
        except discord.HTTPException:
            log.info("could not edit expired challenge %s", ch.id)

    async def on_timer(self, notice: TimerNotice) -> None:
        if notice.kind is TimerKind.REMINDER:
            guild_id = await self._guild_of(notice)
            lang = await self.boards.languages.of(guild_id)
            await self.boards.notice(
                notice.channel_id,
                text.reminder_line(lang, notice.user_id, notice.game_id, notice.deadline),
                mention=(notice.user_id,),
            )
        elif notice.report is not None and notice.report.game_result is not None:
            # In the game's order, like a move: nothing of an earlier move comes after.
            async with self._locks.hold(notice.game_id):
                lang = await self.boards.languages.of(notice.report.table.guild_id)
                await self.boards.notice(
                    notice.channel_id,
                    text.timed_out_line(lang, notice.user_id, notice.game_id),
                )
                if notice.report.awards and self._on_awards is not None:
                    await self._on_awards(notice.report, self)
                if notice.report.team is not None:
                    await self.pings.game_over(notice.game_id)
                    await self._on_team(notice.report, self)
                    return
                await self._game_over(notice.report)

    async def _guild_of(self, notice: TimerNotice) -> int:
        """The server of a reminder's game: from Discord's channel cache, else
        the game (0 while the database is away: the reminder still goes out,
        in English)."""
        channel = self.client.get_channel(notice.channel_id)
        guild = getattr(channel, "guild", None)
        if guild is not None:
            return int(guild.id)
        try:
            return (await self.boards.service.moves.table_view(notice.game_id)).guild_id
        except DatabaseUnavailableError:
            return 0

    async def _tournament(self, report: MoveReport) -> None:
        """A tournament match ended: the bracket and the matches it started."""
        if report.tournament is not None:
            await self.tournament_progress(report.tournament, report.new_tables)

    async def tournament_progress(
        self, progress: TournamentProgress, tables: tuple[TableView, ...]
    ) -> None:
        """A tournament moved on (a match ended, sign-up closed, the timer
        started matches): its message, then the matches it started."""
        await self._on_tournament(progress, tables, self)

    def _pending(self) -> list[asyncio.Future[None]]:
        """The follow-up work and computer moves not yet done."""
        pending: list[asyncio.Future[None]] = [*self._background, *self.boards.pending()]
        pending += self.pings.pending()
        pending += self.summaries.pending()
        pending += self.ai.pending()
        return [t for t in pending if not t.done()]

    def busy(self) -> bool:
        """Whether follow-up work or a computer move is pending (tests ask
        without waiting)."""
        return bool(self._pending())

    async def idle(self) -> None:
        """Wait until no follow-up work or computer move is pending (tests, shutdown)."""
        while pending := self._pending():
            await asyncio.gather(*pending, return_exceptions=True)

    def sizes(self) -> dict[str, int]:
        """What the public side keeps per game, thread, channel or task, by
        map: each is back to its idle size once the games are over (the
        channel pacer's once its channels have been quiet for a window)."""
        return {
            "publisher.background": len(self._background),
            "publisher.locks": len(self._locks),
            **self.boards.sizes(),
            **self.boards.pacer.sizes(),
            **self.pings.sizes(),
            **self.summaries.sizes(),
            **{f"ai.{name}": size for name, size in self.ai.sizes().items()},
        }
