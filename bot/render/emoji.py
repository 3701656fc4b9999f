"""Emoji in names, drawn as a shaded mask in the colour of the text.

Why a mask and not colour: every image is a palette PNG of the theme's
colours (:mod:`.palette`), so a colour emoji would come out as the nearest
felt, gold or suit colour; and text is pasted as masks in one colour
(:mod:`.scene`).  So the colour bitmap of Noto Color Emoji is turned into
grey levels: its outline from the bitmap's alpha, its inner detail (eyes,
petals) from the brightness, so a face stays a face in gold or white.

The font has one bitmap size (109 pixels per em); each emoji is drawn at it
once and scaled down (cached per character and size).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .fonts import EMOJI, FREETYPE_LOCK, source_font

#: The emoji's height as a share of the font size: a little over the
#: letters' cap height, the way chat apps set emoji in a line of text.
HEIGHT_EM = 1.0
#: Darkest share of the text colour inside an emoji (dark outlines, eyes).
_FLOOR = 0.3


class Glyph:
    """One emoji scaled for a font size: its mask and where it sits."""

    __slots__ = ("advance", "left", "mask", "top")

    def __init__(self, mask: Image.Image, left: int, top: int, advance: float) -> None:
        self.mask = mask
        self.left = left  # from the pen position
        self.top = top  # from the baseline (negative: above it)
        self.advance = advance


@lru_cache(maxsize=1024)
def glyph(ch: str, size: int) -> Glyph:
    """``ch`` as a mask for text of ``size`` pixels."""
    strike = EMOJI.bitmap_size
    with FREETYPE_LOCK:
        fnt = source_font(EMOJI, strike)
        box = [round(v) for v in fnt.getbbox(ch, anchor="ls")]
        advance = fnt.getlength(ch)
        line = sum(fnt.getmetrics())  # ascent + descent: the height of an emoji
        w, h = max(1, box[2] - box[0]), max(1, box[3] - box[1])
        rgba = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        ImageDraw.Draw(rgba).text(
            (-box[0], -box[1]), ch, font=fnt, embedded_color=True, anchor="ls"
        )
    scale = size * HEIGHT_EM / line
    # Brightness lifted to at least _FLOOR, times the bitmap's coverage.
    grey = rgba.convert("L").point(lambda v: round(255 * _FLOOR + (1 - _FLOOR) * v))
    mask = Image.composite(grey, Image.new("L", rgba.size, 0), rgba.getchannel("A"))
    small = mask.resize(
        (max(1, round(w * scale)), max(1, round(h * scale))), Image.Resampling.LANCZOS
    )
    return Glyph(small, math.floor(box[0] * scale), math.floor(box[1] * scale), advance * scale)
