"""Plain results and typed errors of the game service.

The service speaks in these types only (plus engine records), so the Discord
layer never touches SQL or engine internals, and tests can read them directly.
User ids are plain ints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from bot.engine import Assist, Game, GameEnd, GameResult, HandEnd, Ruleset
from bot.engine.views import PublicView
from bot.i18n import Lang
from bot.storage import StatsRow

from .errors import AlreadyInGameError as AlreadyInGameError
from .errors import ChallengeError as ChallengeError
from .errors import GameDamagedError as GameDamagedError
from .errors import MoveRejectedError as MoveRejectedError
from .errors import NoSuchGameError as NoSuchGameError
from .errors import NotYourGameError as NotYourGameError
from .errors import PermissionDeniedError as PermissionDeniedError
from .errors import ServiceError as ServiceError
from .errors import SettingsError as SettingsError
from .errors import StaleActionError as StaleActionError
from .errors import UnknownSortError as UnknownSortError
from .pinging import DEFAULT_IDLE_MINUTES, PingMode
from .places import TableMode
from .season_calendar import SeasonLength


class GameStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"


class ChallengeStatus(StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class LobbyStatus(StrEnum):
    """A partnership game: its lobby fills, then it is played."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class TournamentStatus(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class AiLevel(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    #: Plays each person at their own saved strength, so they win about half
    #: their games (bot/ai/adaptive.py; the state: bot/service/adaptive.py).
    ADAPTIVE = "adaptive"


# --- results ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ServerSettings:
    guild_id: int
    ruleset: Ruleset
    turn_timeout_minutes: int = 60
    #: ``None``: counts between people, full against the computer.
    assist: Assist | None = None
    ping_mode: PingMode = PingMode.IDLE
    ping_idle_minutes: int = DEFAULT_IDLE_MINUTES
    tables: TableMode = TableMode.THREAD
    #: Seasons: their length (``off``: one all-time table), and where they
    #: end (the podium's channel, the champion's role).
    season: SeasonLength = SeasonLength.OFF
    announce_channel_id: int | None = None
    champion_role_id: int | None = None
    #: The public messages' language; ``None``: the server's own Discord language.
    language: Lang | None = None


@dataclass(frozen=True, slots=True)
class Challenge:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    challenger_name: str
    opponent_id: int
    opponent_name: str
    ruleset: Ruleset
    status: ChallengeStatus
    created_at: float
    expires_at: float
    message_id: int | None = None
    game_id: int | None = None


class Seated:
    """Who sits where: shared by the stored snapshot and the table view, which
    both have ``players``, ``ai_level`` and the seat to move (``turn``)."""

    __slots__ = ()
    players: tuple[int, int]
    ai_level: AiLevel | None

    @property
    def turn(self) -> int | None:
        raise NotImplementedError

    def seat_of(self, user_id: int) -> int | None:
        if user_id == self.players[0]:
            return 0
        if user_id == self.players[1]:
            return 1
        return None

    @property
    def turn_user(self) -> int | None:
        t = self.turn
        return None if t is None else self.players[t]

    @property
    def is_ai_turn(self) -> bool:
        """The computer always sits in seat 1."""
        return self.ai_level is not None and self.turn == 1


@dataclass(frozen=True, slots=True)
class GameLinks:
    """What a game belongs to: a partnership game (as one of its two tables)
    or a tournament (as one of its matches).  Fixed when the game starts."""

    team_game_id: int | None = None
    team_table: int | None = None
    tournament_id: int | None = None
    tournament_match: str | None = None


NO_LINKS = GameLinks()


@dataclass(frozen=True, slots=True)
class GameSnapshot(Seated):
    """One game as stored after its last committed move.

    ``game`` is the live engine object: callers read ``game.view(seat)`` /
    ``game.public_view()`` from it and must not mutate it.  The service never
    mutates it either (each move is applied to a copy), so a snapshot stays
    exactly the committed ``version`` while later moves are made.
    """

    id: int
    guild_id: int
    channel_id: int
    players: tuple[int, int]  # user ids by seat; seat 0 is the challenger
    version: int
    status: GameStatus
    game: Game
    ai_level: AiLevel | None  # set when seat 1 is the computer
    turn_deadline: float | None
    board_message_id: int | None
    board_posted_at: float | None
    created_at: float
    updated_at: float
    assist: Assist = Assist.FULL  # fixed when the game started
    links: GameLinks = field(default_factory=lambda: NO_LINKS)
    #: Thread play: the parent channel and the summary message there.
    summary_channel_id: int | None = None
    summary_message_id: int | None = None
    #: The hand the posted board belongs to (None: not known).
    board_hand: int | None = None
    #: The game version the posted board shows (None: not known).
    board_version: int | None = None

    @property
    def turn(self) -> int | None:
        return self.game.turn


@dataclass(frozen=True, slots=True)
class RatingChange:
    user_id: int
    before: float
    after: float


class TimerKind(StrEnum):
    REMINDER = "reminder"
    FORFEIT = "forfeit"


@dataclass(frozen=True, slots=True)
class PlayerStats(StatsRow):
    """A player's standing as the service shows it: the stored row
    (:class:`bot.storage.StatsRow`, which declares every counted field once)
    with the player's place added."""

    #: player_stats(): position on the rating leaderboard (equal ratings share
    #: a place); leaderboard(): the row's position in that leaderboard's order.
    rank: int | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    guild_id: int
    sort: str
    page: int  # 1-based
    pages: int
    min_games: int
    rows: tuple[PlayerStats, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class ScoreSheetRow:
    hand_number: int
    #: How the hand ended; the last row of a forfeited game: how the game did
    #: (resign, timeout, ended).
    end: HandEnd | GameEnd
    winner_seat: int | None
    points: int
    deadwood: tuple[int, int]  # by seat
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    game_id: int
    names: tuple[str, str]
    rows: tuple[ScoreSheetRow, ...]
    status: GameStatus
    result: GameResult | None
    #: The game as everyone sees it now: Hollywood's columns, the match standing.
    public: PublicView | None = None


@dataclass(frozen=True, slots=True)
class GameSummary:
    id: int
    players: tuple[int, int]
    names: tuple[str, str]
    scores: tuple[int, int]
    turn_user: int | None
    hand_number: int
    ai_level: AiLevel | None
    turn_deadline: float | None
    #: Where the game is played (its thread, or the channel): a mention links to it.
    channel_id: int = 0
