"""An image recorded as a list of drawing operations, rasterised and encoded
band by band so that what did not change since an earlier image is neither
drawn nor compressed again.

Why: from one move to the next most of an image stays the same (the felt,
the header, a player's panel, a row of cards that did not move), yet drawing,
palette-mapping and deflating every pixel was nearly all of a render's cost.
So the image modules do not draw: they *record* small hashable operations
("card 7 at (120, 158), 112 wide", "text 'Stock · 21' at …") on a
:class:`Scene`.  The image is cut into horizontal bands of :data:`BAND` rows;
a band's key is the image size, its rows and every operation that reaches
into it, in drawing order, which determines its pixels exactly.  Each band
is encoded once into its own piece of the PNG's zlib stream (see
:mod:`.png`), kept in a bounded LRU (:mod:`.bands`), and an image is the
concatenation of its bands' pieces: only the bands whose key is new are
drawn (merged into runs of neighbours), mapped to the palette and deflated.

Exactness: an operation's pixels do not depend on where the band starts.
Coordinates are turned into integers here, the way Pillow itself would
(``rounded_rectangle`` rounds, ``rectangle``/``ellipse``/``line`` truncate),
so a band is the same operations shifted by a whole number of rows, which
Pillow draws identically (tests/render/test_cache.py compares every banded
PNG of several interleaved games with the image drawn whole).  A key holds
the operations themselves, except that a card stands for the pixels it shows
in the band (a 128-bit BLAKE2b digest of them, see :func:`_visible`), so a
key can only match the same pixels: a cached band never shows one player
another's cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from bot.engine.cards import RANK_NAMES

from . import bands, theme
from .canvas import felt
from .cards import Box, card_geometry, part_digest, paste_card, rank_size
from .fonts import Face
from .palette import palette_core
from .png import Segment, encode_segment, png_bytes
from .suits import suit_mask
from .text import fit, measure, record, text_mask

#: Rows per band.  Smaller bands are reused more often (a changed line of
#: text costs fewer rows) but each costs fixed work (a compressor, a run of
#: drawing calls); 16 and 32 measured alike and 8 or 64 worse, so 32: half
#: the keys and cache entries of 16 for the same picture.
BAND = 32

Ink = theme.RGB | None
#: One recorded operation: its kind first, then everything that decides its
#: pixels (all plain, hashable values).
Op = tuple[Any, ...]

_CARD = "card"
_PART = "part"  # only in band keys: what a card shows in a band
_TEXT = "text"
_SUIT = "suit"
_RRECT = "rrect"
_RECT = "rect"
_ELLIPSE = "ellipse"
_LINE = "line"


class Scene:
    """The drawing operations of one image of ``width`` x ``height`` pixels
    on the felt table (see :mod:`.canvas`), and their rendering."""

    __slots__ = ("_ops", "height", "width")

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        #: The operations in drawing order, with the rows they reach.
        self._ops: list[_Entry] = []

    # --- recording -----------------------------------------------------------------

    def _add(self, top: int, bottom: int, op: Op) -> None:
        self._ops.append(_Entry(top, bottom, op, None))

    def card(
        self,
        card: int | None,
        x: int,
        y: int,
        width: int,
        *,
        four_color: bool = False,
        mark: theme.RGB | None = None,
    ) -> None:
        """A card face (the back for ``None``) with its top-left at ``(x, y)``,
        with its shadow, optionally outlined in ``mark`` (see :mod:`.cards`)."""
        x, y = int(x), int(y)
        four_color = four_color if card is not None else False
        if card is not None:
            record(RANK_NAMES[card % 13], rank_size(width), Face.CONDENSED, self.width)
        ink, core = card_geometry(card, width, four_color, mark)
        self._ops.append(
            _Entry(
                y + ink[1],
                y + ink[3],
                (_CARD, card, x, y, width, four_color, mark),
                _Geometry(
                    (x + ink[0], y + ink[1], x + ink[2], y + ink[3]),
                    None if core is None else (x + core[0], y + core[1], x + core[2], y + core[3]),
                ),
            )
        )

    def text(
        self,
        xy: tuple[float, float],
        value: str,
        size: int,
        fill: theme.RGB = theme.TEXT,
        *,
        anchor: str = "la",
        face: Face = Face.BOLD,
        max_width: float | None = None,
    ) -> float:
        """Draw ``value`` at ``xy`` (Pillow anchor semantics, rounded to whole
        pixels so a cached mask is reused exactly); shortened with an ellipsis
        to ``max_width`` when given.  Returns the drawn advance width."""
        if max_width is not None:
            value = fit(value, size, int(max_width), face)
        if not value:
            return 0.0
        record(value, size, face, self.width)
        mask, left, top = text_mask(value, size, face, anchor)
        x = round(xy[0]) + left
        y = round(xy[1]) + top
        self._add(y, y + mask.height, (_TEXT, value, size, face, anchor, fill, x, y))
        return measure(value, size, face)

    def suit(self, suit: int, x: int, y: int, size: int, color: theme.RGB) -> None:
        """A suit symbol ``size`` pixels square with its top-left at ``(x, y)``."""
        x, y = int(x), int(y)
        self._add(y, y + size, (_SUIT, suit, x, y, size, color))

    def rounded_rectangle(
        self,
        box: Sequence[float],
        radius: float,
        *,
        fill: Ink = None,
        outline: Ink = None,
        width: int = 1,
    ) -> None:
        """:meth:`PIL.ImageDraw.ImageDraw.rounded_rectangle` (same pixels)."""
        x0, y0, x1, y1 = box
        # Pillow sizes the corners from the unrounded box, then rounds it.
        d = min(x1 - x0, y1 - y0, radius * 2)
        rb = (round(x0), round(y0), round(x1), round(y1))
        self._add(rb[1], rb[3] + 1, (_RRECT, rb, d / 2, fill, outline, width))

    def rectangle(
        self, box: Sequence[float], *, fill: Ink = None, outline: Ink = None, width: int = 1
    ) -> None:
        """:meth:`PIL.ImageDraw.ImageDraw.rectangle` (same pixels)."""
        ib = _truncated(box)
        self._add(ib[1], ib[3] + 1, (_RECT, ib, fill, outline, width))

    def ellipse(self, box: Sequence[float], *, fill: Ink = None) -> None:
        """:meth:`PIL.ImageDraw.ImageDraw.ellipse` (same pixels)."""
        ib = _truncated(box)
        self._add(ib[1], ib[3] + 1, (_ELLIPSE, ib, fill))

    def line(self, xy: Sequence[float], *, fill: theme.RGB, width: int = 1) -> None:
        """:meth:`PIL.ImageDraw.ImageDraw.line` between two points."""
        ib = _truncated(xy)
        self._add(
            min(ib[1], ib[3]) - width,
            max(ib[1], ib[3]) + width + 1,
            (_LINE, ib, fill, width),
        )

    # --- output --------------------------------------------------------------------

    def image(self) -> Image.Image:
        """The whole image, drawn at once (RGB; tests inspect its colours)."""
        return self._raster((0, 0, self.width, self.height), [e.op for e in self._ops])

    def png(self) -> bytes:
        """The PNG: cached bands reused, the others drawn and encoded."""
        w, h = self.width, self.height
        keys = self._band_keys()
        found = bands.get_many(keys)
        missing = [i for i, seg in enumerate(found) if seg is None]
        if missing:
            fresh = self._encode_bands(missing)
            for i, seg in zip(missing, fresh, strict=True):
                found[i] = seg
            bands.put_many([keys[i] for i in missing], fresh)
        return png_bytes(w, h, [seg for seg in found if seg is not None])

    def _band_keys(self) -> list[Op]:
        """Each band's key: the image size, its first row and the operations
        reaching into it, in order (a card stands for the pixels it shows
        there, see :func:`_visible`)."""
        w, h = self.width, self.height
        count = -(-h // BAND)
        per_band: list[list[_Entry]] = [[] for _ in range(count)]
        for entry in self._ops:
            for i in range(max(0, entry.top // BAND), min(count, -(-entry.bottom // BAND))):
                per_band[i].append(entry)
        keys: list[Op] = []
        for i, entries in enumerate(per_band):
            y0, y1 = i * BAND, min(h, (i + 1) * BAND)
            shown: list[Op] = []
            cores: list[Box] = []  # opaque cores of the cards drawn later
            for entry in reversed(entries):
                geometry = entry.card
                if geometry is None:
                    shown.append(entry.op)
                    continue
                part = _visible(entry.op, geometry.ink, cores, y0, y1)
                if geometry.core is not None:
                    cores.append(geometry.core)
                if part is not None:
                    shown.append(part)
            shown.reverse()
            keys.append((w, h, y0, tuple(shown)))
        return keys

    def _encode_bands(self, indices: list[int]) -> list[Segment]:
        """Draw the bands at ``indices`` (neighbours together, as one run),
        map them to the palette and deflate each band on its own."""
        out: list[Segment] = []
        w, h = self.width, self.height
        row = w + 1  # a PNG row: filter byte 0, then the palette indices
        for first, last in _runs(indices):
            y0, y1 = first * BAND, min(h, (last + 1) * BAND)
            ops = [e.op for e in self._ops if e.top < y1 and e.bottom > y0]
            indexed = palette_core(self._raster((0, y0, w, y1), ops))
            # Pasted one column right of a zero column, the rows come out
            # of tobytes() already framed with their filter byte.
            rows = Image.new("L", (row, y1 - y0), 0)
            rows.im.paste(indexed, (1, 0, row, y1 - y0))
            raw = rows.tobytes()
            for y in range(y0, y1, BAND):
                out.append(encode_segment(raw[(y - y0) * row : (min(y1, y + BAND) - y0) * row]))
        return out

    def _raster(self, box: tuple[int, int, int, int], ops: list[Op]) -> Image.Image:
        """The part ``box`` of the image: the felt, then ``ops`` in order,
        shifted by the box's corner."""
        x0, y0 = box[0], box[1]
        img = felt(self.width, self.height).crop(box)
        img.load()
        draw = ImageDraw.Draw(img)
        for op in ops:
            _draw(img, draw, op, x0, y0)
        return img


