"""The public side of a game in its channel: the board, reveals, tallies
(pings: :mod:`.pings`).

One board message per hand, edited in place.  Edits are coalesced per game
(a burst of moves becomes one edit of the latest state) so a fast game never
runs into Discord's rate limits; a board older than an hour is reposted
rather than edited, so it stays near the bottom of the channel.  Everything
here is public, so it is built only from :class:`PublicView`s and hand
results — never from a seat view.

Nothing here outlives its game: a game's pending edit, its write task and
its lock are dropped once written (:meth:`Boards.sizes` counts them).  A
board write that meets a database outage is tried again until the database
is back (:mod:`.outage`), so the board ends up showing the last committed
state.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
import time
from collections.abc import Awaitable, Callable, Collection

import discord

from bot.engine import EventKind, GameResult, HandResult, Phase
from bot.engine.views import PublicView
from bot.render.alt_text import board_alt, reveal_alt, tally_alt
from bot.render.pool import RenderPool
from bot.service import DatabaseUnavailableError, GinService, MoveReport, TableView

from . import text
from .bot_budget import BotWideBudget
from .components import board_view, rematch_view, review_view
from .keyed import KeyedLocks, RecentSet
from .language import ServerLanguages
from .outage import Backoff, Outages, cause_of, level_of
from .pacing import ChannelPacer

log = logging.getLogger(__name__)

REPOST_AFTER = 3600.0
#: Channels remembered as refusing us (403): the most recent ones.  A game's
#: thread is forgotten when its game ends; a channel when we post there again.
BLOCKED_KEPT = 4096


def deal_number(public: PublicView) -> int:
    """Which deal a board shows: the hand, counted across a match's games
    (each game of a match deals from hand 1 again)."""
    match = public.match
    # Once the match is over its last game is among the finished ones, but
    # its last hand is still the deal on the board.
    games_done = 0 if match is None else len(match.games) - (1 if match.over else 0)
    return games_done * 1000 + public.hand_number


class Boards:
    """Posts and edits the public messages of every game."""

    def __init__(
        self,
        client: discord.Client,
        service: GinService,
        renderer: RenderPool,
        languages: ServerLanguages,
        *,
        coalesce: float = 0.4,
        pacer: ChannelPacer | None = None,
        budget: BotWideBudget | None = None,
        clock: Callable[[], float] = time.time,
        backoff: Backoff | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.renderer = renderer
        #: Everything here is public: it speaks each server's language.
        self.languages = languages
        #: Every write to a channel takes a slot: Discord's per-channel limit.
        self.pacer = ChannelPacer() if pacer is None else pacer
        #: The bot's requests across channels (Discord's global limit): a board
        #: waits for room before it is built, and keeps coalescing meanwhile.
        self.budget = budget
        #: Channels that answered 403 to our last write: players are told privately.
        self.blocked: RecentSet[int] = RecentSet(BLOCKED_KEPT)
        self.coalesce = coalesce
        self.clock = clock
        #: Games whose board is behind (one pending write each, of the latest state).
        self._dirty: set[int] = set()
        #: Each game's running write task, dropped when it ends.
        self._tasks: dict[int, asyncio.Task[None]] = {}
        #: Each game's last board still to retire (:meth:`_retire_later`).
        self._retiring: dict[int, asyncio.Task[None]] = {}
        self._locks: KeyedLocks[int] = KeyedLocks()
        #: Boards waiting for the database to come back.
        self.outages = Outages("board", log, backoff)

    def note_failure(self, channel_id: int | None, error: BaseException) -> None:
        """Remember a channel that no longer lets us post (logged without a trace:
        it is the server's setting, not our bug)."""
        if isinstance(error, discord.Forbidden):
            if channel_id is not None:
                self.blocked.add(channel_id)
            log.warning("missing permissions to post in channel %s", channel_id)
        elif isinstance(error, DatabaseUnavailableError):
            log.log(level_of(error), "channel %s not updated: %s", channel_id, cause_of(error))
        else:
            log.error("channel %s update failed", channel_id, exc_info=error)

    def game_over(self, table: TableView) -> None:
        """The game has ended and its last board is written: forget its thread
        (nothing is posted in it again)."""
        if table.in_thread:
            self.blocked.discard(table.channel_id)

    def sizes(self) -> dict[str, int]:
        """How much this keeps per game or channel (tests, the soak benchmark)."""
        return {
            "boards.dirty": len(self._dirty),
            "boards.tasks": len(self._tasks),
            "boards.retiring": len(self._retiring),
            "boards.locks": len(self._locks),
            "boards.blocked": len(self.blocked),
            "boards.outages": len(self.outages),
        }

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    # --- the board -------------------------------------------------------------------
    #
    # Every board write waits for its channel's slot first and only then reads
    # the game, so what it shows is the state at the moment it is sent — never
    # a state that a later move has already replaced while it queued.  Writes
    # for one game hold that game's lock, so a board is never edited with
    # another hand's state: a board belongs to one deal (``board_hand``), and
    # when the deal changes the old board loses its buttons and a new one is
    # posted.

    async def _payload(self, table: TableView) -> tuple[str, discord.File, discord.ui.View]:
        public = table.public
        lang = await self.languages.of(table.guild_id)
        png = await self.renderer.board(public, lang=lang)
        events = public.last_events
        deals = [i for i, e in enumerate(events) if e.kind is EventKind.DEAL]
        if deals:
            # One board per hand: the end of the last hand is on its reveal message.
            events = events[deals[-1] :]
        lines = [
            text.describe_events(lang, events, public.names),
            text.score_line(lang, public),
            text.turn_line(lang, public),
        ]
        content = "\n".join(line for line in lines if line)
        view = board_view(lang, table.id, table.version, public.phase)
        alt = board_alt(public, lang=lang)
        file = discord.File(io.BytesIO(png), filename="board.png", description=alt)
        return content, file, view

    async def post_new(self, table: TableView) -> None:
        """Bring the board up to date now (new game, new hand): the old hand's
        board loses its buttons and the new hand gets a board of its own."""
        await self._write_now(table.id, table.channel_id, first=True)

    async def show_final(self, game_id: int) -> None:
        """The game is over: its board shows the end and keeps no buttons
        (awaited, so the thread can be archived after it)."""
        self._dirty.discard(game_id)
        await self._write_now(game_id)
        retiring = self._retiring.get(game_id)
        if retiring is not None:  # before the thread is archived
            await asyncio.shield(retiring)

    async def _write_now(
        self, game_id: int, channel_id: int | None = None, *, first: bool = False
    ) -> None:
        """Bring the board up to date now.  If the database is away, the
        game's write task takes over (it waits the outage out, and later moves
        fold into its one pending write) and this waits for it, so what the
        caller posts next — a ping, the thread's archiving — still comes after
        the board."""
        try:
            async with self._locks.hold(game_id):
                await self._bring_up_to_date(game_id, channel_id, first=first)
        except DatabaseUnavailableError as exc:
            if not self.outages.failed(game_id, exc):
                return
            self._dirty.add(game_id)
            # Shielded: the task is the board's, not the caller's to cancel.
            await asyncio.shield(self._schedule(game_id, channel_id))
            return
        self.outages.written(game_id)

    async def _bring_up_to_date(
        self, game_id: int, channel_id: int | None = None, *, first: bool = False
    ) -> None:
        """Make the posted board show the game as it is now (caller holds the
        lock): one write at a time, each decided and built once its slot has
        come.  A new deal's board is posted first — players need it — and the
        past one is retired after.  ``channel_id``: where the caller last saw
        the game (read here if not given); the state read in the slot decides,
        and a game placed elsewhere meanwhile waits for a slot there.  ``first``:
        a new game's or hand's board, which its players need before they can go
        on, goes ahead of the bot's other boards in its budget."""
        lost = False
        if channel_id is None:
            channel_id = (await self.service.moves.table_view(game_id)).channel_id
        while True:
            async with self.pacer.write(channel_id), self._place(first):
                table = await self.service.moves.table_view(game_id)  # the state now
                if table.channel_id != channel_id:
                    channel_id = table.channel_id
                    continue
                board = None if lost else table.board_message_id
                if board is not None and self._current(table):
                    if table.board_version == table.version:
                        return  # it shows this state already: never send the same board twice
                    if await self._edit(table):
                        return
                    lost = True  # deleted by someone: post a new one
                    continue
                await self._post(table)
                break
        if board is None:
            return
        if table.public.phase is Phase.GAME_OVER:
            # Nothing follows in this thread but its archiving: retire now.
            async with self.pacer.write(table.channel_id):
                await self._retire(table, board)
        else:
            self._retire_later(table, board)

    def _place(self, first: bool) -> contextlib.AbstractAsyncContextManager[None]:
        """A place in the bot's budget for the board's write, held while it is
        built (:meth:`BotWideBudget.hold`; ``first``: ahead of the queue)."""
        if self.budget is None:
            return contextlib.nullcontext()
        return self.budget.hold(first=first)

    def _retire_later(self, table: TableView, board: int) -> None:
        """Retire ``board`` as a tidy-up write (:meth:`ChannelPacer.write`):
        its buttons only answer "from an earlier turn" meanwhile, while the
        next moves' boards go first.  In order per game; dropped from
        :attr:`_retiring` when done."""
        previous = self._retiring.get(table.id)
        task = asyncio.create_task(self._retire_after(previous, table, board))
        self._retiring[table.id] = task
        task.add_done_callback(functools.partial(self._retired, table.id))

    async def _retire_after(
        self, previous: asyncio.Task[None] | None, table: TableView, board: int
    ) -> None:
        if previous is not None:
            await asyncio.wait([previous])
        async with self.pacer.write(table.channel_id, tidy=True):
            await self._retire(table, board)

    def _retired(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._retiring.get(game_id) is task:
            del self._retiring[game_id]

    def _current(self, table: TableView) -> bool:
        """Whether the posted board may be edited to show ``table``: it is of this
        deal, and fresh enough to stay near the bottom of the channel.  Also
        at the game's end: the board of its last hand shows the end — but a
        board of an earlier hand (the game ended before the last hand's board
        had its slot) keeps its own hand, and the end gets a board of its own."""
        posted = table.board_posted_at
        if posted is None or self.clock() - posted > REPOST_AFTER:
            return False
        return table.board_hand is None or table.board_hand == deal_number(table.public)

    async def _post(self, table: TableView) -> None:
        """A new board (the caller holds a write slot)."""
        content, file, view = await self._payload(table)
        msg = await self._channel(table.channel_id).send(content, file=file, view=view)
        self.blocked.discard(table.channel_id)
        try:
            await self.service.moves.set_board_message(
                table.id,
                table.channel_id,
                msg.id,
                self.clock(),
                table.version,
                deal_number(table.public),
            )
        except DatabaseUnavailableError:
            # Not recorded, so never edited again (its buttons would stay
            # live): take it back; the retry posts the board anew.
            await self._quiet(msg.delete)
            raise

    async def _edit(self, table: TableView) -> bool:
        """Edit the board to ``table`` (the caller holds a write slot); False
        if the message is gone."""
        assert table.board_message_id is not None
        content, file, view = await self._payload(table)
        message = self._channel(table.channel_id).get_partial_message(table.board_message_id)
        try:
            await message.edit(content=content, attachments=[file], view=view)
        except discord.NotFound:
            return False
        self.blocked.discard(table.channel_id)
        await self.service.moves.board_shown(table.id, table.version)
        return True

    async def _retire(self, table: TableView, board: int) -> None:
        """The board ``board`` that ``table`` replaced: of a past deal it
        shrinks to one line — no buttons, no picture, the reveal shows how that
        hand ended; of this deal (only too old to edit) it is deleted (the
        caller holds a write slot)."""
        message = self._channel(table.channel_id).get_partial_message(board)
        if table.board_hand is None or table.board_hand == deal_number(table.public):
            await self._quiet(message.delete)
            return
        retired = text.retired(await self.languages.of(table.guild_id))
        await self._quiet(lambda: message.edit(content=retired, attachments=[], view=None))

    def refresh(self, game_id: int, channel_id: int) -> None:
        """Schedule a coalesced update of the board to the latest state."""
        self._dirty.add(game_id)
        self._schedule(game_id, channel_id)

    def _schedule(self, game_id: int, channel_id: int | None) -> asyncio.Task[None]:
        """The game's write task, started if none is running (it drops itself
        from :attr:`_tasks` when it ends)."""
        task = self._tasks.get(game_id)
        if task is None or task.done():
            task = asyncio.create_task(self._flush(game_id, channel_id))
            self._tasks[game_id] = task
            task.add_done_callback(functools.partial(self._ended, game_id))
        return task

    def _ended(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]

    async def _flush(self, game_id: int, channel_id: int | None) -> None:
        """Write the board while it is behind: coalesced (later moves fold into
        one write), or — while the database is away — after each backoff."""
        try:
            while game_id in self._dirty:
                wait = self.outages.wait(game_id)
                if wait is not None:
                    await asyncio.sleep(wait)
                elif self.coalesce:
                    await asyncio.sleep(self.coalesce)
                if channel_id is not None:
                    # While the channel is busy, later moves keep folding into this edit.
                    await self.pacer.ready(channel_id)
                if self.budget is not None:
                    await self.budget.ready()  # likewise while the bot is at its limit
                async with self._locks.hold(game_id):
                    if game_id not in self._dirty:  # shown meanwhile (new hand, game end)
                        return
                    self._dirty.discard(game_id)
                    try:
                        await self._bring_up_to_date(game_id, channel_id)
                    except DatabaseUnavailableError as exc:
                        if self.outages.failed(game_id, exc):
                            self._dirty.add(game_id)  # the latest state, once it is back
                        continue
                self.outages.written(game_id)
        except Exception as exc:
            self._dirty.discard(game_id)
            self.outages.forget(game_id)
            self.note_failure(channel_id, exc)

    async def resume(self) -> None:
        """After a restart: edit every board the last run left behind (it
        stopped between a move and that move's board edit), so no board keeps
        the buttons of a turn that has passed."""
        for game_id, channel_id in await self.service.moves.boards_behind():
            self.refresh(game_id, channel_id)

    def pending(self) -> list[asyncio.Task[None]]:
        """Board edits still scheduled or running."""
        tasks = [*self._tasks.values(), *self._retiring.values()]
        return [t for t in tasks if not t.done()]

    # --- notices ---------------------------------------------------------------------

    async def reveal(
        self, table: TableView, hand: HandResult, match_game: GameResult | None = None
    ) -> None:
        """The public reveal of a finished hand: both hands, layoffs, points
        (and, in a match, the game this hand won)."""
        public = table.public
        lang = await self.languages.of(table.guild_id)
        png = await self.renderer.reveal(hand, public, lang=lang)
        # A partnership table is a one-hand game: its hand is the team's hand.
        number = public.table.hand_number if public.table is not None else None
        content = text.hand_result_line(lang, hand, public.names, number=number)
        if match_game is not None:
            content += "\n" + text.match_game_line(lang, match_game, public)
        async with self.pacer.write(table.channel_id):
            await self._channel(table.channel_id).send(
                content,
                file=discord.File(
                    io.BytesIO(png),
                    filename="reveal.png",
                    description=reveal_alt(hand, public, lang=lang),
                ),
                view=review_view(lang, table.id, hand.number),
            )

    async def final(self, result: MoveReport) -> None:
        """End of the game: the tally image, rating changes, a Rematch button."""
        table = result.table
        game = result.game_result
        assert game is not None
        public = table.public
        lang = await self.languages.of(table.guild_id)
        png = await self.renderer.tally(game, public, lang=lang)
        lines = [
            text.game_result_line(lang, game, public.names, match=public.match is not None),
            *text.match_summary_lines(lang, public),
        ]
        for change in result.rating_changes:
            seat = table.seat_of(change.user_id)
            name = public.names[seat] if seat is not None else str(change.user_id)
            lines.append(text.rating_change_line(lang, name, change.before, change.after))
        async with self.pacer.write(table.channel_id):
            await self._channel(table.channel_id).send(
                "\n".join(lines),
                file=discord.File(
                    io.BytesIO(png),
                    filename="tally.png",
                    description=tally_alt(game, public, lang=lang),
                ),
                view=rematch_view(lang, table.id),
            )
        await self.show_final(table.id)

    async def notice(
        self, channel_id: int, content: str, *, mention: Collection[int] = ()
    ) -> discord.Message:
        """Post ``content`` pinging exactly the users in ``mention``: never
        anyone else it names — a tournament's title or a player's name is typed
        text and may hold a mention of its own."""
        users = [discord.Object(user) for user in mention]
        mentions = discord.AllowedMentions(users=users, roles=False, everyone=False)
        async with self.pacer.write(channel_id):
            return await self._channel(channel_id).send(content, allowed_mentions=mentions)

    @staticmethod
    async def _quiet(call: Callable[[], Awaitable[object]]) -> None:
        with contextlib.suppress(discord.HTTPException):
            await call()
