"""Reading games and committing moves (see :mod:`bot.service.service` for
how a move is made safe): views only — the snapshots that hold a live game
are in :mod:`bot.service.snapshots`, for tests and tools."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial

from bot.engine import Action, SeatView
from bot.storage import Tx

from .board_marks import BoardMarks
from .core import MovePath, ServiceContext
from .games import Step, StepKind
from .models import (
    AiLevel,
    GameSnapshot,
    GameStatus,
    GameSummary,
    NoSuchGameError,
    NotYourGameError,
)
from .views import (
    MoveReport,
    MoveResult,
    TableView,
    TurnView,
    WaitingTurn,
    report_of,
    table_of,
    turn_of,
)


class MoveDesk:
    """Games and moves, as the bot sees them: never a live game."""

    def __init__(self, ctx: ServiceContext, path: MovePath) -> None:
        self._ctx = ctx
        self._path = path
        self._marks = BoardMarks(ctx.repo)

    async def _load(self, game_id: int) -> GameSnapshot:
        return await self._ctx.repo.read(lambda tx: self._ctx.cache.load(tx, game_id))

    async def _load_by(self, guild_id: int, user_id: int, *, last: bool) -> GameSnapshot | None:
        async def txn(tx: Tx) -> GameSnapshot | None:
            find = tx.last_game if last else tx.active_game
            row = await find(guild_id, user_id)
            return None if row is None else await self._ctx.cache.snapshot(tx, row)

        return await self._ctx.repo.read(txn)

    async def list_active(self, guild_id: int) -> list[GameSummary]:
        rows = await self._ctx.repo.read(lambda tx: tx.active_games(guild_id))
        return [
            GameSummary(
                id=r.id,
                players=r.players,
                names=r.names,
                scores=(r.score0, r.score1),
                turn_user=None if r.turn_seat is None else r.players[r.turn_seat],
                hand_number=r.hand_number,
                ai_level=None if r.ai_level is None else AiLevel(r.ai_level),
                turn_deadline=r.turn_deadline,
                channel_id=r.channel_id,
            )
            for r in rows
        ]

    async def waiting_turns(self) -> list[WaitingTurn]:
        """Every turn a person owes right now, and since when (after a
        restart the bot re-arms idle pings from these)."""
        rows = await self._ctx.repo.read(lambda tx: tx.human_turns(self._ctx.shards))
        return [WaitingTurn(*row) for row in rows]

    async def pending_ai_turns(self) -> list[int]:
        """Active games where the computer is to move — after a restart the
        bot calls :meth:`play_ai_turn` for each."""
        ids = await self._ctx.repo.read(lambda tx: tx.ai_turn_game_ids(self._ctx.shards))
        return ids

    async def set_board_message(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        posted_at: float,
        version: int,
        hand: int | None = None,
    ) -> None:
        """Where the game's board is posted now (also the channel for its
        timer messages), showing ``version`` of hand ``hand``.  Not a move:
        the version stays."""
        if not await self._ctx.repo.write(
            lambda tx: tx.set_board(game_id, channel_id, message_id, posted_at, version, hand)
        ):
            raise NoSuchGameError("err.game.none", game=game_id)

    async def place_in_thread(self, game_id: int, parent_id: int, message_id: int) -> TableView:
        """The game moves to the thread started from ``message_id`` in
        ``parent_id`` (the thread shares the message's id); that message is
        its summary line.  Not a move: the version stays."""
        return await self._place(game_id, message_id, parent_id, message_id)

    async def place_in_channel(self, game_id: int, channel_id: int) -> TableView:
        """The game is played in ``channel_id`` itself (its thread could not be
        started), with no summary line."""
        return await self._place(game_id, channel_id, None, None)

    async def place_team_in_thread(self, team_id: int, thread_id: int) -> list[TableView]:
        """A partnership game moves to one thread for both its tables: its
        current tables, notices and every later hand's tables.  Returns the
        current tables as placed."""

        async def txn(tx: Tx) -> list[GameSnapshot]:
            tables = await tx.place_team(team_id, thread_id)
            return [await self._ctx.cache.load(tx, game_id) for game_id in tables]

        return [table_of(snap) for snap in await self._ctx.repo.write(txn)]

    async def _place(
        self, game_id: int, channel_id: int, parent_id: int | None, summary_id: int | None
    ) -> TableView:
        async def txn(tx: Tx) -> GameSnapshot:
            if not await tx.place_game(game_id, channel_id, parent_id, summary_id):
                raise NoSuchGameError("err.game.none", game=game_id)
            return await self._ctx.cache.load(tx, game_id)

        return table_of(await self._ctx.repo.write(txn))

    async def board_shown(self, game_id: int, version: int) -> None:
        """The board was edited to show ``version`` (see :meth:`boards_behind`);
        committed with the other boards' marks of the moment (:mod:`.board_marks`)."""
        await self._marks.mark(game_id, version)

    async def boards_behind(self) -> list[tuple[int, int]]:
        """(game, channel) of every active game of ours whose board shows an
        older version: the process stopped between a move and its board edit.
        After a restart the bot edits these, so no board is left with buttons
        of a turn that has passed."""
        return await self._ctx.repo.read(lambda tx: tx.boards_behind(self._ctx.shards))

    # --- moves ------------------------------------------------------------------------

    async def play_ai_turn(
        self, game_id: int, decide: Callable[[SeatView], Action]
    ) -> MoveReport | None:
        """If the computer is to move: run ``decide`` on its view in a worker
        thread and apply the action like a player's; otherwise ``None``."""
        result = await ai_turn(self._ctx, self._path, game_id, decide)
        return None if result is None else report_of(result, None)

    async def play(
        self,
        guild_id: int,
        user_id: int,
        action: Action,
        *,
        game_id: int | None = None,
        expected_version: int | None = None,
    ) -> MoveReport:
        """The player's action on ``game_id`` (a button), or on their active
        game in ``guild_id`` (a command) — found and moved in one transaction.

        A knock without a card throws the discard leaving least deadwood.
        Returns after the commit, with the player's new seat view.
        """
        step = Step(StepKind.of(action), action, user_id, expected_version)
        if game_id is None:
            result = await self._ctx.repo.write(
                partial(self._path.run_for_user, guild_id, user_id, step), lone=True
            )
        else:
            moved = await self._path.move(game_id, step)
            assert moved is not None  # only timeouts return None
            result = moved
        return report_of(result, user_id)

    async def resign_current(self, guild_id: int, user_id: int) -> MoveReport:
        """The player resigns their active game in ``guild_id``."""
        step = Step(StepKind.RESIGN, user_id=user_id)
        result = await self._ctx.repo.write(
            partial(self._path.run_for_user, guild_id, user_id, step)
        )
        return report_of(result, user_id)

    async def end_by_moderator(
        self, guild_id: int, game_id: int, *, moderator_id: int = 0
    ) -> MoveReport:
        """A moderator ends a stuck game of ``guild_id``: recorded as "ended",
        no rating or statistics change.  (Permission checks are the bot's job.)"""
        table = await self.table_view(game_id)
        if table.guild_id != guild_id:
            raise NoSuchGameError("err.game.none_here")
        result = await self._path.move(game_id, Step(StepKind.ENDED, actor_id=moderator_id))
        assert result is not None
        return report_of(result, None)

    async def turn_view(
        self, guild_id: int, user_id: int, *, game_id: int | None = None
    ) -> TurnView:
        """The player's seat in ``game_id``, or in their active game here."""

        async def txn(tx: Tx) -> TurnView:
            if game_id is not None:
                snap = await self._ctx.cache.load(tx, game_id)
            else:
                row = await tx.active_game(guild_id, user_id)
                if row is None:
                    raise NoSuchGameError("err.game.no_active")
                snap = await self._ctx.cache.snapshot(tx, row)
            seat = snap.seat_of(user_id)
            if seat is None:
                raise NotYourGameError("err.game.not_yours")
            return turn_of(snap, seat)

        return await self._ctx.repo.read(txn)

    async def active_table(self, guild_id: int, user_id: int) -> TableView | None:
        """The player's active game here, as everyone sees it (``None``: none)."""
        snap = await self._load_by(guild_id, user_id, last=False)
        return None if snap is None else table_of(snap)

    async def last_table(self, guild_id: int, user_id: int) -> TableView | None:
        """The player's active game, else the one they finished last."""
        snap = await self._load_by(guild_id, user_id, last=True)
        return None if snap is None else table_of(snap)

    async def table_view(self, game_id: int) -> TableView:
        """A game as everyone may see it (boards, timers)."""
        return table_of(await self._load(game_id))

    async def players_of(self, game_id: int) -> tuple[int, int]:
        """The game's players by seat — cached, as they never change."""
        players = self._ctx.players.get(game_id)
        if players is None:
            players = (await self._load(game_id)).players
            if len(self._ctx.players) >= 65536:  # a bound, not an LRU: refilled on demand
                self._ctx.players.clear()
            self._ctx.players[game_id] = players
        return players

    async def check_player(self, game_id: int, user_id: int) -> None:
        """Refuse anyone who is not playing ``game_id``."""
        if user_id not in await self.players_of(game_id):
            raise NotYourGameError("err.game.not_yours")


async def ai_turn(
    ctx: ServiceContext, path: MovePath, game_id: int, decide: Callable[[SeatView], Action]
) -> MoveResult | None:
    """The computer's move in ``game_id`` if it is its turn (see
    :meth:`MoveDesk.play_ai_turn`)."""
    async with ctx.lock(game_id):
        snapshot = await ctx.repo.read(lambda tx: ctx.cache.load(tx, game_id))
        if (
            snapshot.ai_level is None
            or snapshot.status is not GameStatus.ACTIVE
            or snapshot.game.turn != 1
        ):
            return None
        action = await asyncio.to_thread(decide, snapshot.game.view(1))
        step = Step(StepKind.of(action), action, snapshot.players[1], snapshot.version)
        return await ctx.repo.write(partial(path.run, game_id, step), lone=True)
