"""The game service: the one place that runs games.

No Discord here: user ids are plain ints, results and errors are the types
of :mod:`bot.service.models` and :mod:`bot.service.views`, and every refusal
names its words by key (:mod:`bot.service.errors`), worded for the player at
the edge.  :class:`GinService` is only the composition root:
each job is a part of its own, a plain class given the shared
:class:`~bot.service.core.ServiceContext` (``settings``, ``challenges``,
``moves``, ``clocks``, ``standings``, ``coach``, ``partnerships``,
``tournaments``, ``history``, ``replays``, ``profiles``, ``adaptive``,
``seasons``, ``achievements``, ``puzzles``), and
each controller of the bot is handed the part it uses.
Group play and the adaptive computer subscribe to moves as ordered observers
of the one :class:`~bot.service.core.MovePath`.  The computer's turns and the timer
loop run in :mod:`~bot.service.ai_runner` and :mod:`~bot.service.timer_loop`,
which hand what must be posted to a callback.

The bot receives views only (:class:`~bot.service.views.TableView`,
:class:`~bot.service.views.TurnView`, :class:`~bot.service.views.MoveReport`
…, and enums); the snapshots that hold a live game are read through
:mod:`bot.service.snapshots`, for tests and tools.

How a move is made safe
-----------------------
1. The coroutine takes the game's ``asyncio.Lock`` (one per game, created on
   demand) when it knows the game, so moves of one game queue up in order in
   this process.
2. One function then runs the whole move as a single write transaction
   (``BEGIN IMMEDIATE`` on SQLite; :meth:`Repository.write`,
   :func:`~bot.service.games.run_move`): find the player's game, load,
   engine, and a save guarded by ``UPDATE … WHERE id = ? AND version = ?``
   together with the move log, the score sheet, the result, ratings and
   statistics.  The version check in the statement means that even another
   process on the same file could never get a move in between.
3. Only after ``COMMIT`` does the result go back to the caller.

Any refusal (not your game, old button, the engine's rule errors) is raised
inside the transaction, which rolls back: nothing changes.  A double click is
either a :class:`StaleActionError` (when the click carried the version it
saw) or the engine's own error for the new position (usually "It's Bo's
turn").

The transaction functions are coroutines: each statement is one ``await``
(aiosqlite or asyncpg), and the engine and the JSON work of a move run on
the event loop between them.  A database that can't be reached refuses the
move with :class:`~bot.storage.DatabaseUnavailableError` having changed
nothing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from bot.shards import ShardRange
from bot.storage import Repository

from .achievements import AchievementDesk
from .adaptive import AdaptiveDesk
from .challenges import ChallengeDesk
from .clocks import ClockDesk
from .coach import CoachDesk
from .core import MovePath, ServiceContext
from .history import HistoryDesk
from .moves import MoveDesk
from .partnership import PartnershipDesk
from .profile import ProfileDesk
from .puzzles import PuzzleDesk
from .replay import ReplayDesk
from .seasons import SeasonDesk
from .settings import SettingsDesk
from .standings import StandingsDesk
from .tournaments import TournamentDesk

__all__ = ["GinService"]


class GinService:
    """Challenges, games, timers and standings over one database: the parts,
    wired once (see the module docstring)."""

    _closed = False

    def __init__(
        self,
        repo: Repository,
        clock: Callable[[], float] = time.time,
        seed: int | None = None,
        shards: ShardRange | None = None,
    ) -> None:
        self.context = ServiceContext(repo, clock, seed, shards)
        ctx = self.context
        self.settings = SettingsDesk(ctx)
        self.challenges = ChallengeDesk(ctx)
        self.standings = StandingsDesk(ctx)
        self.coach = CoachDesk(ctx)
        # Looking back on finished games: lists, replays, profiles.
        self.history = HistoryDesk(ctx)
        self.replays = ReplayDesk(ctx)
        self.profiles = ProfileDesk(ctx)
        self.partnerships = PartnershipDesk(ctx)
        self.tournaments = TournamentDesk(ctx)
        # Each player's strength against the adaptive computer.
        self.adaptive = AdaptiveDesk(ctx)
        # The order today's rules need: a table's hand feeds its team game
        # first, a finished match its tournament after; a finished adaptive
        # game moves the player's strength (a game of its own: any order).
        # Seasons and achievements: a rated result counts in the season in
        # progress, then what the hand or game earned (a won tournament known).
        self.seasons = SeasonDesk(ctx)
        self.achievements = AchievementDesk(ctx)
        # The daily puzzle: made ahead of time (see puzzle_loop), answered here.
        self.puzzles = PuzzleDesk(ctx)
        self.move_path = MovePath(
            ctx,
            (
                self.partnerships,
                self.tournaments,
                self.adaptive,
                self.seasons,
                self.achievements,
            ),
        )
        self.moves = MoveDesk(ctx, self.move_path)
        self.clocks = ClockDesk(ctx, self.move_path)

    @property
    def clock(self) -> Callable[[], float]:
        return self.context.clock

    @property
    def repository(self) -> Repository:
        """The storage underneath, for tools and tests (read-only use)."""
        return self.context.repo

    @property
    def downtime_credit(self) -> float:
        """Seconds given back to running turn clocks when this service opened."""
        return self.context.downtime_credit

    @classmethod
    async def open(
        cls,
        db_path: str | os.PathLike[str],
        *,
        clock: Callable[[], float] = time.time,
        synchronous: str = "NORMAL",
        seed: int | None = None,
        shards: ShardRange | None = None,
    ) -> GinService:
        """Open (creating and migrating) the database and restore the turn
        clocks, crediting the time since the last heartbeat.

        ``seed`` makes the deals of new games reproducible (tests only);
        ``shards`` limits the background work to those shards' guilds (one
        process of several sharing the database)."""
        repo = await Repository.open(db_path, synchronous=synchronous)
        service = cls(repo, clock, seed, shards)
        try:
            service.context.downtime_credit = await service.clocks.restore_clocks()
        except BaseException:
            await repo.close()
            raise
        return service

    async def close(self) -> None:
        """Record a last heartbeat and close the database (idempotent)."""
        if self._closed:
            return
        self._closed = True
        try:
            await self.clocks.heartbeat()
        finally:
            await self.context.repo.close()
