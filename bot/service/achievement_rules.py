"""The achievements: one entry each, as data.

An achievement is an id (stored, never changed), the name and description
players read, when it is checked (a hand ends, a game ends, a season ends)
and a predicate over what that moment gives: :class:`HandFacts`,
:class:`GameFacts` or :class:`SeasonFacts`, each about one player.  Adding
one is one entry in :data:`ACHIEVEMENTS` (and its test); the desk in
:mod:`bot.service.achievements` works the facts out and stores what is
earned.

Who earns them: the people in a two-player game or match, against a person
or the computer (the person earns them; the computer never does).
Partnership tables earn none: a table is half of a team's hand.  Seasons are
rated play only, so the two season achievements come from people's games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from bot.engine import GameEnd, HandEnd

from .models import AiLevel

#: Points a player must trail by, at some hand of a game they go on to win.
COMEBACK_POINTS: Final = 90
#: Points one hand must win for a big hand.
BIG_HAND_POINTS: Final = 50
GINS: Final = frozenset({HandEnd.GIN, HandEnd.BIG_GIN})


class Moment(StrEnum):
    """When an achievement is checked."""

    HAND = "hand"
    GAME = "game"
    SEASON = "season"


@dataclass(frozen=True, slots=True)
class HandFacts:
    """A finished hand, for one of its players."""

    end: HandEnd
    won: bool  # the player scored the hand
    knocked: bool  # the player knocked (gin and big gin included)
    points: int
    doubled: bool  # Oklahoma: a spade upcard doubled it
    #: The player went gin right after drawing the 50th card (the last card
    #: discarded when the stock was down to two, with the 50th-card rule on).
    fiftieth: bool = False


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A finished game or match (not one a moderator ended), for one player."""

    won: bool
    reason: GameEnd
    #: The other player's hand points in the game (no bonuses).
    opponent_points: int
    #: The most points the player trailed by after any hand of the game
    #: (of a match: of its last game).
    worst_deficit: int
    #: The player's finished games in this server so far, this one included
    #: (against people and the computer; not those a moderator ended).
    games: int
    #: Whether the player won each of their latest games, the latest (this
    #: one) first; empty when they lost this one.
    latest_wins: tuple[bool, ...]
    against: AiLevel | None  # the computer's level, or None: a person
    match: bool  # a match of several games
    tournament_won: bool  # this game won the player a tournament


@dataclass(frozen=True, slots=True)
class SeasonFacts:
    """A closed season, for one player of its podium."""

    place: int  # 1, 2 or 3


Facts = HandFacts | GameFacts | SeasonFacts


@dataclass(frozen=True, slots=True)
class Achievement:
    id: str
    name: str
    description: str
    moment: Moment
    earned: Callable[[Facts], bool]


@dataclass(frozen=True, slots=True)
class Award:
    """An achievement just earned (or held), as the Discord layer shows it."""

    guild_id: int
    user_id: int
    achievement: str  # its id
    name: str
    description: str
    earned_at: float
    game_id: int | None  # None: earned by a season


def on_hand(id: str, name: str, description: str, test: Callable[[HandFacts], bool]) -> Achievement:
    return Achievement(
        id, name, description, Moment.HAND, lambda f: isinstance(f, HandFacts) and test(f)
    )


def on_game(id: str, name: str, description: str, test: Callable[[GameFacts], bool]) -> Achievement:
    return Achievement(
        id, name, description, Moment.GAME, lambda f: isinstance(f, GameFacts) and test(f)
    )


def on_season(
    id: str, name: str, description: str, test: Callable[[SeasonFacts], bool]
) -> Achievement:
    return Achievement(
        id, name, description, Moment.SEASON, lambda f: isinstance(f, SeasonFacts) and test(f)
    )


ACHIEVEMENTS: Final[tuple[Achievement, ...]] = (
    on_hand(
        "first_gin",
        "First gin",
        "Win a hand with gin.",
        lambda h: h.won and h.knocked and h.end in GINS,
    ),
    on_hand(
        "big_gin",
        "Big gin",
        "Go big gin: all eleven cards in melds.",
        lambda h: h.won and h.end is HandEnd.BIG_GIN,
    ),
    on_hand(
        "undercut",
        "Undercut",
        "Undercut a knock.",
        lambda h: h.won and h.end is HandEnd.UNDERCUT,
    ),
    on_hand(
        "fiftieth_card",
        "The 50th card",
        "Go gin with the 50th card (50th-card rule).",
        lambda h: h.won and h.knocked and h.end is HandEnd.GIN and h.fiftieth,
    ),
    on_hand(
        "big_hand",
        "Big hand",
        f"Win {BIG_HAND_POINTS} points or more in one hand.",
        lambda h: h.won and h.points >= BIG_HAND_POINTS,
    ),
    on_hand(
        "spade_double",
        "Spades double",
        "Win a hand doubled by a spade upcard (Oklahoma).",
        lambda h: h.won and h.doubled,
    ),
    on_game("first_win", "First win", "Win a game.", lambda g: g.won),
    on_game(
        "shutout",
        "Shutout",
        "Win a game in which the other player scored no points.",
        lambda g: g.won and g.reason is GameEnd.TARGET and g.opponent_points == 0,
    ),
    on_game(
        "comeback",
        "Comeback",
        f"Win a game after trailing by {COMEBACK_POINTS} points or more.",
        lambda g: g.won and g.worst_deficit >= COMEBACK_POINTS,
    ),
    on_game(
        "five_in_a_row",
        "Five in a row",
        "Win five games in a row.",
        lambda g: len(g.latest_wins) >= 5 and all(g.latest_wins[:5]),
    ),
    on_game("ten_games", "Regular", "Play 10 games.", lambda g: g.games >= 10),
    on_game("hundred_games", "Centurion", "Play 100 games.", lambda g: g.games >= 100),
    on_game(
        "hard_beaten",
        "Hard beaten",
        "Beat the computer at hard.",
        lambda g: g.won and g.against is AiLevel.HARD,
    ),
    on_game("match_won", "Match won", "Win a match of several games.", lambda g: g.won and g.match),
    on_game("tournament_won", "Tournament won", "Win a tournament.", lambda g: g.tournament_won),
    on_season(
        "podium", "On the podium", "Finish a season in the top three.", lambda s: s.place <= 3
    ),
    on_season("season_won", "Season won", "Finish first in a season.", lambda s: s.place == 1),
)

BY_ID: Final = {a.id: a for a in ACHIEVEMENTS}


def award_of(
    achievement: Achievement, guild_id: int, user_id: int, at: float, game_id: int | None
) -> Award:
    return Award(
        guild_id, user_id, achievement.id, achievement.name, achievement.description, at, game_id
    )
