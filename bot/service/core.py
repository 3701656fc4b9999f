"""The state every part of the service shares, and the one path a move takes.

:class:`ServiceContext` holds the repository, the clock, deal seeds,
per-game locks and the committed-game cache.  Each part of the service
(settings, challenges, moves, clocks, standings, coach, partnerships,
tournaments) is a plain class given this context — and :class:`MovePath`
when it makes moves — so a part reaches only what it is handed.

Group play hooks into moves explicitly: :class:`MovePath` runs an ordered
tuple of :class:`MoveObserver` after every move that ends a hand or a game,
inside the move's own transaction (partnerships first, then tournaments).
"""

from __future__ import annotations

import asyncio
import random
import weakref
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

from bot.shards import ShardRange
from bot.storage import Repository, Tx

from .games import GameCache, Step, run_found_move, run_move
from .models import NoSuchGameError
from .timers import HEARTBEAT_KEY
from .views import MoveResult


class ServiceContext:
    """Shared state of the service's parts (see the module docstring)."""

    def __init__(
        self,
        repo: Repository,
        clock: Callable[[], float],
        seed: int | None = None,
        shards: ShardRange | None = None,
    ) -> None:
        self.repo = repo
        self.clock = clock
        #: The guilds whose background work (timers, expiries, the computer's
        #: turns, resumes) this process does; ``None``: every guild.
        self.shards = None if shards is None or shards.everything else shards
        # Deal seeds for new games: OS randomness, or reproducible for tests.
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.cache = GameCache()
        #: Players by game id: they never change, so ownership checks need no query.
        self.players: dict[int, tuple[int, int]] = {}
        #: Seconds given back to running turn clocks when this service opened.
        self.downtime_credit = 0.0

    @property
    def heartbeat_key(self) -> str:
        """Each shard range keeps its own heartbeat: a process gives back only
        the downtime of its own guilds' clocks."""
        return HEARTBEAT_KEY if self.shards is None else f"{HEARTBEAT_KEY}:{self.shards}"

    def new_seed(self) -> int:
        return self._seeds.randrange(1 << 62)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock (one per game, created on demand): moves of one
        game queue up in order in this process."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock


class MoveObserver(Protocol):
    """Group play that a finished hand or game feeds (a partnership, a
    tournament).  Called inside the move's transaction; returns the result
    with its own progress added, or unchanged when the game is not its."""

    async def after_move(self, tx: Tx, now: float, result: MoveResult) -> MoveResult: ...


class MovePath:
    """Every move — a player's, the computer's, a timeout, a moderator's —
    runs here: under the game's lock, in one write transaction, then through
    the observers in their order.

    Moves are written as lone statements (``Repository.write(…, lone=True)``):
    most read the game row and write only its guarded ``UPDATE``, each sent
    alone, outside any transaction, never holding a connection of the
    database for a round trip; one that ends a hand or a game is run again
    as an ordinary write."""

    def __init__(self, ctx: ServiceContext, observers: Sequence[MoveObserver] = ()) -> None:
        self._ctx = ctx
        self.observers = tuple(observers)

    async def move(self, game_id: int, step: Step) -> MoveResult | None:
        # The wait for the game's lock counts against the move's time budget:
        # a move queued behind one that waits for the database is refused in
        # time instead of waiting out that one's budget, then its own.
        repo = self._ctx.repo
        async with repo.holding(self._ctx.lock(game_id)):
            return await repo.write(partial(self.run, game_id, step), lone=True)

    async def run(self, game_id: int, step: Step, tx: Tx) -> MoveResult | None:
        """The move inside ``tx`` (``None``: a timeout that was no longer due)."""
        # Inside the transaction: the clock is read once the move holds the database.
        now = self._ctx.clock()
        result = await run_move(tx, self._ctx.cache, now, game_id, step)
        return await self._observed(tx, now, result)

    async def run_for_user(self, guild_id: int, user_id: int, step: Step, tx: Tx) -> MoveResult:
        """:meth:`run` on the user's active game in ``guild_id``, found in the
        same statement (a slash command names no game)."""
        found = await tx.active_game_for_move(guild_id, user_id)
        if found is None:
            raise NoSuchGameError("err.game.no_active")
        now = self._ctx.clock()
        result = await self._observed(
            tx, now, await run_found_move(tx, self._ctx.cache, now, found, step)
        )
        assert result is not None  # only timeouts return None
        return result

    async def _observed(self, tx: Tx, now: float, result: MoveResult | None) -> MoveResult | None:
        """``result`` through the observers, if it ended a hand or a game."""
        if result is None or (result.outcome.hand is None and result.outcome.game is None):
            return result
        for observer in self.observers:
            result = await observer.after_move(tx, now, result)
        return result
