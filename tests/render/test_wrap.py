"""Wrapping captions and lines of words and cards (``bot.render.wrap``):
lines break between clauses or at spaces, never inside a name, and
:func:`~bot.render.wrap.fits` says exactly what ``rich_line`` draws whole."""

from __future__ import annotations

from bot.engine.cards import RANK_NAMES, parse_card
from bot.render.scene import Scene
from bot.render.text import measure, recording
from bot.render.widgets import rich_line
from bot.render.wrap import Part, fits, wrap, wrap_parts

SIZE = 25


def test_a_caption_that_fits_is_one_line() -> None:
    assert wrap("gin · game #17, hand 4", SIZE, 1000) == ["gin · game #17, hand 4"]


def test_clauses_go_on_lines_of_their_own_before_words_are_split() -> None:
    caption = "big gin · game #12345, hand 14"
    width = measure("game #12345, hand 14", SIZE) + 1
    assert wrap(caption, SIZE, width) == ["big gin", "game #12345, hand 14"]
    # A clause wider than a line: the caption breaks at spaces instead.
    narrow = measure("game #12345,", SIZE) + 1
    lines = wrap(caption, SIZE, narrow)
    assert " ".join(lines) == caption
    assert all(measure(line, SIZE) <= narrow for line in lines)


def test_a_name_is_never_broken() -> None:
    name = "ﻲﻠﻋ ﺪﻤﺤﻣ"  # a right-to-left name, already in visual order
    caption = f"victoires de {name} – les tiennes"
    width = measure(f"victoires de {name}", SIZE) - 5
    broken = wrap(caption, SIZE, width)
    assert not any(name in line for line in broken)  # without protection
    kept = wrap(caption, SIZE, width, whole=(name,))
    assert sum(name in line for line in kept) == 1
    assert " ".join(kept) == caption


def _drawn_whole(parts: list[Part], width: float) -> bool:
    """Whether rich_line draws every part, none cut or dropped, in ``width``."""
    want = [p if isinstance(p, str) else RANK_NAMES[p % 13] for p in parts]
    with recording() as drawn:
        rich_line(Scene(2000, 60), (0, 40), parts, SIZE, four_color=False, max_x=width)
    return [d.value for d in drawn] == want


def test_fits_says_exactly_what_rich_line_draws_whole() -> None:
    card = parse_card("10H")
    parts: list[Part] = ["Ana drew ", card, " from the stock"]
    full = measure("Ana drew ", SIZE) + measure(" from the stock", SIZE) + 3 * SIZE
    answers = set()
    for width in range(200, round(full) + 60, 3):
        answers.add(fits(parts, SIZE, width))
        assert fits(parts, SIZE, width) == _drawn_whole(parts, width), width
    assert answers == {True, False}


def test_lines_of_words_and_cards_fit_and_keep_every_part() -> None:
    card, other = parse_card("3D"), parse_card("QS")
    parts: list[Part] = ["Zoë Ærø knocked with ", card, "; محمد علي laid off ", other, "."]
    width = 330
    lines = wrap_parts(parts, SIZE, width, whole=("محمد علي",))
    assert len(lines) > 1
    for line in lines:
        assert fits(line, SIZE, width) and _drawn_whole(line, width)
    flat = [p for line in lines for p in line]
    assert [p for p in flat if not isinstance(p, str)] == [card, other]
    words = " ".join(p for p in flat if isinstance(p, str))
    assert words.split() == " ".join(p for p in parts if isinstance(p, str)).split()
    # A card stays with the sign it touches; the name stays on one line.
    assert any(line[-2:] == [other, "."] for line in lines)
    assert sum("محمد علي" in p for line in lines for p in line if isinstance(p, str)) == 1
