"""Right-to-left names (``bot.render.bidi``): Arabic joined, runs reordered for a
left-to-right drawer, left-to-right text untouched."""

from __future__ import annotations

from bot.render.bidi import needs_bidi, shape_arabic, visual


def test_left_to_right_text_is_untouched() -> None:
    for text in ("Alice", "Zoë 42", "김민수 🌸", "(a) [b]"):
        assert not needs_bidi(text)
        assert visual(text) == text


def test_arabic_letters_take_their_joined_forms() -> None:
    # م ح م د: initial, medial, medial, final (dal joins only before it).
    assert shape_arabic("محمد") == "\ufee3\ufea4\ufee4\ufeaa"
    # A right-joining letter (alef) ends the word: the next letter starts anew.
    assert shape_arabic("سارا") == "\ufeb3\ufe8e\ufead\ufe8d"
    # Lam + alef is one ligature; alone, a letter is isolated.
    assert shape_arabic("لا") == "\ufefb"
    assert shape_arabic("ب") == "\ufe8f"
    # Persian letters use Presentation Forms-A.
    assert shape_arabic("پر") == "\ufb58\ufeae"


def test_runs_are_reordered() -> None:
    assert visual("דוד כהן") == "ןהכ דוד"
    # Numbers keep their left-to-right digits inside a right-to-left name.
    assert visual("דוד 123") == "123 דוד"
    # Base direction from the first strong letter: Latin after Hebrew goes left.
    assert visual("שלום abc") == "abc םולש"
    # In a left-to-right name, a Hebrew word is reversed in place.
    assert visual("abc שלום def") == "abc םולש def"
    # Brackets mirror inside a right-to-left run.
    assert visual("(דוד)") == "(דוד)"
    assert visual("דוד (כהן)") == "(ןהכ) דוד"
