"""Plain records of table rows, field names = column names.

The repository builds its column lists from these dataclasses, so a row and
its SQL can never disagree on the order of columns.  JSON columns stay text
here: parsing them into engine objects is the service's business.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache


@cache
def columns(cls: type) -> str:
    """``"a, b, c"`` for a row dataclass, in field order."""
    return ", ".join(f.name for f in fields(cls))


@cache
def placeholders(cls: type) -> str:
    return ", ".join("?" for _ in fields(cls))


@dataclass(frozen=True, slots=True)
class SettingsRow:
    guild_id: int
    ruleset: str  # JSON
    turn_timeout_minutes: int
    updated_at: float
    assist: str | None = None  # None: the default for the kind of game
    ping_mode: str = "idle"
    ping_idle_minutes: int = 5
    tables: str = "thread"
    season: str = "off"
    season_since: float | None = None  # when ``season`` last changed
    announce_channel_id: int | None = None
    champion_role_id: int | None = None
    language: str = "auto"  # the public messages' language: "auto" or a catalogue's


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game without its engine state (the state is read only when the
    in-memory copy is missing or out of date)."""

    id: int
    guild_id: int
    channel_id: int
    player0: int
    player1: int
    name0: str
    name1: str
    ai_level: str | None
    version: int
    status: str
    turn_seat: int | None
    hand_number: int
    score0: int
    score1: int
    turn_deadline: float | None
    reminder_at: float | None
    reminder_sent: int
    next_timer_at: float | None
    last_seat: int | None
    last_kind: str | None
    last_card: str | None
    board_message_id: int | None
    board_posted_at: float | None
    created_at: float
    updated_at: float
    finished_at: float | None
    assist: str
    #: Partnership: the team game this table belongs to, and which table (1, 2).
    team_game_id: int | None = None
    team_table: int | None = None
    #: Tournament: the tournament and the bracket's match key.
    tournament_id: int | None = None
    tournament_match: str | None = None
    #: Thread play: the parent channel and the game's one-line summary there.
    summary_channel_id: int | None = None
    summary_message_id: int | None = None
    #: The hand the posted board belongs to (None: not known, games from before).
    board_hand: int | None = None
    #: The game version the posted board shows (None: not known).
    board_version: int | None = None

    @property
    def players(self) -> tuple[int, int]:
        return (self.player0, self.player1)

    @property
    def names(self) -> tuple[str, str]:
        return (self.name0, self.name1)


@dataclass(frozen=True, slots=True)
class NewGame:
    guild_id: int
    channel_id: int
    player0: int
    player1: int
    name0: str
    name1: str
    ai_level: str | None
    ruleset: str
    state: str
    version: int
    status: str
    turn_seat: int | None
    hand_number: int
    score0: int
    score1: int
    turn_deadline: float | None
    reminder_at: float | None
    reminder_sent: int
    next_timer_at: float | None
    created_at: float
    updated_at: float
    assist: str = "full"
    team_game_id: int | None = None
    team_table: int | None = None
    tournament_id: int | None = None
    tournament_match: str | None = None
    summary_channel_id: int | None = None
    summary_message_id: int | None = None


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """What one committed move writes to the game row (``version`` is bumped
    by the statement itself and ``reminder_sent`` reset with the new timer;
    ``last_*`` describe the move, which a trigger copies to the move log)."""

    state: str
    status: str
    turn_seat: int | None
    hand_number: int
    score0: int
    score1: int
    turn_deadline: float | None
    reminder_at: float | None
    next_timer_at: float | None
    last_seat: int
    last_kind: str
    last_card: str | None
    updated_at: float
    finished_at: float | None


@dataclass(frozen=True, slots=True)
class MoveRow:
    game_id: int
    version: int
    seat: int
    kind: str
    card: str | None
    at: float


@dataclass(frozen=True, slots=True)
class HandRow:
    game_id: int
    hand_number: int
    ending: str
    knocker_seat: int | None
    winner_seat: int | None
    points: int
    doubled: int
    deadwood0: int
    deadwood1: int
    total0: int
    total1: int
    finished_at: float


@dataclass(frozen=True, slots=True)
class ResultRow:
    game_id: int
    guild_id: int
    player0: int
    player1: int
    winner_seat: int
    reason: str
    rated: int
    ai_level: str | None
    hands_played: int
    hand_points0: int
    hand_points1: int
    hands_won0: int
    hands_won1: int
    shutout0: int
    shutout1: int
    line_bonus0: int
    line_bonus1: int
    game_bonus0: int
    game_bonus1: int
    total0: int
    total1: int
    rating_before0: float | None
    rating_after0: float | None
    rating_before1: float | None
    rating_after1: float | None
    finished_at: float


@dataclass(frozen=True, slots=True)
class StatsRow:
    """A player's standing in one server: ``player_stats`` (all time) and
    ``season_standings`` (one season) hold these columns.

    The one declaration of these fields: the service's leaderboard rows,
    :class:`bot.service.PlayerStats`, are this row with the player's place
    added, and a finished game's new rows are worked out by
    :func:`bot.service.scoring.updated_stats`.
    """

    guild_id: int
    user_id: int
    name: str
    rating: float
    games: int
    wins: int
    losses: int
    hands_won: int
    gins: int
    big_gins: int
    undercuts_scored: int
    undercuts_suffered: int
    total_points: int
    best_game: int
    current_streak: int
    best_streak: int
    #: When a game last changed the row (0.0: a standing built by hand, never stored).
    updated_at: float = 0.0


@dataclass(frozen=True, slots=True)
class AiStatsRow:
    """Games of one person against the computer at one level (``ai_stats``):
    they stay out of :class:`StatsRow`."""

    guild_id: int
    user_id: int
    level: str
    games: int
    wins: int
    losses: int


@dataclass(frozen=True, slots=True)
class ChallengeRow:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    challenger_name: str
    opponent_id: int
    opponent_name: str
    ruleset: str
    status: str
    created_at: float
    expires_at: float
    message_id: int | None
    game_id: int | None


@dataclass(frozen=True, slots=True)
class TimerRow:
    """A game whose reminder or deadline is due."""

    game_id: int
    version: int
    channel_id: int
    user_id: int  # the player to move
    turn_deadline: float


@dataclass(frozen=True, slots=True)
class TeamGameRow:
    """A partnership game: its lobby while it fills, then the team score
    (the tables are ordinary game rows pointing back here)."""

    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    status: str
    seats: str  # JSON
    ai_level: str | None
    ruleset: str
    state: str | None
    version: int
    table1: int | None
    table2: int | None
    message_id: int | None
    created_at: float
    expires_at: float
    updated_at: float
    finished_at: float | None


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    title: str
    format: str
    ruleset: str
    status: str
    entrants: str  # JSON
    state: str | None
    version: int
    signup_ends: float
    message_id: int | None
    created_at: float
    updated_at: float
    finished_at: float | None
