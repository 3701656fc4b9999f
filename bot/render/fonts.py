"""The shipped fonts, and making any player-supplied text safe to draw with them.

Why shipped fonts only: an image must come out the same on every machine, so
nothing here ever asks the system for a font.  Why the BASIC layout engine:
Pillow picks libraqm when it happens to be installed, which shapes text
differently; forcing BASIC keeps output identical whether or not it is there.

Player names can hold anything (CJK, emoji, zero-width joiners, hundreds of
combining marks).  :func:`clean_text` turns them into characters the font
really has, and :func:`fit_text` shortens them to a width, so a name can never
push the layout around or raise.
"""

from __future__ import annotations

import threading
import unicodedata
from enum import Enum
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
ELLIPSIS = "…"
#: What a character the font cannot draw becomes.
REPLACEMENT = "?"

# A private-use code point no font we ship has: renders as the .notdef glyph.
_MISSING_PROBE = "\U0010fffd"
# Categories dropped outright: controls, format characters (ZWJ, bidi marks,
# variation selectors are Mn/Cf), surrogates, private use, unassigned, and
# combining marks (NFC already folded the common accents into their letters;
# what is left would stack outside the text box).
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me"})
#: Longest input looked at: Discord names are at most 32 characters, and
#: bounding the work keeps a hostile string from costing time.
MAX_INPUT = 200
# Emoji skin-tone modifiers are category Sk; they only make sense after an
# emoji we cannot draw anyway.
_EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)


#: FreeType faces must not be used by two threads at once (the bot renders in
#: worker threads; with the GIL this holds anyway, free-threaded Python needs
#: it).  Only cache misses take it, so it costs nothing in steady state.
FREETYPE_LOCK = threading.RLock()


class Face(Enum):
    """The two shipped faces: regular-width bold for UI text, condensed bold
    for card indices (so "10" fits a card corner) and long names."""

    BOLD = "DejaVuSans-Bold.ttf"
    CONDENSED = "DejaVuSansCondensed-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, face: Face = Face.BOLD) -> ImageFont.FreeTypeFont:
    """The shipped ``face`` at ``size`` pixels, cached (loading costs ~1 ms)."""
    with FREETYPE_LOCK:
        return ImageFont.truetype(
            str(FONT_DIR / face.value), size, layout_engine=ImageFont.Layout.BASIC
        )


@lru_cache(maxsize=8)
def _notdef_signature(face: Face) -> tuple[tuple[int, int], bytes]:
    with FREETYPE_LOCK:
        mask = font(48, face).getmask(_MISSING_PROBE)
        return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(ch: str, face: Face = Face.BOLD) -> bool:
    """Whether ``face`` draws ``ch`` with a real glyph rather than .notdef.

    Compares the rendered bitmap with the one for a code point the font
    certainly lacks; exact and cached per character.
    """
    if ch.isspace():
        return True
    with FREETYPE_LOCK:
        mask = font(48, face).getmask(ch)
        return (mask.size, bytes(mask)) != _notdef_signature(face)


def clean_text(text: str, face: Face = Face.BOLD) -> str:
    """``text`` reduced to what ``face`` can draw on one line.

    NFC-normalises, drops invisible and combining characters, turns any
    whitespace into one space and every character without a glyph into
    :data:`REPLACEMENT`.  Never raises.
    """
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", str(text)[:MAX_INPUT]):
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if unicodedata.category(ch) in _DROP_CATEGORIES or ord(ch) in _EMOJI_MODIFIERS:
            continue
        out.append(ch if has_glyph(ch, face) else REPLACEMENT)
    return "".join(out).strip()


def fit_text(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` unchanged if it fits ``max_width``, else cut and ended with an
    ellipsis so that it does (binary search: names may be very long)."""
    with FREETYPE_LOCK:
        return _fit_text(text, fnt, max_width)


def _fit_text(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    if fnt.getlength(text) <= max_width:
        return text
    if fnt.getlength(ELLIPSIS) > max_width:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def display_name(name: str, seat: int, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """A player's name, drawable and at most ``max_width`` wide.

    Runs of undrawable characters shrink to one :data:`REPLACEMENT`; a name
    with no drawable letter or digit left (an all-CJK or all-emoji name, or
    only invisible characters) becomes "Player 1" / "Player 2", which at least
    tells the two players apart.
    """
    cleaned = clean_text(name)
    collapsed: list[str] = []
    for ch in cleaned:
        if ch == REPLACEMENT and collapsed and collapsed[-1] == REPLACEMENT:
            continue
        collapsed.append(ch)
    cleaned = "".join(collapsed)
    if not any(ch.isalnum() for ch in cleaned):
        cleaned = f"Player {seat + 1}"
    return fit_text(cleaned, fnt, max_width)
