"""Plain records of what happened, so callers never diff game states.

Every field is public information *unless its docstring says otherwise*:
``Event.private_card`` is for the acting seat only (a card drawn from the
stock).  Hand results are public because a knock shows both hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cards import Card
from .melds import Meld
from .pickling import by_position


class Phase(StrEnum):
    UPCARD = "upcard"  # the seat to move may take the upcard or pass
    DRAW = "draw"  # draw from stock or pile
    DISCARD = "discard"  # discard, knock, gin or big gin
    FIFTIETH = "fiftieth"  # 50th-card rule: take the last discard (and knock) or pass
    GAME_OVER = "game_over"


class ActionKind(StrEnum):
    DRAW_STOCK = "draw_stock"
    TAKE_DISCARD = "take_discard"
    PASS = "pass"
    DISCARD = "discard"
    KNOCK = "knock"  # knock with a discard; scored as gin when deadwood is 0
    BIG_GIN = "big_gin"


@dataclass(frozen=True, slots=True)
class Action:
    kind: ActionKind
    card: Card | None = None


class EventKind(StrEnum):
    DEAL = "deal"
    PASS = "pass"
    DRAW_STOCK = "draw_stock"
    TAKE_DISCARD = "take_discard"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD_HAND = "dead_hand"
    #: The game ended early: the seat resigned, ran out of time, or a
    #: moderator ended it (each worded as what it is; none is a resignation).
    FORFEIT = "forfeit"
    TIMED_OUT = "timed_out"
    ENDED = "ended"


@by_position
@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``card`` is public (a discard, a card taken
    from the pile, the upcard of a deal); ``private_card`` is the card drawn
    from the stock, for the drawing seat's eyes only."""

    kind: EventKind
    seat: int
    card: Card | None = None
    private_card: Card | None = None


class HandEnd(StrEnum):
    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD = "dead"


@by_position
@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: both hands laid out, layoffs, points, totals."""

    number: int
    end: HandEnd
    knocker: int | None  # None for a dead hand
    winner: int | None  # who scored; None for a dead hand
    points: int  # after the Oklahoma spade double
    doubled: bool
    knock_limit: int
    knocker_melds: tuple[Meld, ...] = ()
    knocker_deadwood: tuple[Card, ...] = ()
    knocker_discard: Card | None = None
    defender_melds: tuple[Meld, ...] = ()
    defender_deadwood: tuple[Card, ...] = ()
    #: (card, index into knocker_melds) for each card laid off.
    layoffs: tuple[tuple[Card, int], ...] = ()
    knocker_value: int = 0
    defender_value: int = 0
    totals: tuple[int, int] = (0, 0)


@by_position
@dataclass(frozen=True, slots=True)
class SeatTally:
    hand_points: int
    shutout: bool  # this seat's hand points were doubled
    hands_won: int
    line_bonus: int
    game_bonus: int

    @property
    def total(self) -> int:
        return self.hand_points * (2 if self.shutout else 1) + self.line_bonus + self.game_bonus


class GameEnd(StrEnum):
    """How a game ended."""

    TARGET = "target"  # a player reached the target score
    RESIGN = "resign"
    TIMEOUT = "timeout"  # the player to move ran out of time
    ENDED = "ended"  # a moderator ended it


@by_position
@dataclass(frozen=True, slots=True)
class GameResult:
    """The final tally, what the leaderboard records as the game's points."""

    winner: int
    reason: GameEnd
    tallies: tuple[SeatTally, SeatTally]

    @property
    def totals(self) -> tuple[int, int]:
        return (self.tallies[0].total, self.tallies[1].total)

    @property
    def margin(self) -> int:
        t = self.totals
        return t[self.winner] - t[1 - self.winner]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one action did: its events, a finished hand and a finished game,
    if any. After a hand ends the next one is already dealt."""

    events: tuple[Event, ...]
    hand: HandResult | None = None
    game: GameResult | None = None
    deal_events: tuple[Event, ...] = field(default=())
    #: Match play: a game of the match that this action finished (the match
    #: goes on with the next deal unless ``game`` is set too).
    match_game: GameResult | None = None
