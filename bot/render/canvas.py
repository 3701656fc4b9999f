"""The felt table every image is drawn on, and the one PNG encode.

Why an opaque felt green with a darker frame: Discord shows images on a
near-black or a white page; an opaque table reads well on both and never
depends on transparency.  The empty table is drawn once per size and copied.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from . import theme
from .palette import to_palette

#: zlib level for the PNG: 1 is several times faster than the default and,
#: on flat felt, barely larger.
PNG_COMPRESS_LEVEL = 1
FRAME = 6  # darker edge around the table


@lru_cache(maxsize=16)
def _felt(width: int, height: int) -> Image.Image:
    img = Image.new("RGB", (width, height), theme.FELT_EDGE)
    ImageDraw.Draw(img).rounded_rectangle(
        (FRAME, FRAME, width - FRAME - 1, height - FRAME - 1), 14, fill=theme.FELT
    )
    return img


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A fresh felt table of the given size (copied from a cached one)."""
    img = _felt(width, height).copy()
    return img, ImageDraw.Draw(img)


def encode_png(img: Image.Image) -> bytes:
    """Encode once, fast: mapped to the fixed palette (see :mod:`.palette`),
    low zlib level, no optimize pass."""
    buf = io.BytesIO()
    to_palette(img).save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()
