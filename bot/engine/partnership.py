"""Partnership gin (2 v 2): two tables at once, one team score.

Team A (players A1, A2) plays team B (B1, B2).  Each hand, every player plays
an ordinary two-player hand against one opponent at the same time (two
tables); opponents rotate between hands.  When both tables have ended, the
two results are combined into one team result (docs/RULES.md, *Partnership
gin*).  Each table is a normal :class:`~bot.engine.game.Game` hand; this
module only pairs the players and combines the results, so it is a pure
function of the two tables' :class:`HandResult`s.

Seats: at every table seat 0 is the team A player and seat 1 the team B
player, so a table's ``winner`` is directly the winning team.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .pickling import by_position
from .records import HandEnd, HandResult, SeatTally
from .tally import tallies

#: A partnership game is played to this unless the server sets a target.
TEAM_TARGET = 125


@by_position
@dataclass(frozen=True, slots=True)
class TableInfo:
    """What a partnership table shows about the team game around it.

    A table is an ordinary :class:`~bot.engine.game.Game` that ends after its
    one hand; this context is fixed when the table is dealt (the team scores
    only change once both tables are done), so it travels with the table's
    state and every board, image and line can show it without a lookup."""

    hand_number: int  # the team hand this table belongs to
    table: int  # 1 or 2
    teams: tuple[str, str]  # "Ann & Bo", seat 0's team first
    scores: tuple[int, int]  # team scores before this hand, seat 0's team first
    target: int

    def to_dict(self) -> dict[str, object]:
        return {
            "hand_number": self.hand_number,
            "table": self.table,
            "teams": list(self.teams),
            "scores": list(self.scores),
            "target": self.target,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableInfo:
        teams, scores = d["teams"], d["scores"]
        return cls(
            int(d["hand_number"]),
            int(d["table"]),
            (str(teams[0]), str(teams[1])),
            (int(scores[0]), int(scores[1])),
            int(d["target"]),
        )


class TeamScoring(StrEnum):
    #: The published four-player form: table points without bonuses, the
    #: higher team scores the difference, then the team bonuses.
    BONUSES = "bonuses"
    #: Each table scored as a two-player hand (its own gin/undercut bonuses),
    #: the higher team scores the difference.
    TABLES = "tables"


@dataclass(frozen=True, slots=True)
class TeamRules:
    scoring: TeamScoring = TeamScoring.BONUSES
    small_gin: int = 10  # one player of the winning team went gin
    big_gin: int = 30  # both players of the winning team went gin
    undercut: int = 20  # per undercut made by the winning team


@dataclass(frozen=True, slots=True)
class TeamHand:
    """One partnership hand, combined from its two tables."""

    #: Each team's table points (before the difference is taken).
    table_points: tuple[int, int]
    gin_bonus: int
    undercut_bonus: int
    winner: int | None  # the team that scores; None when level
    points: int

    @property
    def bonus(self) -> int:
        return self.gin_bonus + self.undercut_bonus


def pairings(hand_number: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """(A index, B index) for table 1 and table 2 of hand ``hand_number``
    (1-based): A1–B1 and A2–B2 on odd hands, A1–B2 and A2–B1 on even ones."""
    if hand_number % 2 == 1:
        return ((0, 0), (1, 1))
    return ((0, 1), (1, 0))


def table_points(result: HandResult) -> int:
    """A table's points without any bonus: the deadwood difference to the
    side that won it (0 for a dead hand).  The spade double still applies."""
    if result.end is HandEnd.DEAD:
        return 0
    if result.end is HandEnd.UNDERCUT:
        base = result.knocker_value - result.defender_value
    elif result.end is HandEnd.KNOCK:
        base = result.defender_value - result.knocker_value
    else:  # gin or big gin: the defender's whole deadwood, no layoffs
        base = result.defender_value
    return base * (2 if result.doubled else 1)


def _went_gin(result: HandResult, team: int) -> bool:
    return result.end in (HandEnd.GIN, HandEnd.BIG_GIN) and result.winner == team


def team_hand(tables: Sequence[HandResult], rules: TeamRules) -> TeamHand:
    """Combine the two tables of one hand into the team result."""
    pts = [0, 0]
    won = [0, 0]
    for r in tables:
        if r.winner is None:
            continue
        won[r.winner] += 1
        pts[r.winner] += r.points if rules.scoring is TeamScoring.TABLES else table_points(r)
    # More points wins; on equal points, more tables won (an undercut by
    # equal deadwood is worth 0 points but is still a won table).
    if (pts[0], won[0]) == (pts[1], won[1]):
        return TeamHand((pts[0], pts[1]), 0, 0, None, 0)
    winner = 0 if (pts[0], won[0]) > (pts[1], won[1]) else 1
    gin = undercut = 0
    if rules.scoring is TeamScoring.BONUSES:
        gins = sum(1 for r in tables if _went_gin(r, winner))
        gin = rules.big_gin if gins >= 2 else rules.small_gin if gins == 1 else 0
        undercuts = sum(1 for r in tables if r.end is HandEnd.UNDERCUT and r.winner == winner)
        undercut = rules.undercut * undercuts
    points = pts[winner] - pts[1 - winner] + gin + undercut
    return TeamHand((pts[0], pts[1]), gin, undercut, winner, points)


@dataclass(frozen=True, slots=True)
class TeamScore:
    scores: tuple[int, int] = (0, 0)
    hands_won: tuple[int, int] = (0, 0)

    def after(self, hand: TeamHand) -> TeamScore:
        if hand.winner is None:
            return self
        s, h = list(self.scores), list(self.hands_won)
        s[hand.winner] += hand.points
        h[hand.winner] += 1
        return TeamScore((s[0], s[1]), (h[0], h[1]))


def team_tally(
    score: TeamScore, winner: int, game_bonus: int, line_bonus: int, shutout: bool
) -> tuple[SeatTally, SeatTally]:
    """The end-of-game tally for the two teams, as for two players."""
    return tallies(score.scores, score.hands_won, winner, game_bonus, line_bonus, shutout)
