"""Persistence on SQLite (aiosqlite: one file, WAL) or PostgreSQL (an
asyncpg pool), with numbered migrations.

:class:`Repository` runs transactions (``async with repo.transaction() as
tx``, or a function of a :class:`Tx` handed to ``read``/``write``); the SQL
lives in the table-group modules of :mod:`bot.storage.tables`, combined into
:class:`Tx`, each statement one ``await``.  No SQL anywhere else.
"""

from .errors import (
    BusyError,
    CommitUnknownError,
    DatabaseUnavailableError,
    StorageError,
    VersionConflictError,
)
from .migrations import LATEST_VERSION, MIGRATIONS
from .repository import Repository
from .rows import (
    AiStatsRow,
    ChallengeRow,
    GameRow,
    GameUpdate,
    HandRow,
    MoveRow,
    NewGame,
    ResultRow,
    SettingsRow,
    StatsRow,
    TeamGameRow,
    TimerRow,
    TournamentRow,
)
from .tables.achievements import EarnedRow
from .tables.adaptive import AdaptiveRow
from .tables.archive import BestHandRow, HandFiguresRow, PastGameRow, RatedResultRow
from .tables.puzzles import PuzzleAnswerRow, PuzzleRow
from .tables.seasons import PodiumRow, SeasonGameRow
from .tables.stats import LEADERBOARD_SORTS
from .tx import Tx

__all__ = [
    "LATEST_VERSION",
    "LEADERBOARD_SORTS",
    "MIGRATIONS",
    "AdaptiveRow",
    "AiStatsRow",
    "BestHandRow",
    "BusyError",
    "ChallengeRow",
    "CommitUnknownError",
    "DatabaseUnavailableError",
    "EarnedRow",
    "GameRow",
    "GameUpdate",
    "HandFiguresRow",
    "HandRow",
    "MoveRow",
    "NewGame",
    "PastGameRow",
    "PodiumRow",
    "PuzzleAnswerRow",
    "PuzzleRow",
    "RatedResultRow",
    "Repository",
    "ResultRow",
    "SeasonGameRow",
    "SettingsRow",
    "StatsRow",
    "StorageError",
    "TeamGameRow",
    "TimerRow",
    "TournamentRow",
    "Tx",
    "VersionConflictError",
]
