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
