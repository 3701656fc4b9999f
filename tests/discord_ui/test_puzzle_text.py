"""The daily puzzle's words (``bot/discord_ui/puzzle_text.py``) in every
language: the question, the answer with its reasoning (the engine's
deadwood, the points of every choice), the streak, and the day's solvers;
each fits a Discord message."""

from __future__ import annotations

import pytest

from bot.ai.puzzles import Puzzle
from bot.discord_ui import puzzle_text as words
from bot.engine.cards import CARDS
from bot.i18n import Lang
from bot.service import PuzzleAnswer, PuzzleDay, PuzzleView, Streak
from tests.helpers.puzzles import discard_puzzle, knock_puzzle


@pytest.fixture(params=["discard", "knock"])
def puzzle(request: pytest.FixtureRequest) -> Puzzle:
    return discard_puzzle() if request.param == "discard" else knock_puzzle()


@pytest.mark.parametrize("lang", list(Lang))
def test_every_text_in_every_language(puzzle: Puzzle, lang: Lang) -> None:
    streak = Streak(3, 5)
    asked = words.question_text(lang, PuzzleView(puzzle, None, streak))
    assert CARDS[puzzle.drawn].label in asked
    answer = PuzzleAnswer(puzzle.runner_up.key, False, 0.0)
    said = words.result_text(lang, puzzle, answer, streak, again=True)
    assert len(asked) + len(said) + 2 <= words.MAX_CONTENT
    assert CARDS[puzzle.best.card].label in said
    assert all(words.points(lang, c.points) in said for c in puzzle.choices)
    day = PuzzleDay(1, puzzle.day, 3, (11, 12), 99)
    assert "<@11> <@12>" in words.day_text(lang, day)


def test_the_reasoning_in_english() -> None:
    puzzle = discard_puzzle()
    best, second = puzzle.best, puzzle.runner_up
    said = words.result_text(
        Lang.EN, puzzle, PuzzleAnswer(best.key, True, 0.0), Streak(1, 1), again=False
    )
    assert said.startswith(f"✅ **Right!** You chose the {CARDS[best.card]}.")
    assert f"Discarding the {CARDS[best.card]} leaves {best.deadwood} deadwood" in said
    assert f"Discarding the {CARDS[second.card]} instead leaves {second.deadwood} deadwood" in said
    assert f"over {puzzle.playouts} play-outs" in said
    assert words.points(Lang.EN, 3.25) == "+3.2" or words.points(Lang.EN, 3.25) == "+3.3"
    assert words.points(Lang.DE, -1.5) == "-1,5"
    nobody = words.day_text(Lang.EN, PuzzleDay(1, puzzle.day, 1, (), 99))
    assert "1 player answered; nobody found the best answer." in nobody
