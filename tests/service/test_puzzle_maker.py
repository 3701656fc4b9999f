"""The daily puzzle's maker (``bot/service/puzzle_maker.py``): a stored
puzzle replays to its position, and its answer agrees with the engine's
exact deadwood and with a fresh evaluation; the same day gives the same
puzzle; the position is one of the puzzle's own seeded game, never a live
game's."""

from __future__ import annotations

import random
from datetime import date

import pytest

from bot.ai.puzzles import KNOCK, PLAY_ON, Puzzle, PuzzleKind, puzzle_seed
from bot.engine import Game, min_deadwood
from bot.engine.cards import CARDS
from bot.service import puzzle_maker
from bot.service.puzzle_maker import check_puzzle, position, puzzle_from_game
from tests.helpers.puzzles import SMALL, discard_puzzle, knock_puzzle


@pytest.fixture(params=["discard", "knock"])
def puzzle(request: pytest.FixtureRequest) -> Puzzle:
    return discard_puzzle() if request.param == "discard" else knock_puzzle()


def test_the_answer_agrees_with_the_engine_and_a_fresh_evaluation(puzzle: Puzzle) -> None:
    view = position(puzzle)
    # The position is the stored one: the seat's eleven cards, the pile, the stock.
    assert tuple(int(c) for c in view.hand) == puzzle.hand and len(puzzle.hand) == 11
    assert tuple(int(c) for c in view.public.discard_pile) == puzzle.pile
    assert view.public.stock_count == puzzle.stock and view.drawn == puzzle.drawn
    # Every choice's deadwood and melds are the engine's exact ones.
    for choice in puzzle.choices:
        kept = [c for c in puzzle.hand if c != choice.card]
        assert choice.deadwood == min_deadwood(kept)
        assert (
            sum(len(m) for m in choice.melds)
            + len([c for c in kept if not any(c in m for m in choice.melds)])
            == 10
        )
    if puzzle.kind is PuzzleKind.DISCARD:
        allowed = {c for c in puzzle.hand if not (puzzle.drawn_from_pile and c == puzzle.drawn)}
        assert {c.key for c in puzzle.choices} == {CARDS[c].code for c in allowed}
    else:
        assert {c.key for c in puzzle.choices} == {KNOCK, PLAY_ON}
        knock = puzzle.choice(KNOCK)
        assert knock is not None and 0 < knock.deadwood <= puzzle.knock_limit
    assert puzzle.answer == puzzle.best.key
    fresh = check_puzzle(puzzle, salt="another", size=SMALL)
    assert fresh.agrees and fresh.answer == puzzle.answer and fresh.margin > 0


def test_the_same_day_gives_the_same_puzzle() -> None:
    first = knock_puzzle()
    day = date.fromisoformat(first.day)
    again = puzzle_from_game(day, first.game, (first.kind,), SMALL)
    assert again == first


def test_the_position_comes_from_its_own_seed_not_a_live_game() -> None:
    puzzle = discard_puzzle()
    day = date.fromisoformat(puzzle.day)
    assert puzzle.seed == puzzle_seed(day, puzzle.game)
    # A live game of the same deal would have that seed; the service draws
    # its seeds from the OS (or a test's RNG), never from the day's hash.
    live = Game.new(("Ana", "Bo"), seed=random.SystemRandom().randrange(1 << 62))
    assert live.seed != puzzle.seed
    replayed = Game.new(puzzle_maker.NAMES, seed=puzzle.seed)
    assert replayed.hands != live.hands
