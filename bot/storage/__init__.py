"""Persistence on SQLite: one file, WAL, numbered migrations.

:class:`Repository` runs transactions; the SQL lives in the table-group
modules of :mod:`bot.storage.tables`, combined into :class:`Tx`.  Everything
above hands the repository plain functions of a :class:`Tx` that run as one
transaction in the connection's thread.  No SQL anywhere else.
"""

from .errors import StorageError, VersionConflictError
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
from .tables.stats import LEADERBOARD_SORTS
from .tx import Tx

__all__ = [
    "LATEST_VERSION",
    "LEADERBOARD_SORTS",
    "MIGRATIONS",
    "AiStatsRow",
    "ChallengeRow",
    "GameRow",
    "GameUpdate",
    "HandRow",
    "MoveRow",
    "NewGame",
    "Repository",
    "ResultRow",
    "SettingsRow",
    "StatsRow",
    "StorageError",
    "TeamGameRow",
    "TimerRow",
    "TournamentRow",
    "Tx",
    "VersionConflictError",
]
