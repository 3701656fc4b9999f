"""Decoding and comparing rendered PNGs: the render tests' pixel checks."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from bot.render import theme

#: The most bytes any one image may take.
MAX_BYTES = 200_000


#: Golden tolerance.  Renders are deterministic for one Pillow build, so any
#: difference is either a real change or a different FreeType rasteriser
#: (which moves antialiasing by a few levels, not by 40).  One changed letter
#: of the smallest text we draw changes ~40 pixels by more than 40 levels,
#: see test_comparator_catches_one_character (tests/render/test_golden.py).
MEAN_LIMIT = 0.5
CHANGED_LIMIT = 10
CHANGED_LEVEL = 40


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def rgb(data: bytes) -> Image.Image:
    return decode(data).convert("RGB")


def diff_stats(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """(mean absolute difference over all channels, pixels where any channel
    differs by more than CHANGED_LEVEL)."""
    if a.size != b.size:
        return 255.0, a.width * a.height
    d = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mean = sum(ImageStat.Stat(d).mean) / 3
    r, g, bl = d.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), bl)
    changed = worst.point(lambda v: 255 if v > CHANGED_LEVEL else 0).histogram()[255]
    return mean, changed


def same_enough(a: Image.Image, b: Image.Image) -> bool:
    mean, changed = diff_stats(a, b)
    return mean < MEAN_LIMIT and changed < CHANGED_LIMIT


def count_near(
    img: Image.Image, color: theme.RGB, box: tuple[int, int, int, int] | None = None
) -> int:
    """Pixels within a few levels of ``color`` (in ``box`` if given)."""
    region = img.convert("RGB").crop(box) if box else img.convert("RGB")
    solid = Image.new("RGB", region.size, color)
    d = ImageChops.difference(region, solid)
    r, g, b = d.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return worst.point(lambda v: 255 if v <= 12 else 0).histogram()[255]
