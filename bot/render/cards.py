"""Card faces, the card back and highlight rings, drawn once and cached.

Why cached RGBA tiles: every image is mostly cards, and drawing a face (text,
vector suits, 3x supersampling for smooth edges) costs a few milliseconds,
while pasting a finished tile costs microseconds.  Each tile carries its own
soft shadow in a transparent margin of :func:`pad` pixels, so callers paste at
``(x - pad, y - pad)`` and get card plus shadow in one operation.

All geometry is written for a 112-pixel-wide card and scaled by ``k``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFilter

from bot.engine.cards import RANK_NAMES

from . import theme
from .fonts import FREETYPE_LOCK, Face, font
from .suits import suit_mask

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

BASE_WIDTH = 112
_SS = 3  # supersampling factor for faces


def card_height(width: int) -> int:
    """Cards keep the usual 5:7 poker proportion."""
    return round(width * 1.4)


def pad(width: int) -> int:
    """Transparent margin around a tile, room for the shadow and rings."""
    return max(3, round(width * 0.07))


def rank_size(width: int) -> int:
    """The font size, in pixels of the finished tile, of a card's corner index."""
    return round(44 * width / BASE_WIDTH)


def index_width(width: int) -> int:
    """How much of a covered card must show for its corner index to read."""
    return round(width * 0.47)


