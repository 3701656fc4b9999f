"""Measuring, fitting and rasterising text in any script, each cached; and a
recorder of every text an image draws (tests check sizes and fonts with it).

Why: rasterising a string with FreeType costs more than everything else in
drawing it, and almost every string repeats from turn to turn (names,
"Stock · 21", "Deadwood 7").  A string is rasterised once into an ``L`` mask
that :class:`.scene.Scene` pastes in a colour (a memory copy) at whole-pixel
positions, so a cached mask is reused exactly.  Each cache is an LRU of at
most 2,048 entries (a mask is a few KB: ~10 MB at most).

A string the UI face draws alone (every word of ours, most names) takes
Pillow's own path.  Any other string is drawn run by run, each run in the
font of the chain that has its characters (:func:`.fonts.runs`), on the UI
face's baseline, with the UI face's metrics deciding the anchor, so a name in
Hangul or with an emoji sits on the same line as the words around it.

**Text height**, the unit of the readability rule: the font size in pixels
(the em size FreeType is asked for), the same whichever font of the chain
draws a run.  An image shown ``width`` pixels wide on a phone is scaled by
``PREVIEW_WIDTH / width``; every text must stay :data:`MIN_PREVIEW_PX` or
more after that (:func:`legible_size` is the smallest size that does).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import emoji
from .fonts import (
    ELLIPSIS,
    EMOJI,
    FREETYPE_LOCK,
    REPLACEMENT,
    Face,
    Source,
    font,
    primary,
    runs,
    single_font,
    source_font,
)

#: The width Discord shows an image at on a phone (its preview size).
PREVIEW_WIDTH = 400
#: The smallest text height, in pixels at :data:`PREVIEW_WIDTH`.
MIN_PREVIEW_PX = 11


def legible_size(image_width: int) -> int:
    """The smallest font size readable in an image ``image_width`` wide."""
    return math.ceil(MIN_PREVIEW_PX * image_width / PREVIEW_WIDTH)


@lru_cache(maxsize=2048)
def measure(value: str, size: int, face: Face = Face.BOLD) -> float:
    """Advance width of ``value`` in pixels."""
    if single_font(value, face):
        with FREETYPE_LOCK:
            return font(size, face).getlength(value)
    return sum(_run_advance(run, src, size, face) for run, src in runs(value, face))


def _run_advance(run: str, src: Source | None, size: int, face: Face) -> float:
    if src == EMOJI:
        return sum(emoji.glyph(ch, size).advance for ch in run)
    with FREETYPE_LOCK:
        if src is None:
            return font(size, face).getlength(REPLACEMENT * len(run))
        return source_font(src, size).getlength(run)


@lru_cache(maxsize=2048)
def fit(value: str, size: int, max_width: int, face: Face = Face.BOLD) -> str:
    """``value`` shortened with an ellipsis to ``max_width`` pixels, by
    measured width (a binary search over prefixes: names may be long)."""
    if measure(value, size, face) <= max_width:
        return value
    if measure(ELLIPSIS, size, face) > max_width:
        return ""
    lo, hi = 0, len(value)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(value[:mid].rstrip() + ELLIPSIS, size, face) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return value[:lo].rstrip() + ELLIPSIS


@lru_cache(maxsize=2048)
def text_mask(value: str, size: int, face: Face, anchor: str) -> tuple[Image.Image, int, int]:
    """The string rasterised once: an ``L`` mask and its offset from the anchor."""
    if not single_font(value, face):
        return _mixed_mask(value, size, face, anchor)
    with FREETYPE_LOCK:
        fnt = font(size, face)
        box = fnt.getbbox(value, anchor=anchor)
        left, top = math.floor(box[0]), math.floor(box[1])
        right, bottom = math.ceil(box[2]), math.ceil(box[3])
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), value, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


def _mixed_mask(value: str, size: int, face: Face, anchor: str) -> tuple[Image.Image, int, int]:
    """A string of several fonts: each run placed on a common baseline from
    the pen position, then the whole anchored the way Pillow anchors a
    single font (horizontal: left, middle or right of the advance; vertical:
    the UI face's ascender, middle, baseline or descender, or the ink's top
    or bottom)."""
    pieces: list[tuple[float, str, Source | None]] = []
    boxes: list[tuple[float, float, float, float]] = []
    pen = 0.0
    with FREETYPE_LOCK:
        for run, src in runs(value, face):
            if src == EMOJI:
                for ch in run:
                    g = emoji.glyph(ch, size)
                    pieces.append((pen, ch, src))
                    x0, y0 = pen + g.left, g.top
                    boxes.append((x0, y0, x0 + g.mask.width, y0 + g.mask.height))
                    pen += g.advance
                continue
            fnt = source_font(src, size) if src is not None else font(size, face)
            shown = run if src is not None else REPLACEMENT * len(run)
            b = fnt.getbbox(shown, anchor="ls")
            boxes.append((pen + b[0], b[1], pen + b[2], b[3]))
            pieces.append((pen, shown, src))
            pen += fnt.getlength(shown)
        ascent, descent = font(size, face).getmetrics()
    ink_top = min((b[1] for b in boxes), default=0.0)
    ink_bottom = max((b[3] for b in boxes), default=0.0)
    ax = {"l": 0.0, "m": pen / 2, "r": pen}[anchor[0]]
    ay = {
        "a": -ascent,
        "m": -(ascent - descent) / 2,
        "s": 0.0,
        "d": float(descent),
        "t": ink_top,
        "b": ink_bottom,
    }[anchor[1]]
    left = math.floor(min((b[0] for b in boxes), default=0.0) - ax)
    top = math.floor(ink_top - ay)
    right = math.ceil(max((b[2] for b in boxes), default=1.0) - ax)
    bottom = math.ceil(ink_bottom - ay)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    draw = ImageDraw.Draw(mask)
    # The baseline-left origin inside the mask.
    ox, oy = -ax - left, -ay - top
    with FREETYPE_LOCK:
        for x, shown, src in pieces:
            if src == EMOJI:
                g = emoji.glyph(shown, size)
                px, py = round(ox + x) + g.left, round(oy) + g.top
                mask.paste(255, (px, py, px + g.mask.width, py + g.mask.height), g.mask)
                continue
            fnt = source_font(src, size) if src is not None else font(size, face)
            draw.text((round(ox + x), round(oy)), shown, font=fnt, fill=255, anchor="ls")
    return mask, left, top


# --- the recorder ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text an image drew: what, how big, in which image width, and
    which font drew each run (a card's corner index is recorded too, with
    the size its rank is drawn at)."""

    value: str
    size: int
    image_width: int
    runs: tuple[tuple[str, str], ...]  # (run, font file name)

    @property
    def preview_px(self) -> float:
        """The text's height when the image is shown :data:`PREVIEW_WIDTH` wide."""
        return self.size * PREVIEW_WIDTH / self.image_width


_recorders: list[list[Drawn]] = []
_recorders_lock = threading.Lock()


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn (in this process) while the block runs."""
    got: list[Drawn] = []
    with _recorders_lock:
        _recorders.append(got)
    try:
        yield got
    finally:
        with _recorders_lock:
            _recorders.remove(got)


def record(value: str, size: int, face: Face, image_width: int) -> None:
    """Note a drawn text for the active recorders (nothing when none)."""
    if not _recorders:
        return
    parts = tuple(
        (run, "" if src is None else src.name)
        for run, src in (
            ((value, primary(face)),) if single_font(value, face) else runs(value, face)
        )
    )
    entry = Drawn(value, size, image_width, parts)
    with _recorders_lock:
        for rec in _recorders:
            rec.append(entry)
