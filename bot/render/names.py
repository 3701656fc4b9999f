"""Making any player-supplied text safe to draw: names and tournament titles.

Player names can hold anything (any script, emoji, zero-width joiners,
hundreds of combining marks, right-to-left letters).  :func:`clean_text`
keeps every character some font of the chain draws (:mod:`.fonts`), and
:func:`display_name` shortens a name to a width and puts it in visual order
(:mod:`.bidi`), so a name is drawn as written, can never push the layout
around, and never raises.  Only a character that no font here has becomes
:data:`.fonts.REPLACEMENT`.
"""

from __future__ import annotations

import unicodedata

from bot.i18n import Lang

from . import words
from .bidi import visual
from .fonts import ELLIPSIS, REPLACEMENT, Face, covered
from .text import measure

# Categories dropped outright: controls, format characters (ZWJ, bidi marks,
# variation selectors are Mn/Cf), surrogates, private use, unassigned, and
# combining marks (NFC already folded the common accents into their letters;
# what is left would stack outside the text box).
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me"})
#: Longest input looked at: Discord names are at most 32 characters, and
#: bounding the work keeps a hostile string from costing time.
MAX_INPUT = 200
# Emoji skin-tone modifiers (category Sk): emoji are drawn in one colour, so
# a tone would only show as a separate swatch.
_EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)


def clean_text(text: str, face: Face = Face.BOLD) -> str:
    """``text`` reduced to what the fonts can draw on one line (logical order).

    NFC-normalises, drops invisible and combining characters, turns any
    whitespace into one space and every character no font has into
    :data:`REPLACEMENT` (a run of them into one).  Never raises.
    """
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", str(text)[:MAX_INPUT]):
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if unicodedata.category(ch) in _DROP_CATEGORIES or ord(ch) in _EMOJI_MODIFIERS:
            continue
        if not covered(ch, face):
            if out and out[-1] == REPLACEMENT:
                continue
            ch = REPLACEMENT
        out.append(ch)
    return "".join(out).strip()


def fit_visual(text: str, size: int, max_width: float, face: Face = Face.BOLD) -> str:
    """``text`` (logical order) cut at its logical end with an ellipsis so
    that its visual form fits ``max_width``; returns the visual form."""
    shown = visual(text)
    if measure(shown, size, face) <= max_width:
        return shown
    if measure(ELLIPSIS, size, face) > max_width:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(visual(text[:mid].rstrip() + ELLIPSIS), size, face) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return visual(text[:lo].rstrip() + ELLIPSIS)


def display_name(
    name: str, seat: int, size: int, max_width: float, face: Face = Face.BOLD, *, lang: Lang
) -> str:
    """A player's name, drawable, in visual order, at most ``max_width`` wide.

    A name with nothing visible left (empty, only invisible characters, or
    only characters no font has) becomes "Player 1" / "Player 2" (in the
    image's language ``lang``), which at least tells the two players apart.
    """
    cleaned = clean_text(name, face)
    if not any(ch not in (REPLACEMENT, " ") for ch in cleaned):
        cleaned = words.player_fallback(lang, seat + 1)
    return fit_visual(cleaned, size, max_width, face)


def display_text(text: str, face: Face = Face.BOLD) -> str:
    """Free text from players (a tournament's title) cleaned and in visual
    order, not yet fitted (the caller fits it to its place)."""
    return visual(clean_text(text, face))
