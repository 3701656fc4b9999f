"""The computer's turns: decided in a worker thread, committed like any
move, then handed to a callback that posts them.

The runner belongs to the service (it needs nothing from Discord); the bot
gives it ``on_move`` for the public side and calls :meth:`AiRunner.schedule`
once the human's move has been posted, so the channel always shows the
moves in the order they were made.

A game's task is dropped from the runner as soon as it ends (the computer
has moved and it is the human's turn, or the game is over), so the runner
holds only the turns being played (:meth:`AiRunner.sizes`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable

from bot.engine import Action, SeatView
from bot.storage import DatabaseUnavailableError

from .adaptive import AdaptiveDesk
from .models import AiLevel, MoveRejectedError, StaleActionError
from .moves import MoveDesk
from .views import MoveReport

log = logging.getLogger(__name__)

#: ``decide(view, level=...)`` → an action (``bot.ai.decide``); for the
#: adaptive level also ``strength=`` (0-10, the player's saved level).
Decide = Callable[..., Action]
OnMove = Callable[[MoveReport], Awaitable[None]]


class AiRunner:
    """One task per game whose computer player owes a move."""

    def __init__(
        self,
        moves: MoveDesk,
        decide: Decide,
        on_move: OnMove,
        *,
        delay: float = 1.5,
        adaptive: AdaptiveDesk | None = None,
    ) -> None:
        self._moves = moves
        self._decide = decide
        #: Each player's saved strength, for adaptive games (``None``: this
        #: runner plays the fixed levels only; an adaptive game is refused).
        self._adaptive = adaptive
        self._on_move = on_move
        #: Seconds the computer "thinks" before each move, so people can follow.
        self.delay = delay
        #: The task of each game whose computer turn is scheduled or running.
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def schedule(self, game_id: int) -> None:
        """Let the computer play in ``game_id`` if it is its turn (idempotent)."""
        task = self._tasks.get(game_id)
        if task is None or task.done():
            task = asyncio.create_task(self._loop(game_id), name=f"computer:{game_id}")
            self._tasks[game_id] = task
            task.add_done_callback(functools.partial(self._ended, game_id))

    def _ended(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]

    def sizes(self) -> dict[str, int]:
        """What the runner keeps per game (tests, the soak benchmark)."""
        return {"tasks": len(self._tasks)}

    async def resume(self) -> None:
        """After a start or restart: every turn the computer owes."""
        for game_id in await self._moves.pending_ai_turns():
            self.schedule(game_id)

    def scheduled(self) -> bool:
        """Whether any computer turn is scheduled or running."""
        return any(not t.done() for t in self._tasks.values())

    def pending(self) -> list[asyncio.Task[None]]:
        return [t for t in self._tasks.values() if not t.done()]

    def stop(self) -> None:
        """Cancel pending turns (shutdown).  Safe: a move commits whole or not
        at all, and the next start resumes it."""
        for task in self._tasks.values():
            task.cancel()

    async def _loop(self, game_id: int) -> None:
        backoff = self.delay
        try:
            while True:
                await asyncio.sleep(backoff)
                try:
                    if not await self._turn(game_id):
                        return
                    backoff = self.delay
                except DatabaseUnavailableError:
                    # Nothing changed: wait for the database (twice as long
                    # each time, at most 15 s), then look at the game afresh.
                    backoff = min(15.0, max(1.0, 2 * backoff))
        except (StaleActionError, MoveRejectedError):
            log.info("computer move in game %s overtaken (resigned or ended)", game_id)
        except Exception:
            log.exception("computer opponent failed in game %s", game_id)

    async def _turn(self, game_id: int) -> bool:
        """One computer move if it is its turn; whether it moves again next."""
        moves = self._moves
        table = await moves.table_view(game_id)
        if not table.is_ai_turn or table.ai_level is None:
            return False
        decide: Callable[[SeatView], Action]
        if table.ai_level is AiLevel.ADAPTIVE:
            if self._adaptive is None:
                raise RuntimeError("an adaptive game needs AiRunner(adaptive=...)")
            # The player's strength as saved now (it changes only between games).
            state = await self._adaptive.state(table.guild_id, table.players[0])
            decide = functools.partial(
                self._decide, level=table.ai_level.value, strength=state.playing_level
            )
        else:
            decide = functools.partial(self._decide, level=table.ai_level.value)
        report = await moves.play_ai_turn(game_id, decide)
        if report is None:
            return False
        await self._on_move(report)
        return report.table.is_ai_turn
