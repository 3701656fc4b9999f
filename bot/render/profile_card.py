"""What the profile card shows: :class:`ProfileCard`, plain values only.

The Discord layer fills it from the service's profile, so it can be pickled
to a render worker and serve as the render pool's memo key; the image
(:mod:`.profile`) and its alt text (:mod:`.profile_words`) both read it, so
they always state the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.engine.records import HandEnd

#: Points the chart draws at most (more are thinned, keeping the ends and extremes).
CHART_POINTS = 120


@dataclass(frozen=True, slots=True)
class ProfileCard:
    """What the profile image shows (and its alt text says)."""

    name: str
    #: The rating before the first rated game, then after each (thinned).
    ratings: tuple[float, ...]
    first_at: float | None  # when the chart starts and ends (Unix time)
    last_at: float | None
    rating: float | None
    games: int
    wins: int
    win_rate: float | None
    hands_won: int
    gins: int
    gin_rate: float | None
    knocks: int
    undercut: int
    undercut_rate: float | None
    knock_deadwood: float | None  # the average
    best_streak: int
    current_streak: int
    #: (points, how it ended, game id, hand number)
    best_hand: tuple[int, HandEnd, int, int] | None
    #: (the player's wins, the viewer's wins) against the viewer; None: the viewer's own.
    head_to_head: tuple[int, int] | None
    #: The catalogue keys of the achievements' names, the latest first
    #: (worded in the image's language: :func:`.profile_words.achievement_names`).
    achievements: tuple[str, ...] = field(default=())

    @property
    def losses(self) -> int:
        return self.games - self.wins


def thin(values: Sequence[float], most: int = CHART_POINTS) -> tuple[float, ...]:
    """At most ``most`` of ``values`` in order, evenly spread, always keeping
    the first, the last, the lowest and the highest (so the chart and its
    alt text show the true range)."""
    n = len(values)
    if n <= most:
        return tuple(values)
    keep = {round(i * (n - 1) / (most - 3)) for i in range(most - 2)}
    keep |= {0, n - 1, min(range(n), key=values.__getitem__), max(range(n), key=values.__getitem__)}
    return tuple(values[i] for i in sorted(keep))
