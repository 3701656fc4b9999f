"""The felt table every image is drawn on, and encoding a finished image.

Why an opaque felt green with a darker frame: Discord shows images on a
near-black or a white page; an opaque table reads well on both and never
depends on transparency.  The empty table is drawn once per size and cropped
(see :mod:`.scene`, which draws images band by band on it).
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from . import theme
from .palette import to_palette
from .png import COMPRESS_LEVEL

FRAME = 6  # darker edge around the table


@lru_cache(maxsize=16)
def felt(width: int, height: int) -> Image.Image:
    """The empty table of that size (shared: crop or copy it, never draw on it)."""
    img = Image.new("RGB", (width, height), theme.FELT_EDGE)
    ImageDraw.Draw(img).rounded_rectangle(
        (FRAME, FRAME, width - FRAME - 1, height - FRAME - 1), 14, fill=theme.FELT
    )
    return img


def encode_png(img: Image.Image) -> bytes:
    """Encode a whole RGB image as the renders are (fixed palette, see
    :mod:`.palette`; low zlib level; no optimize pass), with no caching:
    tests compare it with the image it came from."""
    buf = io.BytesIO()
    to_palette(img).save(buf, "PNG", compress_level=COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()