def _rounded_alpha(w: int, h: int, radius: int) -> Image.Image:
    m = Image.new("L", (w, h), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
    return m


def _draw_rank(
    draw: ImageDraw.ImageDraw, rank: int, x: float, y: float, size: int, color: theme.RGB
) -> float:
    """Draw a rank index with its left edge at ``x``; returns its centre x.

    "10" is drawn with its digits pulled together so it is no wider than the
    other indices and still fits the visible strip of a covered card.
    """
    fnt = font(size, Face.CONDENSED)
    text = RANK_NAMES[rank]
    if text == "10":
        one_box = fnt.getbbox("1")
        zero_box = fnt.getbbox("0")
        x1 = x - one_box[0] - size * 0.1
        draw.text((x1, y), "1", font=fnt, fill=color)
        x0 = x1 + one_box[2] - size * 0.17
        draw.text((x0, y), "0", font=fnt, fill=color)
        left = x1 + one_box[0]
        right = x0 + zero_box[2]
        return (left + right) / 2
    box = fnt.getbbox(text)
    draw.text((x - box[0], y), text, font=fnt, fill=color)
    return x + (box[2] - box[0]) / 2


@lru_cache(maxsize=512)
def card_face(card: int, width: int, four_color: bool = False) -> Image.Image:
    """The RGBA tile of ``card`` (engine int) at ``width`` pixels, with shadow."""
    rank, suit = card % 13, card // 13
    color = theme.suit_color(suit, four_color)
    w, h = width, card_height(width)
    k = width / BASE_WIDTH
    s = _SS
    big = Image.new("RGB", (w * s, h * s), theme.CARD_FACE)
    draw = ImageDraw.Draw(big)
    border = max(1, round(2 * k * s))
    radius = round(10 * k * s)
    draw.rounded_rectangle(
        (0, 0, w * s - 1, h * s - 1),
        radius,
        fill=theme.CARD_FACE,
        outline=theme.CARD_BORDER,
        width=border,
    )
    court = rank >= 10
    frame_left = 46 * k * s
    if court:  # a tinted, framed panel right of the index tells courts apart at a glance
        frame = (
            round(frame_left),
            round(10 * k * s),
            w * s - round(9 * k * s),
            h * s - round(9 * k * s),
        )
        draw.rectangle(frame, fill=theme.COURT_TINT, outline=color, width=max(1, round(2 * k * s)))
    # Corner index: big rank, suit under it, both inside the covered-card strip.
    rank_size = round(44 * k * s)
    with FREETYPE_LOCK:
        centre_x = _draw_rank(draw, rank, 6 * k * s, 2 * k * s, rank_size, color)
    small = round(30 * k * s)
    big.paste(color, _box(centre_x - small / 2, 54 * k * s, small), suit_mask(suit, small))
    # Centre pip, lower right so it never meets the corner index.
    pip = round((44 if court else 54) * k * s)
    cx = (w * s + frame_left) / 2 if court else w * s * 0.62
    cy = h * s * (0.5 if court else 0.64)
    big.paste(color, _box(cx - pip / 2, cy - pip / 2, pip), suit_mask(suit, pip))
    face = big.resize((w, h), Image.Resampling.LANCZOS)
    return _with_shadow(face, _rounded_alpha(w, h, round(10 * k)), width)


def _box(x: float, y: float, size: int) -> tuple[int, int, int, int]:
    xi, yi = round(x), round(y)
    return (xi, yi, xi + size, yi + size)


def _with_shadow(face: Image.Image, alpha: Image.Image, width: int) -> Image.Image:
    """Put ``face`` (RGB, shaped by ``alpha``) on a transparent tile with a
    soft drop shadow."""
    p = pad(width)
    w, h = face.size
    tile = Image.new("RGBA", (w + 2 * p, h + 2 * p), (0, 0, 0, 0))
    shadow_alpha = Image.new("L", tile.size, 0)
    off = max(1, round(width * 0.025))
    shadow_alpha.paste(alpha.point(lambda v: v * 100 // 255), (p + off, p + 2 * off))
    shadow_alpha = shadow_alpha.filter(ImageFilter.GaussianBlur(max(1, width * 0.02)))
    tile.putalpha(shadow_alpha)
    rgba_face = face.convert("RGBA")
    rgba_face.putalpha(alpha)
    tile.alpha_composite(rgba_face, (p, p))
    return tile


@lru_cache(maxsize=16)
def card_back(width: int) -> Image.Image:
    """The RGBA tile of the card back: a white border and a red lattice."""
    w, h = width, card_height(width)
    k = width / BASE_WIDTH
    s = _SS
    big = Image.new("RGB", (w * s, h * s), theme.BACK_BORDER)
    draw = ImageDraw.Draw(big)
    radius = round(10 * k * s)
    draw.rounded_rectangle(
        (0, 0, w * s - 1, h * s - 1),
        radius,
        fill=theme.BACK_BORDER,
        outline=theme.CARD_BORDER,
        width=max(1, round(2 * k * s)),
    )
    inset = round(7 * k * s)
    inner = (inset, inset, w * s - inset - 1, h * s - inset - 1)
    draw.rounded_rectangle(inner, round(6 * k * s), fill=theme.BACK_MAIN)
    step = max(4, round(14 * k * s))
    line = max(1, round(2.2 * k * s))
    lattice = Image.new("L", big.size, 0)
    ldraw = ImageDraw.Draw(lattice)
    for d in range(-h * s, w * s + h * s, step):
        ldraw.line((d, 0, d + h * s, h * s), fill=255, width=line)
        ldraw.line((d, h * s, d + h * s, 0), fill=255, width=line)
    clip = Image.new("L", big.size, 0)
    ImageDraw.Draw(clip).rounded_rectangle(
        (inset + line * 2, inset + line * 2, w * s - inset - line * 2, h * s - inset - line * 2),
        round(4 * k * s),
        fill=255,
    )
    lattice.paste(0, (0, 0), Image.eval(clip, lambda v: 255 - v))
    big.paste(theme.BACK_LINE, (0, 0), lattice)
    draw.rounded_rectangle(inner, round(6 * k * s), outline=theme.BACK_LINE, width=line)
    face = big.resize((w, h), Image.Resampling.LANCZOS)
    return _with_shadow(face, _rounded_alpha(w, h, round(10 * k)), width)


@lru_cache(maxsize=64)
def ring(width: int, color: theme.RGB) -> Image.Image:
    """An RGBA outline hugging a card of ``width``, tile-sized like a face, to
    mark a card (drawn, suggested discard, laid off)."""
    p = pad(width)
    w, h = width, card_height(width)
    s = _SS
    k = width / BASE_WIDTH
    big = Image.new("L", ((w + 2 * p) * s, (h + 2 * p) * s), 0)
    grow = round(2.5 * k * s)
    thick = max(2, round(5 * k * s))
    ImageDraw.Draw(big).rounded_rectangle(
        (p * s - grow, p * s - grow, (p + w) * s + grow - 1, (p + h) * s + grow - 1),
        round(12 * k * s),
        outline=255,
        width=thick,
    )
    alpha = big.resize((w + 2 * p, h + 2 * p), Image.Resampling.LANCZOS)
    tile = Image.new("RGBA", alpha.size, (*color, 0))
    tile.putalpha(alpha)
    return tile


@dataclass(frozen=True)
class _TilePlan:
    """A tile split for fast pasting: an opaque core copied as plain RGB (no
    blending) and the edge strips that still need alpha, fully transparent
    parts dropped.  Pasting the plan gives exactly the pixels of pasting the
    whole tile with its alpha (alpha 255 copies, alpha 0 keeps).

    Each piece is kept with its box relative to the tile, ready for Pillow's
    core paste: a card image is a few dozen pastes, and the checks of
    ``Image.paste`` (mode, load, copy-on-write) cost more than small pastes.
    """

    #: (core image, (left, top, right, bottom)) or None.
    core: tuple[ImagingCore, tuple[int, int, int, int]] | None
    #: (RGBA strip, box): pasted with its own alpha as the mask.
    strips: tuple[tuple[ImagingCore, tuple[int, int, int, int]], ...]


def _uniform(alpha: Image.Image, box: tuple[int, int, int, int], value: int) -> bool:
    return alpha.crop(box).getextrema() == (value, value)


def _core_box(alpha: Image.Image, value: int) -> tuple[int, int, int, int] | None:
    """A large rectangle around the centre where alpha is ``value`` throughout:
    the widest centre-row run grown up and down, or the tallest centre-column
    run grown left and right, whichever covers more."""
    w, h = alpha.size
    cx, cy = w // 2, h // 2
    if alpha.getpixel((cx, cy)) != value:
        return None
    best: tuple[int, int, int, int] | None = None
    for horizontal in (True, False):
        lo, hi = (cx, cx + 1) if horizontal else (cy, cy + 1)
        limit = w if horizontal else h

        def strip(
            a: int, b: int, at: int, horizontal: bool = horizontal
        ) -> tuple[int, int, int, int]:
            return (a, at, b, at + 1) if horizontal else (at, a, at + 1, b)

        centre = cy if horizontal else cx
        while lo > 0 and _uniform(alpha, strip(lo - 1, lo, centre), value):
            lo -= 1
        while hi < limit and _uniform(alpha, strip(hi, hi + 1, centre), value):
            hi += 1
        a, b = centre, centre + 1
        other = h if horizontal else w
        while a > 0 and _uniform(alpha, strip(lo, hi, a - 1), value):
            a -= 1
        while b < other and _uniform(alpha, strip(lo, hi, b), value):
            b += 1
        box = (lo, a, hi, b) if horizontal else (a, lo, b, hi)
        area = (box[2] - box[0]) * (box[3] - box[1])
        if best is None or area > (best[2] - best[0]) * (best[3] - best[1]):
            best = box
    return best


def _plan(tile: Image.Image) -> _TilePlan:
    alpha = tile.getchannel("A")
    w, h = tile.size
    core: tuple[ImagingCore, tuple[int, int, int, int]] | None = None
    box = _core_box(alpha, 255)
    if box is not None:
        core = (tile.crop(box).convert("RGB").im, box)
    else:
        box = _core_box(alpha, 0)  # a ring: nothing to paste inside
    if box is None:
        box = (0, 0, 0, 0)
    x0, y0, x1, y1 = box
    strips = []
    for part in ((0, 0, w, y0), (0, y1, w, h), (0, y0, x0, y1), (x1, y0, w, y1)):
        if part[0] >= part[2] or part[1] >= part[3]:
            continue
        inner = alpha.crop(part).getbbox()
        if inner is None:
            continue
        piece = (part[0] + inner[0], part[1] + inner[1], part[0] + inner[2], part[1] + inner[3])
        strips.append((tile.crop(piece).im, piece))
    return _TilePlan(core, tuple(strips))


@lru_cache(maxsize=512)
def _face_plan(card: int, width: int, four_color: bool) -> _TilePlan:
    return _plan(card_face(card, width, four_color))


@lru_cache(maxsize=16)
def _back_plan(width: int) -> _TilePlan:
    return _plan(card_back(width))


@lru_cache(maxsize=64)
def _ring_plan(width: int, color: theme.RGB) -> _TilePlan:
    return _plan(ring(width, color))


def _paste_plan(canvas: Image.Image, plan: _TilePlan, x: int, y: int) -> None:
    """Paste ``plan`` with the tile's top-left at ``(x, y)`` (clipped to the
    canvas by Pillow, like ``Image.paste``)."""
    canvas.load()
    target = canvas.im
    if plan.core is not None:
        src, (left, top, right, bottom) = plan.core
        target.paste(src, (x + left, y + top, x + right, y + bottom))
    for src, (left, top, right, bottom) in plan.strips:
        target.paste(src, (x + left, y + top, x + right, y + bottom), src)


Box = tuple[int, int, int, int]


def _ink_box(plan: _TilePlan) -> Box:
    """The smallest box (tile coordinates) holding every piece of ``plan``."""
    boxes = [box for _, box in plan.strips]
    if plan.core is not None:
        boxes.append(plan.core[1])
    if not boxes:
        return (0, 0, 0, 0)
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


@lru_cache(maxsize=1024)
def card_geometry(
    card: int | None, width: int, four_color: bool, mark: theme.RGB | None
) -> tuple[Box, Box | None]:
    """(everything :func:`paste_card` may change, the part it makes fully
    opaque), as boxes relative to the card's top-left corner: what
    :mod:`.scene` needs to tell which cards hide which."""
    plan = _back_plan(width) if card is None else _face_plan(card, width, four_color)
    ink = _ink_box(plan)
    if mark is not None:
        ring_ink = _ink_box(_ring_plan(width, mark))
        ink = (
            min(ink[0], ring_ink[0]),
            min(ink[1], ring_ink[1]),
            max(ink[2], ring_ink[2]),
            max(ink[3], ring_ink[3]),
        )
    p = pad(width)
    ink = (ink[0] - p, ink[1] - p, ink[2] - p, ink[3] - p)
    core = None
    if plan.core is not None:
        c = plan.core[1]
        core = (c[0] - p, c[1] - p, c[2] - p, c[3] - p)
    return ink, core


@lru_cache(maxsize=8192)
def part_digest(
    card: int | None, width: int, four_color: bool, mark: theme.RGB | None, box: Box
) -> bytes:
    """A digest of what :func:`paste_card` draws inside ``box`` (relative to
    the card's top-left corner): two cards draw the same pixels there
    exactly when their digests match (BLAKE2b, 128 bits: no two different
    parts ever share one).  Cached: a few hundred bytes an entry."""
    p = pad(width)
    crop = (box[0] + p, box[1] + p, box[2] + p, box[3] + p)
    tile = card_back(width) if card is None else card_face(card, width, four_color)
    digest = hashlib.blake2b(tile.crop(crop).tobytes(), digest_size=16)
    if mark is not None:
        digest.update(ring(width, mark).crop(crop).tobytes())
    return digest.digest()


def paste_card(
    canvas: Image.Image,
    card: int | None,
    x: int,
    y: int,
    width: int,
    *,
    four_color: bool = False,
    mark: theme.RGB | None = None,
) -> None:
    """Paste a face (or the back, for ``None``) with its top-left at ``(x, y)``,
    optionally outlined in ``mark``."""
    plan = _back_plan(width) if card is None else _face_plan(card, width, four_color)
    p = pad(width)
    _paste_plan(canvas, plan, x - p, y - p)
    if mark is not None:
        _paste_plan(canvas, _ring_plan(width, mark), x - p, y - p)