class _Entry(NamedTuple):
    """A recorded operation and the rows it may change."""

    top: int
    bottom: int
    op: Op
    card: _Geometry | None  # where a card is, for :func:`_visible`


class _Geometry(NamedTuple):
    """Where a card op draws, in image coordinates (see :func:`.card_geometry`)."""

    ink: Box  # every pixel it may change
    core: Box | None  # the pixels it makes fully opaque


def _visible(op: Op, ink: Box, cores: list[Box], y0: int, y1: int) -> Op | None:
    """A card op as a band key holds it: the pixels it shows in rows
    ``y0..y1`` (a digest of that part of its tile, and where), or ``None``
    if it shows nothing there.

    Why not the card itself: below the corner index the rows of a face look
    the same for every card, and in a fan or the discard pile a card shows
    only the strip left of the next one (which also hides its centre pip);
    keyed by what shows, such a band is reused whichever card lies there.
    Exact: every operation changes pixels one by one, so a card's effect on
    the band is its tile's pixels there, and a later card's opaque core
    replaces whatever lay under it.
    """
    top, bottom = max(y0, ink[1]), min(y1, ink[3])
    if top >= bottom:
        return None
    left, right = ink[0], ink[2]
    for core in cores:  # a later card hiding all of this one right of its edge
        if core[1] <= top and core[3] >= bottom and core[2] >= ink[2] and core[0] < right:
            right = core[0]
    if right <= left:
        return None
    _, number, x, y, width, four_color, mark = op
    box = (left - x, top - y, right - x, bottom - y)
    return (_PART, x, y, box, part_digest(number, width, four_color, mark, box))


