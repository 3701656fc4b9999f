"""Elo ratings: everyone starts at 1200, K = 32.

Why Elo and not Glicko-2: a Discord server has few players who play in
bursts, and players read a rating as "points won and lost".  Elo moves both
players by the same, easily explained amount per game; Glicko-2's rating
deviation and volatility assume rating periods we don't have and make
ratings move in ways players report as bugs.  K = 32 (the common club value)
lets a new player reach their level within a few dozen games.

Only rated games count: human against human, finished by reaching the
target, a resignation or a timeout.  Games against the computer and games a
moderator ended change no rating.

A partnership game moves each player as a two-player game would against the
average rating of the two opponents (docs/RULES.md); :func:`ratings_after`
is that one rule for both, a two-player game's "average" being its one
opponent's rating.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

INITIAL_RATING: Final = 1200.0
K_FACTOR: Final = 32.0


def expected_score(rating: float, opponent: float) -> float:
    """The chance the Elo model gives ``rating`` of beating ``opponent``."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / 400.0))


def elo_update(winner: float, loser: float, k: float = K_FACTOR) -> tuple[float, float]:
    """New (winner, loser) ratings after one game.

    The change is rounded to hundredths first, so what one player gains the
    other loses exactly (as displayed).
    """
    delta = round(k * (1.0 - expected_score(winner, loser)), 2)
    return (round(winner + delta, 2), round(loser - delta, 2))


def ratings_after(before: Sequence[float], sides: Sequence[int], winner: int) -> list[float]:
    """Every player's new rating after one game, in the order given.

    ``before`` are their ratings going in, ``sides`` the side each played
    on (the seat, or the team) and ``winner`` the winning side.  Each moves
    by :func:`elo_update` against the average rating of the players on the
    other side, added up in the order given.
    """
    out = []
    for me, side in enumerate(sides):
        opponents = [before[j] for j, s in enumerate(sides) if s != side]
        average = sum(opponents) / len(opponents)
        if side == winner:
            out.append(elo_update(before[me], average)[0])
        else:
            out.append(elo_update(average, before[me])[1])
    return out
