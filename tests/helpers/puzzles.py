"""Daily puzzles for the tests, with few play-outs (:data:`SMALL`): the
full size takes seconds of CPU each.  Each is the first clear position of
one seeded self-play game, named here by its day and game, so a test replays
one game, not a day's search.  The discard puzzle's game is the slowest to
play (a second of CPU), so it is kept made in ``tests/data/puzzle_discard.json``
(``python -m tests.helpers.puzzles`` makes it again); its tests replay and
re-evaluate it, so a stale file fails them."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from functools import cache
from pathlib import Path

from bot.ai.puzzles import Puzzle, PuzzleKind, Size, from_dict, to_dict
from bot.engine import SeatView
from bot.service.puzzle_maker import position, puzzle_from_game

DISCARD_FILE = Path(__file__).resolve().parents[1] / "data" / "puzzle_discard.json"

#: Few play-outs: enough for the tests' positions, whose margins are wide.
SMALL = Size(worlds=8, stocks=2, replicates=2)
#: (day, game) of a discard puzzle and of a knock puzzle whose answer is to knock.
DISCARD_AT = (date(2026, 11, 29), 0)
KNOCK_AT = (date(2026, 12, 1), 0)


def make_discard_puzzle() -> Puzzle:
    day, game = DISCARD_AT
    found = puzzle_from_game(day, game, (PuzzleKind.DISCARD,), SMALL)
    assert found is not None
    return found


@cache
def discard_puzzle() -> Puzzle:
    return from_dict(json.loads(DISCARD_FILE.read_text()))


@cache
def knock_puzzle() -> Puzzle:
    day, game = KNOCK_AT
    found = puzzle_from_game(day, game, (PuzzleKind.KNOCK,), SMALL)
    assert found is not None
    return found


def view_of(puzzle: Puzzle) -> SeatView:
    """The seat's view of ``puzzle``'s position, replayed by the maker (the
    judge in ``bot/ai`` takes a view and never plays a game)."""
    return position(puzzle)


def on_day(puzzle: Puzzle, day: date) -> Puzzle:
    """The same position as ``day``'s puzzle (for tests of days and streaks)."""
    return replace(puzzle, day=day.isoformat())


async def made(day: date) -> Puzzle:
    """A :data:`~bot.service.puzzles.Maker` for tests: the discard puzzle,
    as ``day``'s, at once."""
    return on_day(discard_puzzle(), day)


if __name__ == "__main__":
    DISCARD_FILE.write_text(json.dumps(to_dict(make_discard_puzzle()), indent=1) + "\n")
