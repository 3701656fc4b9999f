"""Suit symbols drawn as vector shapes.

Why not font glyphs: whether ♠♥♦♣ exist, and how they look, depends on the
font; shapes we draw ourselves look the same everywhere and scale cleanly.
Each symbol is drawn 4x oversized and shrunk, which antialiases the edges, and
cached per (suit, size) so it is drawn once per process.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

_SUPERSAMPLE = 4
Point = tuple[float, float]


def _heart_outline(steps: int = 96) -> list[Point]:
    """The classic heart curve, scaled into the unit square, point down."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    x0 = (min(xs) + max(xs)) / 2
    y0 = (min(ys) + max(ys)) / 2
    return [(0.5 + (x - x0) / span, 0.5 + (y - y0) / span) for x, y in pts]


_HEART = _heart_outline()


def _quad(p0: Point, c: Point, p1: Point, steps: int = 12) -> list[Point]:
    out = []
    for i in range(steps):
        t = i / steps
        a = (1 - t) ** 2
        b = 2 * (1 - t) * t
        d = t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _diamond_outline() -> list[Point]:
    """A lozenge with slightly hollow sides, like printed cards."""
    top, right, bottom, left = (0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)
    pull = 0.07
    return (
        _quad(top, (0.69 - pull, 0.25 + pull), right)
        + _quad(right, (0.69 - pull, 0.75 - pull), bottom)
        + _quad(bottom, (0.31 + pull, 0.75 - pull), left)
        + _quad(left, (0.31 + pull, 0.25 + pull), top)
    )


_DIAMOND = _diamond_outline()


def _stem(top_y: float) -> list[Point]:
    """A flared stem under a spade or a club."""
    return [
        (0.47, top_y),
        (0.53, top_y),
        *_quad((0.55, top_y + 0.05), (0.58, 0.92), (0.72, 1.0), 6),
        (0.72, 1.0),
        (0.28, 1.0),
        *_quad((0.28, 1.0), (0.42, 0.92), (0.45, top_y + 0.05), 6)[1:],
    ]


def _draw_unit(draw: ImageDraw.ImageDraw, suit: int, s: float) -> None:
    """Draw suit ``suit`` (0 spades .. 3 clubs) filling an ``s``-pixel square."""

    def scaled(points: list[Point]) -> list[Point]:
        return [(x * s, y * s) for x, y in points]

    def disc(cx: float, cy: float, r: float) -> None:
        draw.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=255)

    if suit == 1:  # hearts
        draw.polygon(scaled(_HEART), fill=255)
    elif suit == 2:  # diamonds
        draw.polygon(scaled(_DIAMOND), fill=255)
    elif suit == 0:  # spades: a heart upside down, squeezed up, plus a stem
        body = [(x * 0.96 + 0.02, (1 - y) * 0.8) for x, y in _HEART]
        draw.polygon(scaled(body), fill=255)
        draw.polygon(scaled(_stem(0.6)), fill=255)
    else:  # clubs: three leaves and a stem
        r = 0.215
        disc(0.5, 0.24, r)
        disc(0.265, 0.58, r)
        disc(0.735, 0.58, r)
        disc(0.5, 0.5, 0.12)
        draw.polygon(scaled(_stem(0.55)), fill=255)


@lru_cache(maxsize=256)
def suit_mask(suit: int, size: int) -> Image.Image:
    """An ``L`` mask, ``size`` x ``size``, of the suit symbol (255 = ink)."""
    big = size * _SUPERSAMPLE
    img = Image.new("L", (big, big), 0)
    _draw_unit(ImageDraw.Draw(img), suit, big)
    return img.resize((size, size), Image.Resampling.LANCZOS)
