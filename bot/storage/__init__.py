"""Persistence on SQLite (aiosqlite): one file, WAL, numbered migrations.

:class:`Repository` is the only code that speaks SQL.  Everything above it
hands the repository plain functions of a :class:`Tx` that run as one
transaction in the connection's thread.
"""

from .errors import StorageError, VersionConflict
from .migrations import LATEST_VERSION, MIGRATIONS
from .repository import LEADERBOARD_SORTS, Repository, Tx, default_db_path
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
    TimerRow,
)

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
    "TimerRow",
    "Tx",
    "VersionConflict",
    "default_db_path",
]
