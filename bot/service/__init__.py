"""The game service: challenges, moves, timers and standings, on storage.

No Discord import: the bot hands in plain user ids and shows the results it
gets back, and the errors, each worded in the player's language by
:func:`error_text` from the key it carries.  The names here are all the Discord
layer may import (lint bans the submodules there): frozen views, enums,
errors and the service's parts.  Live games are read through
:mod:`bot.service.snapshots`, by tests and tools only.
"""

from bot.storage import LEADERBOARD_SORTS as _SORT_SQL
from bot.storage import BusyError, CommitUnknownError, DatabaseUnavailableError

from .achievement_rules import ACHIEVEMENTS, Award
from .achievements import AchievementDesk
from .adaptive import AdaptiveDesk
from .ai_runner import AiRunner, Decide, OnMove
from .assist import assist_line
from .challenges import ChallengeDesk
from .clocks import ClockDesk
from .coach import CoachDesk, CoachReport
from .errors import error_text
from .history import HistoryDesk, HistoryPage, PastGame
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
from .profile import BestHand, HeadToHead, PlayerProfile, ProfileDesk, RatingPoint
from .puzzle_loop import PuzzleLoop, make_in_process
from .puzzles import (
    PuzzleAnswer,
    PuzzleChoiceError,
    PuzzleDay,
    PuzzleDesk,
    PuzzleMaker,
    PuzzleNotReadyError,
    PuzzleOverError,
    PuzzleResult,
    PuzzleView,
    Streak,
)
from .ratings import INITIAL_RATING, K_FACTOR
from .replay import ReplayDesk, ReplayRefusedError, ReplayView
from .season_calendar import Season, SeasonLength
from .season_loop import SeasonLoop
from .seasons import (
    PODIUM_MIN_GAMES,
    CrownedSeason,
    HallOfFame,
    NoSuchSeasonError,
    Placed,
    SeasonBoard,
    SeasonDesk,
    SeasonEnd,
    SeasonList,
)
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
    "ACHIEVEMENTS",
    "INITIAL_RATING",
    "K_FACTOR",
    "LEADERBOARD_SORTS",
    "PODIUM_MIN_GAMES",
    "SERVER_SETTINGS",
    "AchievementDesk",
    "AdaptiveDesk",
    "Advice",
    "AiLevel",
    "AiRunner",
    "AlreadyInGameError",
    "Award",
    "BestHand",
    "BusyError",
    "Challenge",
    "ChallengeDesk",
    "ChallengeError",
    "ChallengeStatus",
    "ClockDesk",
    "CoachDesk",
    "CoachReport",
    "CommitUnknownError",
    "CrownedSeason",
    "DatabaseUnavailableError",
    "Decide",
    "GameDamagedError",
    "GameStatus",
    "GameSummary",
    "GinService",
    "HallOfFame",
    "HeadToHead",
    "HistoryDesk",
    "HistoryPage",
    "LeaderboardPage",
    "Lobby",
    "LobbySeat",
    "LobbyStatus",
    "MoveDesk",
    "MoveRejectedError",
    "MoveReport",
    "NoSuchGameError",
    "NoSuchSeasonError",
    "NotYourGameError",
    "OnMove",
    "PartnershipDesk",
    "PastGame",
    "PermissionDeniedError",
    "PingMode",
    "Placed",
    "PlayerProfile",
    "PlayerStats",
    "ProfileDesk",
    "PuzzleAnswer",
    "PuzzleChoiceError",
    "PuzzleDay",
    "PuzzleDesk",
    "PuzzleLoop",
    "PuzzleMaker",
    "PuzzleNotReadyError",
    "PuzzleOverError",
    "PuzzleResult",
    "PuzzleView",
    "RatingChange",
    "RatingPoint",
    "ReplayDesk",
    "ReplayRefusedError",
    "ReplayView",
    "ScoreSheet",
    "ScoreSheetRow",
    "Season",
    "SeasonBoard",
    "SeasonDesk",
    "SeasonEnd",
    "SeasonLength",
    "SeasonList",
    "SeasonLoop",
    "ServerSettings",
    "ServiceError",
    "SettingsDesk",
    "SettingsError",
    "StaleActionError",
    "StandingsDesk",
    "Streak",
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
    "error_text",
    "make_in_process",
    "ping_line",
    "tables_line",
]
