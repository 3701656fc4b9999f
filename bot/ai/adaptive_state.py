"""The adaptive computer's memory of one player: a strength, kept so the
player wins about half their games.

The state is one number and a count.  ``level`` is an Elo-style estimate of
the player's strength, measured on the computer's own 0-10 scale (see
:mod:`.adaptive` for what a level plays like), and the computer plays at
that estimate.  Playing at the estimate makes the expected score one half,
so the Elo update reduces to a stochastic-approximation step toward 50%::

    level += step(games) * (result - 1/2)      result: 1 if the player won

Why this rule: once the step is steady, the steps of any run of games add
up to the level's change, so as long as the level stays off its bounds the
player's win share is 50% give or take (change of level) / (step * games) —
whatever the player's strength, and with no model of how win odds depend on
the level.  The step starts
large so a new player's level is found in a couple of dozen games, and
decays to a floor, not to zero, so the level keeps following a player who
improves.

The estimate may run a little past the ends of the scale (a player who beats
the top level keeps a margin above it, so one loss does not weaken the
computer at once); the computer itself plays at the estimate clipped to
0-10, and that clipped figure is what players see.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Final

#: The scale players see: "the computer plays you at level 6.4 of 10".
LOWEST: Final = 0.0
HIGHEST: Final = 10.0
#: Where the estimate may go past the scale.  The margin above the top is
#: wide because a narrow one would cut off the wins of a player who is as
#: strong as the top level (each win there is lost to the bound), and the
#: computer would then win well under half.
FLOOR: Final = -2.0
CEILING: Final = 13.0
#: A new player: a little gentler than the easy level (which plays like
#: level 6: docs/ai.md, "The adaptive level"), so a first game is not a rout
#: for a beginner; the large first steps find a stronger player within a few
#: games.
DEFAULT_LEVEL: Final = 5.0
#: Levels per game of surprise: ``FIRST_STEP / (1 + games / STEP_HALF)``,
#: never below ``LAST_STEP``.
FIRST_STEP: Final = 3.0
STEP_HALF: Final = 6.0
LAST_STEP: Final = 0.6


def step(games: int) -> float:
    """The step after ``games`` results: large at first, then steady."""
    return max(LAST_STEP, FIRST_STEP / (1.0 + games / STEP_HALF))


class StateError(ValueError):
    """A saved state that cannot be read (the service starts the player afresh)."""


@dataclass(frozen=True, slots=True)
class AdaptiveState:
    """What the adaptive computer keeps per player (saved as JSON)."""

    #: The estimate of the player's strength, on the level scale (may run
    #: from :data:`FLOOR` to :data:`CEILING`).
    level: float = DEFAULT_LEVEL
    #: Results counted so far (they shrink the step).
    games: int = 0

    @property
    def shown_level(self) -> float:
        """The level the computer plays at, on the 0-10 scale, to one decimal."""
        return round(min(HIGHEST, max(LOWEST, self.level)), 1)

    @property
    def playing_level(self) -> float:
        """The level the computer plays at (not rounded)."""
        return min(HIGHEST, max(LOWEST, self.level))

    def after_game(self, player_won: bool) -> AdaptiveState:
        """The state after one more finished game against this player."""
        moved = self.level + step(self.games) * ((1.0 if player_won else 0.0) - 0.5)
        return AdaptiveState(min(CEILING, max(FLOOR, moved)), self.games + 1)

    def to_json(self) -> str:
        return json.dumps({"level": self.level, "games": self.games}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> AdaptiveState:
        """The state saved by :meth:`to_json`; refuses anything else."""
        try:
            data = json.loads(text)
            level = float(data["level"])
            games = data["games"]
        except (ValueError, TypeError, KeyError) as err:
            raise StateError(f"not an adaptive state: {err}") from err
        if (
            not math.isfinite(level)
            or not isinstance(games, int)
            or isinstance(games, bool)
            or games < 0
        ):
            raise StateError("not an adaptive state: level or games out of range")
        return cls(min(CEILING, max(FLOOR, level)), games)
