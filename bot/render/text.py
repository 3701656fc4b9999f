"""Measuring, fitting and rasterising text, each cached.

Why: rasterising a string with FreeType costs more than everything else in
drawing it, and almost every string repeats from turn to turn (names,
"Stock · 21", "Deadwood 7").  A string is rasterised once into an ``L`` mask
that :class:`.scene.Scene` pastes in a colour (a memory copy) at whole-pixel
positions, so a cached mask is reused exactly.  Each cache is an LRU of at
most 2,048 entries (a mask is a few KB: ~10 MB at most).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .fonts import FREETYPE_LOCK, Face, fit_text, font


@lru_cache(maxsize=2048)
def measure(value: str, size: int, face: Face = Face.BOLD) -> float:
    """Advance width of ``value`` in pixels."""
    with FREETYPE_LOCK:
        return font(size, face).getlength(value)


@lru_cache(maxsize=2048)
def fit(value: str, size: int, max_width: int, face: Face = Face.BOLD) -> str:
    """``value`` shortened with an ellipsis to ``max_width`` pixels."""
    return fit_text(value, font(size, face), max_width)


@lru_cache(maxsize=2048)
def text_mask(value: str, size: int, face: Face, anchor: str) -> tuple[Image.Image, int, int]:
    """The string rasterised once: an ``L`` mask and its offset from the anchor."""
    with FREETYPE_LOCK:
        fnt = font(size, face)
        box = fnt.getbbox(value, anchor=anchor)
        left, top = math.floor(box[0]), math.floor(box[1])
        right, bottom = math.ceil(box[2]), math.ceil(box[3])
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), value, font=fnt, fill=255, anchor=anchor)
    return mask, left, top
