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
"""

from __future__ import annotations

import math
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
