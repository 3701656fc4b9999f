"""The game service: challenges, moves, timers and standings, on storage.

No Discord import: the bot hands in plain user ids and shows the results and
the player-worded errors it gets back.
"""

from bot.storage import LEADERBOARD_SORTS as _SORT_SQL

from .models import (
    AiLevel,
    AlreadyInGame,
    Challenge,
    ChallengeError,
    ChallengeStatus,
    GameDamaged,
    GameSnapshot,
    GameStatus,
    GameSummary,
    LeaderboardPage,
    MoveRejected,
    MoveResult,
    NoSuchGame,
    NotYourGame,
    PermissionDenied,
    PlayerStats,
    RatingChange,
    ScoreSheet,
    ScoreSheetRow,
    ServerSettings,
    ServiceError,
    SettingsError,
    StaleAction,
    TimerEvent,
    TimerKind,
    UnknownSort,
)
from .ratings import INITIAL_RATING, K_FACTOR
from .service import GinService

#: Every column the leaderboard can be sorted by, in display order.
LEADERBOARD_SORTS: tuple[str, ...] = tuple(_SORT_SQL)

__all__ = [
    "INITIAL_RATING",
    "K_FACTOR",
    "LEADERBOARD_SORTS",
    "AiLevel",
    "AlreadyInGame",
    "Challenge",
    "ChallengeError",
    "ChallengeStatus",
    "GameDamaged",
    "GameSnapshot",
    "GameStatus",
    "GameSummary",
    "GinService",
    "LeaderboardPage",
    "MoveRejected",
    "MoveResult",
    "NoSuchGame",
    "NotYourGame",
    "PermissionDenied",
    "PlayerStats",
    "RatingChange",
    "ScoreSheet",
    "ScoreSheetRow",
    "ServerSettings",
    "ServiceError",
    "SettingsError",
    "StaleAction",
    "TimerEvent",
    "TimerKind",
    "UnknownSort",
]
