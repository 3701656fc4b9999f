"""Text drawing with cached glyph masks.

Why: rasterising a string with FreeType is the largest single cost of a
render after the PNG encode, and almost every string repeats from turn to turn
(names, "Stock · 21", "Deadwood 7").  A string is rasterised once into an
``L`` mask and then pasted in a colour, which is a memory copy.  Positions are
rounded to whole pixels so a cached mask is reused exactly.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from . import theme
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
def _mask(value: str, size: int, face: Face, anchor: str) -> tuple[Image.Image, int, int]:
    """The string rasterised once: an ``L`` mask and its offset from the anchor."""
    with FREETYPE_LOCK:
        fnt = font(size, face)
        box = fnt.getbbox(value, anchor=anchor)
        left, top = math.floor(box[0]), math.floor(box[1])
        right, bottom = math.ceil(box[2]), math.ceil(box[3])
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), value, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(
    img: Image.Image,
    xy: tuple[float, float],
    value: str,
    size: int,
    fill: theme.RGB = theme.TEXT,
    *,
    anchor: str = "la",
    face: Face = Face.BOLD,
    max_width: float | None = None,
) -> float:
    """Draw ``value`` at ``xy`` (Pillow anchor semantics); shortened to
    ``max_width`` when given.  Returns the drawn advance width."""
    if max_width is not None:
        value = fit(value, size, int(max_width), face)
    if not value:
        return 0.0
    mask, left, top = _mask(value, size, face, anchor)
    x = round(xy[0]) + left
    y = round(xy[1]) + top
    img.paste(fill, (x, y, x + mask.width, y + mask.height), mask)
    return measure(value, size, face)
