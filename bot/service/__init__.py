"""The game service: challenges, moves, timers and standings, on storage.

No Discord import: the bot hands in plain user ids and shows the results and
the player-worded errors it gets back.  The names here are all the Discord
layer may import (lint bans the submodules there): frozen views, enums,
errors and the service's parts.  Live games are read through
:mod:`bot.service.snapshots`, by tests and tools only.
"""

from bot.storage import LEADERBOARD_SORTS as _SORT_SQL
from bot.storage import BusyError, CommitUnknownError, DatabaseUnavailableError

from .ai_runner import AiRunner, Decide, OnMove
from .assist import assist_line
from .challenges import ChallengeDesk
from .clocks import ClockDesk
from .coach import CoachDesk, CoachReport
from .lobbies import Lobby, LobbySeat
from .models import (
    AiLevel,
    AlreadyInGameError,
    Challenge,
    ChallengeError,
    ChallengeStatus,
    GameDamagedError,
    GameStatus,
    GameSummary,
    LeaderboardPage,
    LobbyStatus,
    MoveRejectedError,
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
    TimerKind,
    TournamentStatus,
    UnknownSortError,
)
from .moves import MoveDesk
from .partnership import PartnershipDesk
from .pinging import PingMode, ping_line
from .places import TableMode, tables_line
from .ratings import INITIAL_RATING, K_FACTOR
from .service import GinService
from .settings import SERVER_SETTINGS, SettingsDesk
from .standings import StandingsDesk
from .timer_loop import TimerLoop
from .tournaments import TournamentDesk
from .views import (
    Advice,
    MoveReport,
    TableView,
    TeamProgress,
    TeamSheet,
    TimerNotice,
    TournamentProgress,
    TournamentSummary,
    TurnView,
)

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
    "BusyError",
    "Challenge",
    "ChallengeDesk",
    "ChallengeError",
    "ChallengeStatus",
    "ClockDesk",
    "CoachDesk",
    "CoachReport",
    "CommitUnknownError",
    "DatabaseUnavailableError",
    "Decide",
    "GameDamagedError",
    "GameStatus",
    "GameSummary",
    "GinService",
    "LeaderboardPage",
    "Lobby",
    "LobbySeat",
    "LobbyStatus",
    "MoveDesk",
    "MoveRejectedError",
    "MoveReport",
    "NoSuchGameError",
    "NotYourGameError",
    "OnMove",
    "PartnershipDesk",
    "PermissionDeniedError",
    "PingMode",
    "PlayerStats",
    "RatingChange",
    "ScoreSheet",
    "ScoreSheetRow",
    "ServerSettings",
    "ServiceError",
    "SettingsDesk",
    "SettingsError",
    "StaleActionError",
    "StandingsDesk",
    "TableMode",
    "TableView",
    "TeamProgress",
    "TeamSheet",
    "TimerKind",
    "TimerLoop",
    "TimerNotice",
    "TournamentDesk",
    "TournamentProgress",
    "TournamentStatus",
    "TournamentSummary",
    "TurnView",
    "UnknownSortError",
    "assist_line",
    "ping_line",
    "tables_line",
]