def _draw(img: Image.Image, draw: ImageDraw.ImageDraw, op: Op, dx: int, dy: int) -> None:
    kind = op[0]
    if kind == _CARD:
        _, card, x, y, width, four_color, mark = op
        paste_card(img, card, x - dx, y - dy, width, four_color=four_color, mark=mark)
    elif kind == _TEXT:
        _, value, size, face, anchor, fill, x, y = op
        mask = text_mask(value, size, face, anchor)[0]
        x, y = x - dx, y - dy
        img.im.paste(fill, (x, y, x + mask.width, y + mask.height), mask.im)
    elif kind == _SUIT:
        _, suit, x, y, size, color = op
        x, y = x - dx, y - dy
        img.im.paste(color, (x, y, x + size, y + size), suit_mask(suit, size).im)
    elif kind == _RRECT:
        _, (x0, y0, x1, y1), radius, fill, outline, width = op
        box = (x0 - dx, y0 - dy, x1 - dx, y1 - dy)
        draw.rounded_rectangle(
            box,
            radius,
            fill=fill,
            outline=outline,
            width=width,
            corners=_corners_in(box, radius * 2, width, img.height),
        )
    elif kind == _RECT:
        _, (x0, y0, x1, y1), fill, outline, width = op
        draw.rectangle(
            (x0 - dx, y0 - dy, x1 - dx, y1 - dy), fill=fill, outline=outline, width=width
        )
    elif kind == _ELLIPSE:
        _, (x0, y0, x1, y1), fill = op
        draw.ellipse((x0 - dx, y0 - dy, x1 - dx, y1 - dy), fill=fill)
    elif kind == _LINE:
        _, (x0, y0, x1, y1), fill, width = op
        draw.line((x0 - dx, y0 - dy, x1 - dx, y1 - dy), fill=fill, width=width)
    else:  # pragma: no cover - every kind is recorded above
        raise ValueError(f"unknown drawing operation {kind!r}")


def _corners_in(
    box: tuple[int, int, int, int], d: float, width: int, rows: int
) -> tuple[bool, bool, bool, bool] | None:
    """Which corners of a rounded rectangle reach rows ``0..rows`` of a band
    (``None``: all of them, Pillow's own drawing).

    Drawing a corner costs more than the rest of the shape, and a tall panel
    crosses many bands whose rows hold none of its corners.  Pillow draws a
    corner that is turned off as a square: different pixels, but only in
    the corner's own rows (``d`` tall, the outline ``width`` at most), so
    leaving out the corners whose rows miss the band changes nothing in it.
    Shapes that Pillow draws as one ellipse or stadium are left alone.
    """
    x0, y0, x1, y1 = box
    if d >= x1 - x0 - 1 or d >= y1 - y0 - 1 or width - 1 > d:
        return None
    top = y0 <= rows - 1 and y0 + d >= 0
    bottom = y1 - d <= rows - 1 and y1 >= 0
    if top and bottom:
        return None
    return (top, top, bottom, bottom)


def _truncated(box: Sequence[float]) -> tuple[int, ...]:
    """Coordinates as Pillow's C drawing code takes them (cast to int)."""
    return tuple(int(v) for v in box)


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Sorted band indices grouped into (first, last) runs of neighbours."""
    runs: list[tuple[int, int]] = []
    for i in indices:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs
