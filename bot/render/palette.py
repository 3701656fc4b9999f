"""A fixed 256-colour palette built from the theme, and the conversion to it.

Why: deflating the PNG is most of a render's cost, and it scales with the raw
bytes; a palette image has a third of the bytes of an RGB one (and skips
Pillow's slow per-row filter search), which roughly halves render time and
file size.  An adaptive palette would need a quantiser pass per image (slower
than the encode it saves); ours is fixed because we know every colour we draw
and every pair we blend (text on felt, suits on card faces, shadows), so the
palette holds each theme colour exactly plus ramps between those pairs, and
antialiased edges stay smooth.

If you draw with a new colour, add it (and what it is drawn over) to
:data:`BLENDS`; ``tests/test_render.py`` checks the quantisation error.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

from . import theme

RGB = theme.RGB
_BLACK: RGB = (0, 0, 0)
_SHADOW_ALPHA = 0.4  # darkest shadow cast by a card tile (see cards._with_shadow)
_MIN_DIST2 = 12**2  # squared distance kept between palette entries

_BACKGROUNDS = (theme.FELT, theme.FELT_DARK, theme.PANEL, theme.PANEL_ACTIVE)
_PILLS = (theme.GOLD, theme.GOOD, theme.WARN, theme.LAYOFF, theme.TEXT)
_SUITS = (theme.BLACK_SUIT, theme.RED_SUIT, theme.BLUE_SUIT, theme.GREEN_SUIT)

#: (foreground, background, intermediate steps): what is drawn over what.
BLENDS: tuple[tuple[RGB, RGB, int], ...] = (
    # Text, cards and marks on the felt and its panels.
    (theme.TEXT, theme.FELT, 8),
    (theme.TEXT_DIM, theme.FELT, 5),
    (theme.GOLD, theme.FELT, 6),
    (theme.GOOD, theme.FELT, 4),
    (theme.WARN, theme.FELT, 4),
    (theme.LAYOFF, theme.FELT, 4),
    (theme.CARD_FACE, theme.FELT, 5),
    (theme.CARD_BORDER, theme.FELT, 3),
    (theme.FELT_DARK, theme.FELT, 2),
    (theme.FELT_EDGE, theme.FELT, 2),
    *((fg, bg, 4) for bg in _BACKGROUNDS[1:] for fg in (theme.TEXT, theme.GOLD)),
    *((fg, bg, 3) for bg in _BACKGROUNDS[1:] for fg in (theme.TEXT_DIM, theme.CARD_FACE)),
    (theme.WARN, theme.PANEL, 3),
    (theme.LAYOFF, theme.FELT_DARK, 3),
    (theme.WARN, theme.FELT_DARK, 3),
    # Suits and marks on card faces.
    *((suit, theme.CARD_FACE, 8) for suit in _SUITS),
    *((suit, theme.COURT_TINT, 3) for suit in _SUITS),
    (theme.CARD_BORDER, theme.CARD_FACE, 3),
    (theme.COURT_TINT, theme.CARD_FACE, 1),
    *((mark, theme.CARD_FACE, 3) for mark in (theme.GOLD, theme.WARN, theme.LAYOFF)),
    (theme.DARK_TEXT, theme.CARD_FACE, 4),
    # Dark text on pills; pills on panels.
    *((theme.DARK_TEXT, p, 5) for p in _PILLS),
    # The card back.
    (theme.BACK_LINE, theme.BACK_MAIN, 3),
    (theme.BACK_BORDER, theme.BACK_MAIN, 3),
    (theme.CARD_BORDER, theme.BACK_BORDER, 2),
)

#: Surfaces that cards cast shadows on: a ramp from each to its darkest shade.
_SHADOWED = (*_BACKGROUNDS, theme.CARD_FACE, theme.FELT_EDGE)


def _mix(fg: RGB, bg: RGB, a: float) -> RGB:
    return (
        round(fg[0] * a + bg[0] * (1 - a)),
        round(fg[1] * a + bg[1] * (1 - a)),
        round(fg[2] * a + bg[2] * (1 - a)),
    )


def _far_from(color: RGB, chosen: dict[RGB, None]) -> bool:
    return all(
        (color[0] - c[0]) ** 2 + (color[1] - c[1]) ** 2 + (color[2] - c[2]) ** 2 >= _MIN_DIST2
        for c in chosen
    )


def palette_colors() -> list[RGB]:
    """The palette: theme colours first (exact), then shadows and blends.

    Entries are kept at least ``sqrt(_MIN_DIST2)`` apart: Pillow maps colours
    through a cache of 4-level cells, and that spacing guarantees that every
    entry (each flat theme colour above all) maps exactly to itself.
    """
    chosen: dict[RGB, None] = {}
    for name in dir(theme):
        value = getattr(theme, name)
        if name.isupper() and isinstance(value, tuple) and len(value) == 3:
            chosen[value] = None
    candidates: list[RGB] = []
    for surface in _SHADOWED:
        candidates += [_mix(_BLACK, surface, _SHADOW_ALPHA * i / 4) for i in range(1, 5)]
    for fg, bg, steps in BLENDS:
        candidates += [_mix(fg, bg, i / (steps + 1)) for i in range(1, steps + 1)]
    for color in candidates:
        if color not in chosen and _far_from(color, chosen):
            chosen[color] = None
    colors = list(chosen)
    if len(colors) > 256:
        raise ValueError(f"palette has {len(colors)} colours; at most 256 fit")
    return colors


@lru_cache(maxsize=1)
def _palette_image() -> Image.Image:
    colors = palette_colors()
    colors += [colors[-1]] * (256 - len(colors))
    img = Image.new("P", (1, 1))
    img.putpalette([v for c in colors for v in c])
    return img


@lru_cache(maxsize=1)
def palette_bytes() -> bytes:
    """The palette as a PNG ``PLTE`` chunk holds it (256 RGB triples)."""
    return bytes(_palette_image().getpalette() or ())


def palette_core(img: Image.Image) -> ImagingCore:
    """:func:`to_palette` without the Python image around the result (the
    band encoder only crops and pastes it, many times an image)."""
    pal = _palette_image()
    img.load()
    pal.load()
    core: ImagingCore = img.im.convert("P", 0, pal.im)
    return core


def to_palette(img: Image.Image) -> Image.Image:
    """Map an RGB image to the fixed palette (nearest colour, no dithering:
    dithering would speckle the flat felt and cost more time)."""
    return img.quantize(palette=_palette_image(), dither=Image.Dither.NONE)
