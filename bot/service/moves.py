"""Reading games and committing moves (see :mod:`bot.service.service` for
how a move is made safe)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial

from bot.engine import Action, SeatView
from bot.storage import Tx

from .core import ServiceCore
from .games import NO_GAME_MESSAGE, NOT_YOURS_MESSAGE, Step, StepKind
from .models import (
    AiLevel,
    GameSnapshot,
    GameStatus,
    GameSummary,
    MoveResult,
    NoSuchGameError,
    NotYourGameError,
)
from .views import MoveReport, TableView, TurnView, WaitingTurn, report_of, table_of, turn_of


class MoveDesk(ServiceCore):
    """Games and moves: the full state for tools and tests, views for the bot."""

    async def get_game(self, game_id: int) -> GameSnapshot:
        return await self._repo.read(lambda tx: self._cache.load(tx, game_id))

    async def active_game_for(self, guild_id: int, user_id: int) -> GameSnapshot | None:
        async def txn(tx: Tx) -> GameSnapshot | None:
            game_id = await tx.active_game_id(guild_id, user_id)
            return None if game_id is None else await self._cache.load(tx, game_id)

        return await self._repo.read(txn)

    async def last_game_for(self, guild_id: int, user_id: int) -> GameSnapshot | None:
        """The player's active game, else the one they finished last."""

        async def txn(tx: Tx) -> GameSnapshot | None:
            game_id = await tx.last_game_id(guild_id, user_id)
            return None if game_id is None else await self._cache.load(tx, game_id)

        return await self._repo.read(txn)

    async def list_active(self, guild_id: int) -> list[GameSummary]:
        rows = await self._repo.read(lambda tx: tx.active_games(guild_id))
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
        rows = await self._repo.read(lambda tx: tx.human_turns(self.shards))
        return [WaitingTurn(*row) for row in rows]

    async def pending_ai_turns(self) -> list[int]:
        """Active games where the computer is to move — after a restart the
        bot calls :meth:`play_ai_turn` for each."""
        ids = await self._repo.read(lambda tx: tx.ai_turn_game_ids(self.shards))
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
        if not await self._repo.write(
            lambda tx: tx.set_board(game_id, channel_id, message_id, posted_at, version, hand)
        ):
            raise NoSuchGameError(f"There's no game #{game_id}.")

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
            return [await self._cache.load(tx, game_id) for game_id in tables]

        return [table_of(snap) for snap in await self._repo.write(txn)]

    async def _place(
        self, game_id: int, channel_id: int, parent_id: int | None, summary_id: int | None
    ) -> TableView:
        async def txn(tx: Tx) -> GameSnapshot:
            if not await tx.place_game(game_id, channel_id, parent_id, summary_id):
                raise NoSuchGameError(f"There's no game #{game_id}.")
            return await self._cache.load(tx, game_id)

        return table_of(await self._repo.write(txn))

    async def board_shown(self, game_id: int, version: int) -> None:
        """The board was edited to show ``version`` (see :meth:`boards_behind`)."""
        await self._repo.write(lambda tx: tx.board_shown(game_id, version))

    async def boards_behind(self) -> list[tuple[int, int]]:
        """(game, channel) of every active game of ours whose board shows an
        older version: the process stopped between a move and its board edit.
        After a restart the bot edits these, so no board is left with buttons
        of a turn that has passed."""
        return await self._repo.read(lambda tx: tx.boards_behind(self.shards))

    # --- moves ------------------------------------------------------------------------

    async def act(
        self, game_id: int, user_id: int, action: Action, *, expected_version: int | None = None
    ) -> MoveResult:
        """Apply one player's action; returns only after it has committed.

        ``expected_version`` is the version the player's button or command was
        made from; an older one gets :class:`StaleActionError` and changes nothing.
        """
        step = Step(StepKind.of(action), action, user_id, expected_version)
        result = await self._move(game_id, step)
        assert result is not None
        return result

    async def play_ai_turn(
        self, game_id: int, decide: Callable[[SeatView], Action]
    ) -> MoveResult | None:
        """If the computer is to move: run ``decide`` on its view in a worker
        thread and apply the action like :meth:`act`; otherwise ``None``."""
        async with self._lock(game_id):
            snapshot = await self.get_game(game_id)
            if (
                snapshot.ai_level is None
                or snapshot.status is not GameStatus.ACTIVE
                or snapshot.game.turn != 1
            ):
                return None
            action = await asyncio.to_thread(decide, snapshot.game.view(1))
            step = Step(StepKind.of(action), action, snapshot.players[1], snapshot.version)
            return await self._repo.write(partial(self._run_move, game_id, step))

    async def resign(self, game_id: int, user_id: int) -> MoveResult:
        result = await self._move(game_id, Step(StepKind.RESIGN, user_id=user_id))
        assert result is not None
        return result

    async def end_game(self, game_id: int, *, moderator_id: int = 0) -> MoveResult:
        """A moderator ends a stuck game: recorded as "ended", no rating or
        statistics change.  (Permission checks are the bot's job.)"""
        result = await self._move(game_id, Step(StepKind.ENDED, actor_id=moderator_id))
        assert result is not None
        return result

    # --- views: what the bot gets (never a live Game) ----------------------------------

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
            result = await self._repo.write(partial(self._run_user_move, guild_id, user_id, step))
        else:
            result = await self.act(game_id, user_id, action, expected_version=expected_version)
        return report_of(result, user_id)

    async def resign_current(self, guild_id: int, user_id: int) -> MoveReport:
        """The player resigns their active game in ``guild_id``."""
        step = Step(StepKind.RESIGN, user_id=user_id)
        result = await self._repo.write(partial(self._run_user_move, guild_id, user_id, step))
        return report_of(result, user_id)

    async def end_by_moderator(
        self, guild_id: int, game_id: int, *, moderator_id: int = 0
    ) -> MoveReport:
        """:meth:`end_game`, only for a game of ``guild_id``."""
        table = await self.table_view(game_id)
        if table.guild_id != guild_id:
            raise NoSuchGameError("There is no such game in this server.")
        return report_of(await self.end_game(game_id, moderator_id=moderator_id), None)

    async def turn_view(
        self, guild_id: int, user_id: int, *, game_id: int | None = None
    ) -> TurnView:
        """The player's seat in ``game_id``, or in their active game here."""

        async def txn(tx: Tx) -> TurnView:
            gid = game_id if game_id is not None else await tx.active_game_id(guild_id, user_id)
            if gid is None:
                raise NoSuchGameError(NO_GAME_MESSAGE)
            snap = await self._cache.load(tx, gid)
            seat = snap.seat_of(user_id)
            if seat is None:
                raise NotYourGameError(NOT_YOURS_MESSAGE)
            return turn_of(snap, seat)

        return await self._repo.read(txn)

    async def active_table(self, guild_id: int, user_id: int) -> TableView | None:
        """The player's active game here, as everyone sees it (``None``: none)."""
        snap = await self.active_game_for(guild_id, user_id)
        return None if snap is None else table_of(snap)

    async def last_table(self, guild_id: int, user_id: int) -> TableView | None:
        """The player's active game, else the one they finished last."""
        snap = await self.last_game_for(guild_id, user_id)
        return None if snap is None else table_of(snap)

    async def table_view(self, game_id: int) -> TableView:
        """A game as everyone may see it (boards, timers)."""
        return table_of(await self.get_game(game_id))

    async def players_of(self, game_id: int) -> tuple[int, int]:
        """The game's players by seat — cached, as they never change."""
        players = self._players.get(game_id)
        if players is None:
            players = (await self.get_game(game_id)).players
            if len(self._players) >= 65536:  # a bound, not an LRU: refilled on demand
                self._players.clear()
            self._players[game_id] = players
        return players

    async def check_player(self, game_id: int, user_id: int) -> None:
        """Refuse anyone who is not playing ``game_id``."""
        if user_id not in await self.players_of(game_id):
            raise NotYourGameError(NOT_YOURS_MESSAGE)
