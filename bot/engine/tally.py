"""The end-of-game tally, shared by every way of keeping score.

A normal game, each Hollywood column and a partnership game all close the
same way (docs/RULES.md, *Game*): game bonus to the winner, line bonus per
hand won, and the shutout double when the loser won no hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from .records import SeatTally


def tallies(
    points: Sequence[int],
    hands_won: Sequence[int],
    winner: int,
    game_bonus: int,
    line_bonus: int,
    shutout: bool,
) -> tuple[SeatTally, SeatTally]:
    """Both sides' final tally; ``winner`` is the side that reached the target."""
    loser = 1 - winner
    t = tuple(
        SeatTally(
            hand_points=points[s],
            shutout=shutout and s == winner and hands_won[loser] == 0,
            hands_won=hands_won[s],
            line_bonus=line_bonus * hands_won[s],
            game_bonus=game_bonus if s == winner else 0,
        )
        for s in (0, 1)
    )
    return (t[0], t[1])


def combine(
    sheets: Sequence[tuple[SeatTally, SeatTally]], hands_won: Sequence[int] | None = None
) -> tuple[SeatTally, SeatTally]:
    """One tally per side summing several closed games (Hollywood's columns,
    a match's games): hand points with each game's shutout double already
    applied, so the sum's total is the sum of the totals."""
    out = []
    for s in (0, 1):
        parts = [sheet[s] for sheet in sheets]
        won = hands_won[s] if hands_won is not None else sum(t.hands_won for t in parts)
        out.append(
            SeatTally(
                hand_points=sum(t.hand_points * (2 if t.shutout else 1) for t in parts),
                shutout=False,
                hands_won=won,
                line_bonus=sum(t.line_bonus for t in parts),
                game_bonus=sum(t.game_bonus for t in parts),
            )
        )
    return (out[0], out[1])
