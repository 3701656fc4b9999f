"""The game service: challenges, moves, timers and standings, on storage.

No Discord import: the bot hands in plain user ids and shows the results and
the player-worded errors it gets back.
"""

from bot.storage import LEADERBOARD_SORTS as _SORT_SQL
from bot.storage import CommitUnknownError, DatabaseUnavailableError

from .ai_runner import AiRunner
from .assist import assist_line
from .coach import CoachReport
from .models import (
    AiLevel,
    AlreadyInGameError,
    Challenge,
    ChallengeError,
    ChallengeStatus,
    GameDamagedError,
    GameSnapshot,
    GameStatus,
    GameSummary,
    LeaderboardPage,
    MoveRejectedError,
    MoveResult,
    NoSuchGameError,
    NotYourGameError,
    PermissionDeniedError,
    PlayerStats,
    RatingChange,
    ScoreSheet,
    ScoreSheetRow,
    ServerSettings,
    ServiceError,
    SettingsError,
    StaleActionError,
    TimerEvent,
    TimerKind,
    UnknownSortError,
)
from .pinging import PingMode, ping_line
from .places import TableMode, tables_line
from .ratings import INITIAL_RATING, K_FACTOR
from .service import GinService
from .settings import SERVER_SETTINGS
from .timer_loop import TimerLoop, TimerNotice
from .views import Advice, MoveReport, TableView, TurnView

#: Every column the leaderboard can be sorted by, in display order.
LEADERBOARD_SORTS: tuple[str, ...] = tuple(_SORT_SQL)

__all__ = [
    "INITIAL_RATING",
    "K_FACTOR",
    "LEADERBOARD_SORTS",
    "SERVER_SETTINGS",
    "Advice",
    "AiLevel",
    "AiRunner",
    "AlreadyInGameError",
    "Challenge",
    "ChallengeError",
    "ChallengeStatus",
    "CoachReport",
    "CommitUnknownError",
    "DatabaseUnavailableError",
    "GameDamagedError",
    "GameSnapshot",
    "GameStatus",
    "GameSummary",
    "GinService",
    "LeaderboardPage",
    "MoveRejectedError",
    "MoveReport",
    "MoveResult",
    "NoSuchGameError",
    "NotYourGameError",
    "PermissionDeniedError",
    "PingMode",
    "PlayerStats",
    "RatingChange",
    "ScoreSheet",
    "ScoreSheetRow",
    "ServerSettings",
    "ServiceError",
    "SettingsError",
    "StaleActionError",
    "TableMode",
    "TableView",
    "TimerEvent",
    "TimerKind",
    "TimerLoop",
    "TimerNotice",
    "TurnView",
    "UnknownSortError",
    "assist_line",
    "ping_line",
    "tables_line",
]
