"""A day is written one way per language, by every layer: the puzzle's image
and its message name the same day in the same words."""

from __future__ import annotations

from datetime import date

import pytest

from bot.discord_ui.puzzle_text import _day
from bot.i18n import Lang, day_words
from bot.render.puzzle_words import title
from tests.helpers.puzzles import discard_puzzle


@pytest.mark.parametrize("lang", list(Lang))
def test_the_image_and_the_message_name_the_day_alike(lang: Lang) -> None:
    from bot.discord_ui.puzzles import puzzle_card

    puzzle = discard_puzzle()
    day = day_words(lang, date.fromisoformat(puzzle.day))
    assert day == _day(lang, puzzle.day)
    assert day in title(lang, puzzle_card(puzzle))
    assert puzzle.day not in title(lang, puzzle_card(puzzle))  # not the ISO form


def test_days_in_each_language() -> None:
    day = date(2026, 11, 16)
    assert day_words(Lang.EN, day) == "16 Nov 2026"
    assert day_words(Lang.DE, day).startswith("16. Nov")
    assert "nov" in day_words(Lang.ES, day) and "2026" in day_words(Lang.PT_BR, day)
