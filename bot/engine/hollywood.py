"""Hollywood scoring: three games (columns) kept at once from one run of hands.

A scoring style, not a change to play (docs/RULES.md, *Hollywood scoring*):
the hands are played exactly as in a normal game and this module turns the
sequence of hand results into the three-column score sheet.  It is a pure
function of the results so the sheet can be rebuilt from a game's history at
any time (restore, render, review) and never drifts from it.

A player's n-th winning hand is entered in the first ``min(n, 3)`` columns
that are still open.  Counting *open* columns (rather than fixed column
numbers) is our reading of the published rule for the case the texts leave
open: a player whose first win comes after column I has closed still scores
it (in column II) instead of scoring nowhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .pickling import by_position
from .records import SeatTally
from .tally import combine, tallies

COLUMNS = 3


@by_position
@dataclass(frozen=True, slots=True)
class HollywoodRules:
    """The settings a Hollywood sheet needs: the per-column target and the
    end-of-column bonuses (the same settings as a normal game's tally)."""

    target: int = 100
    game_bonus: int = 100
    line_bonus: int = 25
    shutout: bool = True


@by_position
@dataclass(frozen=True, slots=True)
class Column:
    """One of the three games: points and hands entered per seat."""

    points: tuple[int, int] = (0, 0)
    hands: tuple[int, int] = (0, 0)
    #: The seat that reached the target in this column, once it has.
    winner: int | None = None
    #: Each seat's tally, once the column is closed.
    tallies: tuple[SeatTally, SeatTally] | None = None

    @property
    def closed(self) -> bool:
        return self.winner is not None


@by_position
@dataclass(frozen=True, slots=True)
class HollywoodSheet:
    columns: tuple[Column, Column, Column]
    #: Winning hands per seat so far (what decides how many columns a win enters).
    wins: tuple[int, int]

    @property
    def finished(self) -> bool:
        return all(c.closed for c in self.columns)

    @property
    def totals(self) -> tuple[int, int]:
        """Sum of the closed columns' tallies plus the open columns' points."""
        out = [0, 0]
        for col in self.columns:
            for seat in (0, 1):
                out[seat] += col.tallies[seat].total if col.tallies else col.points[seat]
        return (out[0], out[1])

    @property
    def columns_won(self) -> tuple[int, int]:
        won = [0, 0]
        for col in self.columns:
            if col.winner is not None:
                won[col.winner] += 1
        return (won[0], won[1])

    @property
    def leader(self) -> int | None:
        """Higher total; a tie goes to the seat with more columns won (three
        columns cannot split evenly once all are closed)."""
        t, w = self.totals, self.columns_won
        if t[0] != t[1]:
            return 0 if t[0] > t[1] else 1
        if w[0] != w[1]:
            return 0 if w[0] > w[1] else 1
        return None


def _close(col: Column, winner: int, rules: HollywoodRules) -> Column:
    sheet = tallies(
        col.points, col.hands, winner, rules.game_bonus, rules.line_bonus, rules.shutout
    )
    return Column(col.points, col.hands, winner, sheet)


def enter_hand(
    sheet: HollywoodSheet, winner: int | None, points: int, rules: HollywoodRules
) -> HollywoodSheet:
    """The sheet after one more hand (``winner`` None: a dead hand, no entry)."""
    if winner is None or sheet.finished:
        return sheet
    wins = list(sheet.wins)
    wins[winner] += 1
    entries = min(wins[winner], COLUMNS)
    columns = list(sheet.columns)
    for i, col in enumerate(columns):
        if entries == 0:
            break
        if col.closed:
            continue
        entries -= 1
        pts = list(col.points)
        hands = list(col.hands)
        pts[winner] += points
        hands[winner] += 1
        col = Column((pts[0], pts[1]), (hands[0], hands[1]))
        if pts[winner] >= rules.target:
            col = _close(col, winner, rules)
        columns[i] = col
    return HollywoodSheet((columns[0], columns[1], columns[2]), (wins[0], wins[1]))


def empty_sheet() -> HollywoodSheet:
    return HollywoodSheet((Column(), Column(), Column()), (0, 0))


def hollywood_sheet(
    hands: Iterable[tuple[int | None, int]], rules: HollywoodRules
) -> HollywoodSheet:
    """The sheet after ``hands``: (winner seat or None, points) per hand, in order."""
    sheet = empty_sheet()
    for winner, points in hands:
        sheet = enter_hand(sheet, winner, points, rules)
    return sheet


def forfeit_open_columns(
    sheet: HollywoodSheet, winner: int, rules: HollywoodRules
) -> HollywoodSheet:
    """The sheet when the game ends early (resign, timeout, moderator): the
    player who wins by forfeit wins every column still open."""
    cols = tuple(c if c.closed else _close(c, winner, rules) for c in sheet.columns)
    return HollywoodSheet((cols[0], cols[1], cols[2]), sheet.wins)


def combined_tallies(sheet: HollywoodSheet) -> tuple[SeatTally, SeatTally]:
    """One tally per seat summing the closed columns (what the leaderboard records)."""
    return combine([c.tallies for c in sheet.columns if c.tallies is not None], sheet.wins)
