"""Fonts and names (``bot.render.fonts``): missing glyphs replaced, names that
always fit, the shipped faces."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render.fonts import (
    FONT_DIR,
    REPLACEMENT,
    Face,
    clean_text,
    display_name,
    font,
    has_glyph,
)


def test_clean_text_replaces_missing_glyphs() -> None:
    assert clean_text("Zoë") == "Zoë"
    assert clean_text("e\u0301") == "é"  # NFC folds the combining accent
    assert clean_text("a\u200db") == "ab"
    assert clean_text("山") == REPLACEMENT
    assert clean_text("  a \n\t b  ") == "a b"
    assert has_glyph("A") and not has_glyph("山")


def test_display_name_fallbacks() -> None:
    fnt = font(24)
    assert display_name("", 0, fnt, 300) == "Player 1"
    assert display_name("🎲🎲", 1, fnt, 300) == "Player 2"
    assert display_name("山田 Taro", 0, fnt, 300) == "? Taro"
    assert display_name("W" * 100, 0, fnt, 120).endswith("…")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80), st.integers(min_value=10, max_value=400))
def test_display_name_always_fits(name: str, width: int) -> None:
    fnt = font(22)
    shown = display_name(name, 0, fnt, width)
    assert fnt.getlength(shown) <= width
    assert all(has_glyph(ch) for ch in shown)


def test_fonts_are_shipped_with_licence() -> None:
    assert (FONT_DIR / "LICENSE").read_text().count("Bitstream") > 3
    for face in Face:
        assert (FONT_DIR / face.value).exists()
        path = font(20, face).path
        assert isinstance(path, str) and Path(path).parent == FONT_DIR
