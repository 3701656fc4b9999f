"""The state every part of the service shares: the repository, the clock,
deal seeds, per-game locks and the committed-game cache.

The service is a thin facade (:class:`~bot.service.service.GinService`)
over one module per job — settings, challenges, moves, clocks, standings —
each a mixin on this core, so a new capability adds a module rather than
growing one file.
"""

from __future__ import annotations

import asyncio
import random
import weakref
from collections.abc import Callable
from functools import partial

from bot.shards import ShardRange
from bot.storage import Repository, Tx

from .games import NO_GAME_MESSAGE, GameCache, Step, run_move
from .models import MoveResult, NoSuchGameError
from .timers import HEARTBEAT_KEY


class ServiceCore:
    """Shared state of the service's parts (see the module docstring)."""

    def __init__(
        self,
        repo: Repository,
        clock: Callable[[], float],
        seed: int | None = None,
        shards: ShardRange | None = None,
    ) -> None:
        self._repo = repo
        self.clock = clock
        #: The guilds whose background work (timers, expiries, the computer's
        #: turns, resumes) this process does; ``None``: every guild.
        self.shards = None if shards is None or shards.everything else shards
        # Deal seeds for new games: OS randomness, or reproducible for tests.
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._cache = GameCache()
        #: Players by game id: they never change, so ownership checks need no query.
        self._players: dict[int, tuple[int, int]] = {}
        #: Seconds given back to running turn clocks when this service opened.
        self.downtime_credit = 0.0

    @property
    def heartbeat_key(self) -> str:
        """Each shard range keeps its own heartbeat: a process gives back only
        the downtime of its own guilds' clocks."""
        return HEARTBEAT_KEY if self.shards is None else f"{HEARTBEAT_KEY}:{self.shards}"

    @property
    def repository(self) -> Repository:
        """The storage underneath, for tools and tests (read-only use)."""
        return self._repo

    def _new_seed(self) -> int:
        return self._seeds.randrange(1 << 62)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    async def _move(self, game_id: int, step: Step) -> MoveResult | None:
        async with self._lock(game_id):
            return await self._repo.write(partial(self._run_move, game_id, step))

    async def _run_move(self, game_id: int, step: Step, tx: Tx) -> MoveResult | None:
        # Inside the transaction: the clock is read once the move holds the database.
        now = self.clock()
        result = await run_move(tx, self._cache, now, game_id, step)
        if result is None or (result.outcome.hand is None and result.outcome.game is None):
            return result
        return await self._after_move(tx, now, result)

    async def _run_user_move(self, guild_id: int, user_id: int, step: Step, tx: Tx) -> MoveResult:
        """:meth:`_run_move` on the user's active game in ``guild_id``, found
        in the same transaction (a slash command names no game)."""
        game_id = await tx.active_game_id(guild_id, user_id)
        if game_id is None:
            raise NoSuchGameError(NO_GAME_MESSAGE)
        result = await self._run_move(game_id, step, tx)
        assert result is not None  # only timeouts return None
        return result

    async def _after_move(self, tx: Tx, now: float, result: MoveResult) -> MoveResult:
        """What a finished hand or game does to what it belongs to (a
        partnership, a tournament), in the move's own transaction.  Each
        group-play desk overrides this and calls ``super()``."""
        return result
