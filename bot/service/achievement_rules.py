"""The achievements: one entry each, as data.

An achievement is an id (stored, never changed), when it is checked (a hand
ends, a game ends, a season ends) and a predicate over what that moment
gives: :class:`HandFacts`, :class:`GameFacts` or :class:`SeasonFacts`, each
about one player.  Its name and description are words, so they are not
here: the id names their catalogue entries
(``season.achievement.<id>.name`` and ``.description`` in
``bot/locales/<language>/season.po``), which the Discord layer and the
profile image word in their reader's language, like the service's refusals.
A description that names a number (50 points, 10 games) takes it from the
entry (``n``, the same constant the predicate reads) and has plural forms.
Adding one is one entry in :data:`ACHIEVEMENTS`, its two texts in every
language's ``season.po``, and its test; the desk in
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
#: Games played for the two achievements of regulars.
REGULAR_GAMES: Final = 10
CENTURION_GAMES: Final = 100
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


def name_key(achievement_id: str) -> str:
    """The catalogue key of an achievement's name."""
    return f"season.achievement.{achievement_id}.name"


def description_key(achievement_id: str) -> str:
    """The catalogue key of an achievement's description (plural forms when
    the achievement names a number, ``n``)."""
    return f"season.achievement.{achievement_id}.description"


@dataclass(frozen=True, slots=True)
class Achievement:
    """One rule: its id names its words (:func:`name_key`, :func:`description_key`)."""

    id: str
    moment: Moment
    earned: Callable[[Facts], bool]
    #: The number its description names (``None``: it names none).
    n: int | None = None

    @property
    def name_key(self) -> str:
        return name_key(self.id)

    @property
    def description_key(self) -> str:
        return description_key(self.id)


@dataclass(frozen=True, slots=True)
class Award:
    """An achievement just earned (or held), as the Discord layer shows it:
    its words are the catalogue entries :attr:`name_key` and
    :attr:`description_key` (the latter counted by ``n`` when it is set),
    worded in the reader's language."""

    guild_id: int
    user_id: int
    achievement: str  # its id
    earned_at: float
    game_id: int | None  # None: earned by a season
    n: int | None = None

    @property
    def name_key(self) -> str:
        return name_key(self.achievement)

    @property
    def description_key(self) -> str:
        return description_key(self.achievement)


def on_hand(id: str, test: Callable[[HandFacts], bool], *, n: int | None = None) -> Achievement:
    return Achievement(id, Moment.HAND, lambda f: isinstance(f, HandFacts) and test(f), n)


def on_game(id: str, test: Callable[[GameFacts], bool], *, n: int | None = None) -> Achievement:
    return Achievement(id, Moment.GAME, lambda f: isinstance(f, GameFacts) and test(f), n)


def on_season(id: str, test: Callable[[SeasonFacts], bool]) -> Achievement:
    return Achievement(id, Moment.SEASON, lambda f: isinstance(f, SeasonFacts) and test(f))


ACHIEVEMENTS: Final[tuple[Achievement, ...]] = (
    on_hand("first_gin", lambda h: h.won and h.knocked and h.end in GINS),
    on_hand("big_gin", lambda h: h.won and h.end is HandEnd.BIG_GIN),
    on_hand("undercut", lambda h: h.won and h.end is HandEnd.UNDERCUT),
    on_hand(
        "fiftieth_card",
        lambda h: h.won and h.knocked and h.end is HandEnd.GIN and h.fiftieth,
    ),
    on_hand("big_hand", lambda h: h.won and h.points >= BIG_HAND_POINTS, n=BIG_HAND_POINTS),
    on_hand("spade_double", lambda h: h.won and h.doubled),
    on_game("first_win", lambda g: g.won),
    on_game(
        "shutout",
        lambda g: g.won and g.reason is GameEnd.TARGET and g.opponent_points == 0,
    ),
    on_game("comeback", lambda g: g.won and g.worst_deficit >= COMEBACK_POINTS, n=COMEBACK_POINTS),
    on_game("five_in_a_row", lambda g: len(g.latest_wins) >= 5 and all(g.latest_wins[:5])),
    on_game("ten_games", lambda g: g.games >= REGULAR_GAMES, n=REGULAR_GAMES),
    on_game("hundred_games", lambda g: g.games >= CENTURION_GAMES, n=CENTURION_GAMES),
    on_game("hard_beaten", lambda g: g.won and g.against is AiLevel.HARD),
    on_game("match_won", lambda g: g.won and g.match),
    on_game("tournament_won", lambda g: g.tournament_won),
    on_season("podium", lambda s: s.place <= 3),
    on_season("season_won", lambda s: s.place == 1),
)

BY_ID: Final = {a.id: a for a in ACHIEVEMENTS}


def award_of(
    achievement: Achievement, guild_id: int, user_id: int, at: float, game_id: int | None
) -> Award:
    return Award(guild_id, user_id, achievement.id, at, game_id, achievement.n)
