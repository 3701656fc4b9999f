"""Fonts and names (``bot.render.fonts``, ``bot.render.names``): the fallback
chain draws every script, names always fit, the shipped faces and licences."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import Lang
from bot.render.fonts import (
    ARABIC,
    CJK,
    EMOJI,
    FONT_DIR,
    REPLACEMENT,
    Face,
    font,
    primary,
    runs,
    source_for,
)
from bot.render.names import clean_text, display_name
from bot.render.text import measure
from tests.helpers.glyphs import draws


def test_clean_text_keeps_every_drawable_script() -> None:
    assert clean_text("Zoë") == "Zoë"
    assert clean_text("e\u0301") == "é"  # NFC folds the combining accent
    assert clean_text("a\u200db") == "ab"
    assert clean_text("山田") == "山田"
    assert clean_text("김민수") == "김민수"
    assert clean_text("Ana 🌸") == "Ana 🌸"
    assert clean_text("👍🏽") == "👍"  # the skin tone is dropped (drawn in one colour)
    assert clean_text("  a \n\t b  ") == "a b"
    # Only a character no font has is replaced, a run of them by one mark.
    assert clean_text("a\U00030000\U00030001b") == f"a{REPLACEMENT}b"


def test_each_script_goes_to_a_font_that_has_it() -> None:
    ui = primary(Face.BOLD)
    cases = {"A": ui, "Ω": ui, "Ж": ui, "ש": ui, "م": ARABIC, "김": CJK, "さ": CJK, "山": CJK}
    cases["🌸"] = EMOJI
    for ch, source in cases.items():
        assert source_for(ch) == source, ch
        assert draws(ch, source.name), ch
    assert [src for _, src in runs("Ana 🌸 김")] == [ui, EMOJI, ui, CJK]


def test_display_name_fallbacks() -> None:
    assert display_name("", 0, 24, 300, lang=Lang.EN) == "Player 1"
    assert display_name("\u200b\u200d", 1, 24, 300, lang=Lang.EN) == "Player 2"
    assert display_name("🎲🎲", 1, 24, 300, lang=Lang.EN) == "🎲🎲"
    assert display_name("山田 Taro", 0, 24, 300, lang=Lang.EN) == "山田 Taro"
    assert display_name("W" * 100, 0, 24, 120, lang=Lang.EN).endswith("…")
    # Cut by measured width: wide Han characters fit fewer than narrow letters.
    han = display_name("山" * 40, 0, 24, 200, lang=Lang.EN)
    latin = display_name("i" * 40, 0, 24, 200, lang=Lang.EN)
    assert han.endswith("…") and len(han) < len(latin)
    assert measure(han, 24) <= 200


def test_right_to_left_names_are_shaped_and_reordered() -> None:
    # Hebrew: letters reversed for a left-to-right drawer.
    assert display_name("דוד כהן", 0, 24, 300, lang=Lang.EN) == "ןהכ דוד"
    # Arabic: joined presentation forms (initial, medial, final), reversed;
    # the Latin word after an Arabic one stands to its left.
    shown = display_name("محمد", 0, 24, 300, lang=Lang.EN)
    assert shown == "\ufeaa\ufee4\ufea4\ufee3"
    assert display_name("سارا abc", 0, 24, 300, lang=Lang.EN).startswith("abc ")
    # Cut at the logical end: the ellipsis ends up on the left.
    assert display_name("محمد" * 20, 0, 24, 120, lang=Lang.EN).startswith("…")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80), st.integers(min_value=10, max_value=400))
def test_display_name_always_fits(name: str, width: int) -> None:
    shown = display_name(name, 0, 22, width, lang=Lang.EN)
    assert measure(shown, 22) <= width
    assert all(src is not None for _, src in runs(shown))


def test_fonts_are_shipped_with_licences() -> None:
    assert (FONT_DIR / "LICENSE").read_text().count("Bitstream") > 3
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_DIR / "OFL.txt").read_text()
    for face in Face:
        assert (FONT_DIR / face.value).exists()
        path = font(20, face).path
        assert isinstance(path, str) and Path(path).parent == FONT_DIR
    for source in (ARABIC, CJK, EMOJI):
        assert source.path.parent == FONT_DIR and source.path.stat().st_size > 10_000
