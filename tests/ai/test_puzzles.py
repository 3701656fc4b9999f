"""The daily puzzle's judge (``bot/ai/puzzles.py``): the margin rule holds
and refuses a tie; the day's seeds are its own; a stored puzzle reads back
equal.  (The self-play that finds a position and the replay of a stored one
are the service's: ``tests/service/test_puzzle_maker.py``.)"""

from __future__ import annotations

import json
import random
from datetime import date

import pytest

from bot.ai import puzzles
from bot.ai.puzzles import (
    Puzzle,
    PuzzleKind,
    clear,
    evaluate,
    from_dict,
    puzzle_seed,
    to_dict,
)
from tests.helpers.puzzles import SMALL, discard_puzzle, knock_puzzle, view_of


@pytest.fixture(params=["discard", "knock"])
def puzzle(request: pytest.FixtureRequest) -> Puzzle:
    return discard_puzzle() if request.param == "discard" else knock_puzzle()


def test_the_margin_rule_holds(puzzle: Puzzle) -> None:
    points = [c.points for c in puzzle.choices]
    assert points == sorted(points, reverse=True)
    assert puzzle.margin >= puzzles.MIN_MARGIN
    assert puzzle.margin == pytest.approx(points[0] - points[1], abs=0.02)
    # ... and the evaluation behind it passes the rule that chose it.
    found = evaluate(
        view_of(puzzle),
        puzzle.kind,
        random.Random(f"{puzzle.seed}:eval:{len(puzzle.moves)}"),
        worlds=SMALL.worlds,
        stocks=SMALL.stocks,
        replicates=SMALL.replicates,
    )
    assert found is not None and clear(found) and found.choices == puzzle.choices


def test_a_narrow_margin_is_refused() -> None:
    found = evaluate(
        view_of(discard_puzzle()),
        PuzzleKind.DISCARD,
        random.Random(1),
        worlds=4,
        stocks=1,
        replicates=2,
    )
    assert found is not None
    # Two choices made equal: never clear.
    tied = puzzles.Evaluation(
        (found.choices[0], found.choices[0]), (found.samples[0], found.samples[0]), 2
    )
    assert not clear(tied)


def test_each_day_has_seeds_of_its_own() -> None:
    first = knock_puzzle()
    day = date.fromisoformat(first.day)
    assert puzzle_seed(day, first.game) == first.seed
    # Another day, or another game of the day, plays another deal.
    assert puzzle_seed(date(2026, 11, 30), first.game) != first.seed
    assert puzzle_seed(day, first.game + 1) != first.seed


def test_a_stored_puzzle_reads_back_equal(puzzle: Puzzle) -> None:
    assert from_dict(json.loads(json.dumps(to_dict(puzzle)))) == puzzle
