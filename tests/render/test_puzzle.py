"""The daily puzzle's image (``bot/render/puzzle.py``) and its alt text
(``bot/render/puzzle_words.py``) in every language: every text, card corner
indices included, is at least 11 px tall when the image is shown 400 px
wide; none is shortened; none overlaps another or leaves the image; the PNG
decodes at its size; the alt text names the hand, the draw and the
opponent's last turn."""

from __future__ import annotations

import pytest

from bot.ai.puzzles import Puzzle
from bot.discord_ui.puzzles import puzzle_card
from bot.engine.cards import CARDS, format_cards
from bot.i18n import Lang
from bot.render import puzzle as puzzle_module
from bot.render.puzzle import puzzle_scene, render_puzzle
from bot.render.puzzle_words import MAX_ALT, puzzle_alt
from bot.render.text import recording
from tests.helpers.images import decode
from tests.helpers.puzzles import discard_puzzle, knock_puzzle
from tests.render.test_legibility import assert_apart, assert_legible


@pytest.fixture(params=["discard", "knock"])
def puzzle(request: pytest.FixtureRequest) -> Puzzle:
    return discard_puzzle() if request.param == "discard" else knock_puzzle()


@pytest.mark.parametrize("lang", list(Lang))
def test_the_puzzle_is_legible_in_every_language(puzzle: Puzzle, lang: Lang) -> None:
    card = puzzle_card(puzzle)
    with recording() as drawn:
        scene = puzzle_scene(card, lang=lang)
    assert_legible(drawn)
    assert not [d.value for d in drawn if "…" in d.value]
    assert_apart(scene)
    img = decode(render_puzzle(card, lang=lang))
    assert img.format == "PNG" and img.size == (puzzle_module.WIDTH, puzzle_module.HEIGHT)


def test_the_alt_text_tells_the_position_not_the_answer(puzzle: Puzzle) -> None:
    alt = puzzle_alt(puzzle_card(puzzle))
    assert len(alt) <= MAX_ALT
    assert format_cards(puzzle.hand) in alt and f"You drew the {CARDS[puzzle.drawn]}" in alt
    assert (
        puzzle.opp_discarded is not None and f"discarded the {CARDS[puzzle.opp_discarded]}" in alt
    )
    assert "Best" not in alt and "points" not in alt
