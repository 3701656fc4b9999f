"""Match play: several games between the same sides, as one contest.

Two published forms (docs/RULES.md, *Match play*):

* ``best_of`` (the default, the tournament format): best of N games, each a
  normal game to its target (250 in a match unless a server sets another);
  the first side to win a majority of the N games wins the match.
* ``multi``: the multi-match form.  Each *match* is a normal game to 100
  (match scores start at zero); at its end each side's final tally (hand
  points and bonuses) is credited to their *game* score, and the contest ends
  when a side's game score reaches the game target (default 500).

Pure functions of the finished games' tallies, so the standing can be
rebuilt from storage at any time and is the same on the board, in
``/gin score`` and in the final tally.  Works for two seats or two teams.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .errors import EngineError
from .pickling import by_position

#: A match game's target when the server has not set one (tournament format).
MATCH_GAME_TARGET = 250
#: The multi-match form: each match is a game to this many points ...
MULTI_MATCH_TARGET = 100
#: ... and the contest ends at this game score.
MULTI_GAME_TARGET = 500


class MatchForm(StrEnum):
    """The ruleset's ``match`` setting: a single game, or one of the two forms."""

    OFF = "off"
    BEST_OF = "best_of"
    MULTI = "multi"


class MatchError(EngineError):
    """An impossible match setting, raised by :class:`MatchFormat` (the
    message says what is allowed), or a game counted after the match was
    decided, raised by :func:`standing`."""


@by_position
@dataclass(frozen=True, slots=True)
class MatchFormat:
    form: MatchForm = MatchForm.BEST_OF
    games: int = 5  # best_of: odd, 1-9
    game_target: int = MULTI_GAME_TARGET  # multi: the contest's target

    def __post_init__(self) -> None:
        object.__setattr__(self, "form", MatchForm(self.form))
        if self.form is MatchForm.OFF:
            raise MatchError("err.match.form")
        if self.form is MatchForm.BEST_OF and (self.games % 2 == 0 or not 1 <= self.games <= 9):
            raise MatchError("err.match.best_of")
        if self.form is MatchForm.MULTI and not 100 <= self.game_target <= 5000:
            raise MatchError("err.match.multi_target")

    @property
    def wins_needed(self) -> int:
        return self.games // 2 + 1

    def per_game_target(self, configured: int | None) -> int:
        """Each game's target: the server's own if it set one, else the form's."""
        if self.form is MatchForm.MULTI:
            return MULTI_MATCH_TARGET
        return configured if configured is not None else MATCH_GAME_TARGET


@by_position
@dataclass(frozen=True, slots=True)
class FinishedGame:
    """What match play needs from one finished game."""

    winner: int
    totals: tuple[int, int]  # each side's final tally


@by_position
@dataclass(frozen=True, slots=True)
class MatchStanding:
    games: tuple[FinishedGame, ...]
    wins: tuple[int, int]
    #: Game scores (multi-match form: the credited tallies; best-of: the sum
    #: of the game tallies, shown as a tiebreak-free summary).
    scores: tuple[int, int]
    winner: int | None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def next_game(self) -> int:
        """1-based number of the game being played (or last played)."""
        return len(self.games) + (0 if self.over else 1)


def standing(fmt: MatchFormat, games: Sequence[FinishedGame]) -> MatchStanding:
    wins = [0, 0]
    scores = [0, 0]
    winner: int | None = None
    for g in games:
        if winner is not None:
            raise MatchError("err.match.after_decided")
        wins[g.winner] += 1
        scores[0] += g.totals[0]
        scores[1] += g.totals[1]
        if fmt.form is MatchForm.BEST_OF:
            if wins[g.winner] >= fmt.wins_needed:
                winner = g.winner
        elif max(scores) >= fmt.game_target:
            # Both may pass it on one credit: the higher game score wins,
            # and on equal scores the winner of this last match.
            level = scores[0] == scores[1]
            winner = g.winner if level else int(scores[1] > scores[0])
    return MatchStanding(tuple(games), (wins[0], wins[1]), (scores[0], scores[1]), winner)
